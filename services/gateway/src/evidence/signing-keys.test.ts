import { describe, expect, test } from 'bun:test'
import { generateEvidenceKey } from '@lv/evidence'
import { loadEvidenceKeyring } from './signing-keys.ts'

const none = { EVIDENCE_SIGNING_KEY: '', EVIDENCE_SIGNING_KEY_FILE: '', EVIDENCE_PUBLIC_KEYS: '', EVIDENCE_PUBLIC_KEYS_FILE: '' }
const current = await generateEvidenceKey('2026-11')
const retired = await generateEvidenceKey('2026-05')
const { d: _private, ...retiredPublic } = retired

describe('loadEvidenceKeyring', () => {
	test('without a signing key there is no keyring (evidence=true answers 503)', async () => {
		expect(await loadEvidenceKeyring(none)).toBeNull()
	})

	test('reads the signing key from the environment and the retired public keys from a mounted file', async () => {
		const files: Record<string, string> = { '/run/secrets/evidence-retired.json': JSON.stringify({ keys: [retiredPublic] }) }
		const keyring = await loadEvidenceKeyring(
			{ ...none, EVIDENCE_SIGNING_KEY: JSON.stringify(current), EVIDENCE_PUBLIC_KEYS_FILE: '/run/secrets/evidence-retired.json' },
			async (path) => files[path] as string
		)
		expect(keyring?.jwks.keys.map((key) => key.kid)).toEqual(['2026-11', '2026-05'])
	})

	test('reads the signing key from a mounted file', async () => {
		const keyring = await loadEvidenceKeyring({ ...none, EVIDENCE_SIGNING_KEY_FILE: '/run/secrets/evidence.jwk' }, async () =>
			JSON.stringify(current)
		)
		expect(keyring?.kid).toBe('2026-11')
	})

	test('a key in both places, or more than one signing key, is refused without quoting the key', async () => {
		const both = loadEvidenceKeyring(
			{ ...none, EVIDENCE_SIGNING_KEY: JSON.stringify(current), EVIDENCE_SIGNING_KEY_FILE: '/x' },
			async () => ''
		)
		await expect(both).rejects.toThrow('not both')
		const error = await loadEvidenceKeyring({ ...none, EVIDENCE_SIGNING_KEY: JSON.stringify([current, retired]) }).catch(
			(caught: Error) => caught
		)
		expect(String(error)).toContain('exactly one JWK')
		expect(String(error)).not.toContain(current.d as string)
	})
})
