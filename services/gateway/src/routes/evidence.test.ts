import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createPublicKey, verify as verifySignature } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type EvidenceKeyring, evidenceKeyring, generateEvidenceKey, sha256Hex, verifyEvidence } from '@lv/evidence'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { registerFactory } from '../../../checker/src/test-support/register-factory.ts'
import { createApp } from '../app.ts'
import { createAuthRuntime } from '../auth/runtime.ts'
import { seedRun } from '../evidence/test-support/runs.ts'
import { CheckResultModel } from '../models/check.ts'
import { StoredEvidenceModel } from '../models/evidence.ts'
import { type TestAccount, accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { testDeps } from '../test-support/gateway.ts'
import { callUntilKeyCached } from '../test-support/key-cache.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
const REGISTER_URL = 'https://www.gamblingcommission.gov.uk/register.csv'
const ENFORCEMENT_URL = 'https://www.gamblingcommission.gov.uk/enforcement'
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let keyring: EvidenceKeyring
let app: ReturnType<typeof createApp>
let owner: TestAccount
let other: TestAccount
let registerSha: string
let enforcementSha: string
let laterSha: string

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, READ_AT)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const active = await make.licence(acme, { license_number: '000-012345-R-123456-002' })
	await make.link(acme, 'acmebet.co.uk', active)
	const khCasino = await make.operator('kh-casino', 'KH Casino')
	await make.link(khCasino, 'khcasino.example', await make.licence(khCasino, { license_number: 'KH/IG/kh-casino', jurisdiction: 'KH' }))
	await make.finishAllRuns()
	await seedRun(db.sql, 'UKGC', new Date('2026-11-01T09:00:00Z'), 'succeeded', [
		{ publication: 'register', url: REGISTER_URL, bytes: 'acme,active', outcome: 'succeeded' }
	])
	;[registerSha, enforcementSha] = (await seedRun(db.sql, 'UKGC', new Date('2026-11-01T10:30:00Z'), 'succeeded', [
		{ publication: 'register', url: REGISTER_URL, bytes: 'acme,active', outcome: 'not_modified' },
		{ publication: 'enforcement', url: ENFORCEMENT_URL, bytes: '<html>no actions</html>', outcome: 'succeeded', contentType: 'text/html' }
	])) as [string, string]
	await seedRun(db.sql, 'UKGC', new Date('2026-11-01T10:45:00Z'), 'failed', [
		{ publication: 'register', url: REGISTER_URL, bytes: 'half a file', outcome: 'failed' }
	])
	;[laterSha] = (await seedRun(db.sql, 'UKGC', new Date('2026-11-01T11:30:00Z'), 'succeeded', [
		{ publication: 'register', url: REGISTER_URL, bytes: 'acme,revoked', outcome: 'succeeded' }
	])) as [string]
	bus = await connectBus({ servers: nats.url, name: 'evidence-route-test' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
	keyring = await evidenceKeyring(await generateEvidenceKey('2026-11'))
	app = createApp({ ...testDeps({ sql: db.sql, bus, clock }), evidence: keyring })
	;[owner, other] = await Promise.all([accountWithKey(db.sql, clock, 'enterprise'), accountWithKey(db.sql, clock, 'enterprise')])
})

