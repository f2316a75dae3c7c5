import { describe, expect, test } from 'bun:test'
import { CompactSign } from 'jose'
import { canonicalJson } from './canonical-json.ts'
import { evidenceKeyring, generateEvidenceKey, parseJwks } from './keys.ts'
import { type EvidenceRecord, evidenceCheckOf, jurisdictionsOf } from './record.ts'
import { signEvidence } from './sign.ts'
import { sha256Hex, verifyEvidence } from './verify.ts'

const BYTES = new TextEncoder().encode('<register>acme</register>')
const SHA = await sha256Hex(BYTES)

const record = (overrides: Partial<EvidenceRecord> = {}): EvidenceRecord => ({
	version: 1,
	id: 'ev_01JTEST',
	kind: 'check',
	checked_at: '2026-11-01T12:00:00.000Z',
	account_id: '00000000-0000-4000-8000-000000000001',
	checks: [{ query: { domain: 'acmebet.co.uk' }, verdict: 'licensed', verdict_detail: 'Listed.', licence: null, domain_link: null }],
	checked_jurisdictions: ['GB'],
	publications: [
		{
			jurisdiction: 'GB',
			publication: 'register',
			source_url: 'https://example.test/r.csv',
			read_at: '2026-11-01T11:00:00.000Z',
			sha256: SHA
		}
	],
	...overrides
})

const base64url = (text: string) => Buffer.from(text).toString('base64url')

describe('canonicalJson', () => {
	test('sorts keys at every depth and writes no whitespace', () => {
		expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: true })).toBe('{"a":[{"c":"x","d":null}],"b":1,"e":true}')
	})
	test('refuses values JSON cannot carry instead of dropping them', () => {
		expect(() => canonicalJson([undefined])).toThrow()
		expect(() => canonicalJson({ a: Number.NaN })).toThrow()
	})
})

describe('signing and verifying', async () => {
	const current = await generateEvidenceKey('2026-11')
	const keyring = await evidenceKeyring(current)

	test('a signed record verifies against the JWKS and returns the record and kid', async () => {
		const jws = await signEvidence(keyring, record())
		const result = await verifyEvidence(jws, keyring.jwks, new Map([[SHA, BYTES]]))
		expect(result).toEqual({ ok: true, record: record(), kid: '2026-11' })
	})

	test('the JWKS publishes only public parts', () => {
		expect(keyring.jwks.keys.map((key) => Object.keys(key).sort())).toEqual([['alg', 'crv', 'kid', 'kty', 'use', 'x']])
	})

	test('a record signed before a rotation still verifies with the retired key published', async () => {
		const old = await signEvidence(keyring, record())
		const next = await evidenceKeyring(await generateEvidenceKey('2027-01'), [current])
		expect(next.jwks.keys.map((key) => key.kid)).toEqual(['2027-01', '2026-11'])
		expect((await verifyEvidence(old, next.jwks)).ok).toBe(true)
		expect(await verifyEvidence(old, (await evidenceKeyring(await generateEvidenceKey('2027-01'))).jwks)).toMatchObject({
			ok: false,
			reason: 'evidence_unknown_key'
		})
	})

	test('a retired key listed twice is published once, and records it signed still verify', async () => {
		const old = await signEvidence(keyring, record())
		const next = await evidenceKeyring(await generateEvidenceKey('2027-01'), [current, { ...current }])
		expect(next.jwks.keys.map((key) => key.kid)).toEqual(['2027-01', '2026-11'])
		expect(await verifyEvidence(old, next.jwks)).toMatchObject({ ok: true, kid: '2026-11' })
	})

	test('two different keys under one kid are refused at start, naming the kid and no key material', async () => {
		const impostor = await generateEvidenceKey('2026-11')
		await expect(evidenceKeyring(await generateEvidenceKey('2027-01'), [current, impostor])).rejects.toThrow(
			'two different evidence keys have kid 2026-11'
		)
		await expect(evidenceKeyring(impostor, [current])).rejects.toThrow('two different evidence keys have kid 2026-11')
		await expect(evidenceKeyring(impostor, [current])).rejects.not.toThrow(String(current.x))
	})

	test('a tampered payload fails the signature', async () => {
		const [header, , signature] = (await signEvidence(keyring, record())).split('.')
		const forged = base64url(canonicalJson(record({ checks: [{ ...record().checks[0]!, verdict: 'unlicensed' }] })))
		expect(await verifyEvidence(`${header}.${forged}.${signature}`, keyring.jwks)).toMatchObject({
			ok: false,
			reason: 'evidence_signature_invalid'
		})
	})

	test('a validly signed payload that is not the canonical form of one version-1 record is refused', async () => {
		const signed = (payload: string) =>
			new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: 'EdDSA', kid: '2026-11' }).sign(keyring.privateKey)
		const canonical = canonicalJson(record())
		for (const [payload, reason] of [
			[JSON.stringify(record(), null, 1), 'evidence_not_canonical'],
			[canonical.replace('{', '{"account_id":"someone else",'), 'evidence_not_canonical'],
			[canonicalJson({ ...record(), version: 2 }), 'evidence_unsupported_version'],
			['not json', 'evidence_malformed']
		] as const)
			expect([payload.slice(0, 30), await verifyEvidence(await signed(payload), keyring.jwks)]).toMatchObject([
				payload.slice(0, 30),
				{ ok: false, reason }
			])
	})

	test('a header naming a kid that is not published is an unknown key', async () => {
		const [, payload, signature] = (await signEvidence(keyring, record())).split('.')
		const header = base64url(JSON.stringify({ alg: 'EdDSA', kid: 'nope', typ: 'lv-evidence+jws' }))
		expect(await verifyEvidence(`${header}.${payload}.${signature}`, keyring.jwks)).toMatchObject({
			ok: false,
			reason: 'evidence_unknown_key'
		})
	})

	test('a truncated JWS is malformed', async () => {
		const jws = await signEvidence(keyring, record())
		expect(await verifyEvidence(jws.slice(0, jws.lastIndexOf('.')), keyring.jwks)).toMatchObject({
			ok: false,
			reason: 'evidence_malformed'
		})
		expect(await verifyEvidence(jws.slice(0, 20), keyring.jwks)).toMatchObject({ ok: false, reason: 'evidence_malformed' })
		expect(await verifyEvidence(jws.slice(0, -10), keyring.jwks)).toMatchObject({ ok: false })
	})

	test('snapshot bytes must hash to a SHA-256 the record names', async () => {
		const jws = await signEvidence(keyring, record())
		expect(await verifyEvidence(jws, keyring.jwks, new Map([[SHA, new TextEncoder().encode('altered')]]))).toMatchObject({
			ok: false,
			reason: 'snapshot_hash_mismatch'
		})
		expect(await verifyEvidence(jws, keyring.jwks, new Map([['0'.repeat(64), BYTES]]))).toMatchObject({
			ok: false,
			reason: 'snapshot_not_named'
		})
	})

	test('a key without kid or private part is refused without quoting it', async () => {
		const { kid: _kid, ...noKid } = current
		await expect(evidenceKeyring(noKid)).rejects.toThrow('with a kid')
		const { d: _d, ...publicOnly } = current
		await expect(evidenceKeyring(publicOnly)).rejects.toThrow('no private part')
		expect(() => parseJwks('{not json', 'EVIDENCE_SIGNING_KEY')).toThrow('EVIDENCE_SIGNING_KEY is not JSON')
		expect(parseJwks(JSON.stringify({ keys: [current] }), 'x')).toEqual([current])
	})
})