afterAll(async () => {
	await checker.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

const call = (path: string, key: string | null, init: RequestInit = {}, on = app) =>
	on.handle(
		new Request(`http://localhost${path}`, {
			...init,
			headers: { ...(key ? bearer(key) : {}), 'content-type': 'application/json', ...(init.headers as Record<string, string>) }
		})
	)
const recordsOf = async (accountId: string) =>
	(await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evidence_records WHERE account_id = ${accountId}`)[0]?.n
const expectError = async (response: Response, status: number, code: string, reason: string) => {
	const body = await response.json()
	expect({ status: response.status, code: body.code, reason: body.details?.reason }).toEqual({ status, code, reason })
}

describe('GET /v1/check?evidence=true', () => {
	test('returns a signed record of the verdict, licence, domain link and the publications the answer rests on', async () => {
		const response = await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)
		expect(response.status).toBe(200)
		const body = await response.json()
		expect([...Value.Errors(CheckResultModel, body)].map((error) => `${error.path} ${error.message}`)).toEqual([])
		expect(body.evidence.url).toBe(`https://api.example.test/v1/evidence/${body.evidence.id}`)
		const jwks = await (await call('/.well-known/jwks.json', null)).json()
		const verified = await verifyEvidence(body.evidence.jws, jwks)
		if (!verified.ok) throw new Error(verified.reason)
		const { record } = verified
		expect(record).toMatchObject({
			id: body.evidence.id,
			kind: 'check',
			checked_at: clock.now().toISOString(),
			account_id: owner.accountId,
			checks: [
				{
					query: { domain: 'acmebet.co.uk' },
					verdict: 'licensed',
					verdict_detail: body.verdict_detail,
					licence: { license_number: '000-012345-R-123456-002', operator_slug: 'acme-gaming', jurisdiction: 'UKGC' },
					domain_link: { matched_domain: 'acmebet.co.uk', domain_status: 'active' }
				}
			]
		})
		// The latest successful run at or before the index's read (10:30): the failed 10:45 run and the 11:30 run are not it.
		expect(record.publications).toEqual([
			{
				jurisdiction: 'UKGC',
				publication: 'enforcement',
				source_url: ENFORCEMENT_URL,
				read_at: '2026-11-01T10:30:00.000Z',
				sha256: enforcementSha
			},
			{ jurisdiction: 'UKGC', publication: 'register', source_url: REGISTER_URL, read_at: '2026-11-01T10:30:00.000Z', sha256: registerSha }
		])
	})

	test('a check sent with as_of records the instant it resolved to and the status then', async () => {
		const body = await (await call('/v1/check?domain=acmebet.co.uk&as_of=2026-10-01&evidence=true', owner.key)).json()
		const verified = await verifyEvidence(body.evidence.jws, keyring.jwks)
		if (!verified.ok) throw new Error(verified.reason)
		expect(verified.record.checks[0]?.as_of).toEqual({
			resolved_at: body.as_of.resolved_at,
			basis: body.as_of.basis,
			status: body.as_of.status
		})
	})

	test('without evidence the answer has no evidence object and no record is written', async () => {
		const before = await recordsOf(owner.accountId)
		const body = await (await call('/v1/check?domain=acmebet.co.uk', owner.key)).json()
		expect(body.evidence).toBeUndefined()
		expect(await recordsOf(owner.accountId)).toBe(before)
	})

	test('a keyless call asking for evidence is 401 api_key_missing', async () => {
		await expectError(await call('/v1/check?domain=acmebet.co.uk&evidence=true', null), 401, 'auth_required', 'api_key_missing')
	})

	test('a call refused by its limits leaves no record, though its key was cached as likely admitted', async () => {
		await insertPlan(db.sql, { code: 'evidence-capped', monthly_quota: 1000, per_second_limit: 1000 })
		const capped = await accountWithKey(db.sql, clock, 'evidence-capped')
		const auth = createAuthRuntime(testDeps({ sql: db.sql, bus, clock }))
		const replica = createApp({ ...testDeps({ sql: db.sql, bus, clock }), evidence: keyring, auth })
		await callUntilKeyCached(auth.keys, capped.keyId, () => call('/v1/check?domain=acmebet.co.uk', capped.key, {}, replica))
		await db.sql`UPDATE limit_counters SET quota_count = 1000 WHERE subject = ${capped.accountId}`
		await expectError(
			await call('/v1/check?domain=acmebet.co.uk&evidence=true', capped.key, {}, replica),
			429,
			'quota_exceeded',
			'monthly_request_limit_reached'
		)
		expect(await recordsOf(capped.accountId)).toBe(0)
	})

	test('without a signing key evidence=true is 503 evidence_signing_unavailable', async () => {
		const unsigned = createApp(testDeps({ sql: db.sql, bus, clock }))
		await expectError(
			await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key, {}, unsigned),
			503,
			'service_unavailable',
			'evidence_signing_unavailable'
		)
	})
})