describe('the record view of an answer', () => {
	const answer = {
		query: { domain: 'acmebet.co.uk' },
		verdict: 'licensed',
		verdict_detail: 'Listed by the UKGC.',
		match: {
			operator: 'Acme',
			operator_slug: 'acme',
			jurisdiction: 'GB',
			license_id: 'l1',
			license_number: '1',
			matched_domain: 'acmebet.co.uk',
			domain_status: 'active',
			status: 'active'
		},
		checked_jurisdictions: ['GB', 'MT'],
		_meta: { register: { jurisdiction: 'GB' } }
	}
	test('keeps the query, verdict, detail, licence and domain link', () => {
		const check = evidenceCheckOf(answer)
		expect(check).toMatchObject({
			verdict: 'licensed',
			licence: { license_id: 'l1', jurisdiction: 'GB' },
			domain_link: { matched_domain: 'acmebet.co.uk', domain_status: 'active' }
		})
	})
	test("signs the licence facts a report quotes: the reference flag, qualifier, register's words and expiry", () => {
		const provisional = {
			...answer,
			match: {
				...answer.match,
				license_reference_is_ours: true,
				status_qualifier: 'provisional_under_assessment',
				upstream_status: 'Under assessment',
				expires_at: '2026-01-31'
			}
		}
		expect(evidenceCheckOf(provisional).licence).toMatchObject({
			license_reference_is_ours: true,
			status_qualifier: 'provisional_under_assessment',
			upstream_status: 'Under assessment',
			expires_at: '2026-01-31'
		})
		expect(evidenceCheckOf(answer).licence).toMatchObject({ license_reference_is_ours: false, status_qualifier: null, expires_at: null })
	})
	test('rests on the consulted registers and the matched one', () => {
		expect(jurisdictionsOf([answer], ['MT'])).toEqual(['GB', 'MT'])
	})
})