describe('POST /v1/check/batch?evidence=true', () => {
	test('signs one record over every checked row', async () => {
		const response = await call('/v1/check/batch?evidence=true', owner.key, {
			method: 'POST',
			body: JSON.stringify({ domains: ['acmebet.co.uk', 'unknown.example', 7] })
		})
		const body = await response.json()
		expect(response.status).toBe(200)
		const verified = await verifyEvidence(body.evidence.jws, keyring.jwks)
		if (!verified.ok) throw new Error(verified.reason)
		expect(verified.record.kind).toBe('check_batch')
		expect(verified.record.checks.map((check) => [check.query.domain, check.verdict])).toEqual([
			['acmebet.co.uk', 'licensed'],
			['unknown.example', body.results[1].verdict]
		])
		expect(verified.record.publications.map((publication) => publication.sha256)).toContain(registerSha)
	})
})

describe('GET /v1/evidence/{id}', () => {
	test('returns the record again to the account that made it, and to no other', async () => {
		const { evidence } = await (await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)).json()
		const response = await call(`/v1/evidence/${evidence.id}`, owner.key)
		const stored = await response.json()
		expect([...Value.Errors(StoredEvidenceModel, stored)].map((error) => error.path)).toEqual([])
		expect({ jws: stored.jws, id: stored.record.id, expires_at: stored.expires_at }).toEqual({
			jws: evidence.jws,
			id: evidence.id,
			expires_at: evidence.expires_at
		})
		expect(stored.expires_at).toBe('2031-10-31T12:00:00.000Z')
		await expectError(await call(`/v1/evidence/${evidence.id}`, other.key), 404, 'not_found', 'evidence_not_found')
	})

	test('{id}.pdf returns the record as a PDF report naming the verdict, the read and its hash', async () => {
		const { evidence } = await (await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)).json()
		const response = await call(`/v1/evidence/${evidence.id}.pdf`, owner.key)
		expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 200, type: 'application/pdf' })
		const file = `${await mkdtemp(join(tmpdir(), 'evidence-route-'))}/report.pdf`
		await Bun.write(file, await response.arrayBuffer())
		const text = (await new Response(Bun.spawn(['pdftotext', file, '-']).stdout).text()).replace(/\s+/g, ' ')
		for (const expected of ['Verdict: licensed', `SHA-256 ${registerSha}`, evidence.url]) expect(text).toContain(expected)
		await expectError(await call(`/v1/evidence/${evidence.id}.pdf`, other.key), 404, 'not_found', 'evidence_not_found')
	})

	test('an unknown or malformed id is 404 evidence_not_found', async () => {
		await expectError(await call('/v1/evidence/ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P', owner.key), 404, 'not_found', 'evidence_not_found')
		await expectError(await call('/v1/evidence/nonsense', owner.key), 404, 'not_found', 'evidence_not_found')
	})
})

describe('GET /v1/snapshots/{sha256}', () => {
	test('returns the bytes, content type and read time of a snapshot a record of the account names', async () => {
		await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)
		const response = await call(`/v1/snapshots/${enforcementSha}`, owner.key)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/html')
		expect(response.headers.get('x-snapshot-read-at')).toBe('2026-11-01T10:30:00.000Z')
		const bytes = new Uint8Array(await response.arrayBuffer())
		expect(await sha256Hex(bytes)).toBe(enforcementSha)
	})

	test('a hash no record of the account names is 404 snapshot_not_found, even when the bytes exist', async () => {
		await expectError(await call(`/v1/snapshots/${laterSha}`, owner.key), 404, 'not_found', 'snapshot_not_found')
		await expectError(await call(`/v1/snapshots/${registerSha}`, other.key), 404, 'not_found', 'snapshot_not_found')
		await expectError(await call('/v1/snapshots/not-a-hash', owner.key), 404, 'not_found', 'snapshot_not_found')
	})
})

describe('POST /v1/evidence/verify and key rotation', () => {
	const verify = (jws: string, on = app) => call('/v1/evidence/verify', null, { method: 'POST', body: JSON.stringify({ jws }) }, on)

	test('a record verifies, and still does after the signing key is rotated', async () => {
		const { evidence } = await (await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)).json()
		expect((await (await verify(evidence.jws)).json()).valid).toBe(true)
		const previous = keyring.jwks.keys[0] as object
		const rotated = createApp({
			...testDeps({ sql: db.sql, bus, clock }),
			evidence: await evidenceKeyring(await generateEvidenceKey('2027-01'), [previous])
		})
		const jwks = await (await call('/.well-known/jwks.json', null, {}, rotated)).json()
		expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual(['2027-01', '2026-11'])
		expect(await (await verify(evidence.jws, rotated)).json()).toMatchObject({ valid: true, kid: '2026-11' })
		expect((await (await call(`/v1/evidence/${evidence.id}`, owner.key, {}, rotated)).json()).jws).toBe(evidence.jws)
	})

	test("a record naming the service's reference says so inside the signed bytes, and verifies", async () => {
		const body = await (await call('/v1/check?domain=khcasino.example&evidence=true', owner.key)).json()
		expect(body.match).toMatchObject({ license_number: 'KH/IG/kh-casino', license_reference_is_ours: true })
		const verified = await (await verify(body.evidence.jws)).json()
		expect(verified).toMatchObject({ valid: true })
		expect(verified.record.checks[0].licence).toMatchObject({
			license_number: 'KH/IG/kh-casino',
			license_reference_is_ours: true,
			status_qualifier: body.match.status_qualifier,
			upstream_status: body.match.upstream_status,
			expires_at: body.match.expires_at
		})
	})

	test('node:crypto alone verifies a record with the published key; one changed byte of the payload does not', async () => {
		const { evidence } = await (await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)).json()
		const jwks = await (await call('/.well-known/jwks.json', null)).json()
		const [header = '', payload = '', signature = ''] = evidence.jws.split('.')
		const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString())
		expect(alg).toBe('EdDSA')
		const key = createPublicKey({ key: jwks.keys.find((jwk: { kid: string }) => jwk.kid === kid), format: 'jwk' })
		const checks = (signed: string) => verifySignature(null, Buffer.from(`${header}.${signed}`), key, Buffer.from(signature, 'base64url'))
		expect(checks(payload)).toBe(true)
		const text = Buffer.from(payload, 'base64url').toString()
		expect(checks(Buffer.from(text.replace('"licensed"', '"licenset"')).toString('base64url'))).toBe(false)
		// The payload is the record with keys sorted and no whitespace: a verifier can rebuild the exact bytes.
		const sortedKeys = (value: unknown): unknown =>
			Array.isArray(value)
				? value.map(sortedKeys)
				: value !== null && typeof value === 'object'
					? Object.fromEntries(
							Object.keys(value)
								.sort()
								.map((name) => [name, sortedKeys((value as Record<string, unknown>)[name])])
						)
					: value
		expect(JSON.stringify(sortedKeys(JSON.parse(text)))).toBe(text)
	})

	test('tampered, unknown-key and truncated records are 400 with their reason', async () => {
		const { evidence } = await (await call('/v1/check?domain=acmebet.co.uk&evidence=true', owner.key)).json()
		const [header, payload, signature] = evidence.jws.split('.')
		const record = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forged = Buffer.from(JSON.stringify({ ...record, checks: [{ ...record.checks[0], verdict: 'unlicensed' }] })).toString(
			'base64url'
		)
		await expectError(await verify(`${header}.${forged}.${signature}`), 400, 'invalid_query', 'evidence_signature_invalid')
		const otherKid = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'not-ours', typ: 'lv-evidence+jws' })).toString('base64url')
		await expectError(await verify(`${otherKid}.${payload}.${signature}`), 400, 'invalid_query', 'evidence_unknown_key')
		await expectError(await verify(`${header}.${payload}`), 400, 'invalid_query', 'evidence_malformed')
		await expectError(await verify('garbage'), 400, 'invalid_query', 'evidence_malformed')
	})
})
