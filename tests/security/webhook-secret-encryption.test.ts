import { describe, expect, test } from 'bun:test'
import { createCipheriv, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { REPO_ROOT } from '@lv/testing'
import { decryptSecret, encryptSecret, generateSecret, secretKeyId, secretKeyring } from '@lv/webhooks'
import { activeSecretsOf } from '../../services/gateway/src/webhooks/endpoint-store.ts'
import { resolveWebhookSettings } from '../../services/gateway/src/webhooks/webhook-settings.ts'
import { insertAccount, insertEndpoint } from '../../services/notifier/src/test-support/fixtures.ts'
import { databasePerFile } from '@lv/testing/per-file'

const NOW = new Date('2026-11-05T12:00:00.000Z')
const OLD_KEY = randomBytes(32).toString('hex')
const NEW_KEY = randomBytes(32).toString('base64')
const ENDPOINT_A = crypto.randomUUID()
const ENDPOINT_B = crypto.randomUUID()

/** What secrets were stored as before key ids: `1 | iv | ciphertext | tag`, no associated data. */
function legacyCiphertext(plain: string, hexKey: string): Uint8Array {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', Buffer.from(hexKey, 'hex'), iv)
	const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return new Uint8Array(Buffer.concat([Buffer.of(1), iv, body, cipher.getAuthTag()]))
}

const env = databasePerFile()

describe('webhook secrets at rest', () => {
	test('a stored secret names its key and is bound to its endpoint: moved to another endpoint it no longer decrypts', () => {
		const secret = generateSecret()
		const stored = encryptSecret(secret, NEW_KEY, ENDPOINT_A)
		expect(Buffer.from(stored.subarray(2, 18)).toString('ascii')).toBe(secretKeyId(secretKeyring(NEW_KEY).current.key))
		expect(decryptSecret(stored, NEW_KEY, ENDPOINT_A)).toBe(secret)
		expect(() => decryptSecret(stored, NEW_KEY, ENDPOINT_B)).toThrow(/failed authentication/)
	})

	test('after a rotation the old key still decrypts, the new key encrypts', () => {
		const secret = generateSecret()
		const underOld = encryptSecret(secret, OLD_KEY, ENDPOINT_A)
		const rotated = secretKeyring(NEW_KEY, [OLD_KEY])
		expect(decryptSecret(underOld, rotated, ENDPOINT_A)).toBe(secret)
		const underNew = encryptSecret(secret, rotated, ENDPOINT_A)
		expect(decryptSecret(underNew, NEW_KEY, ENDPOINT_A)).toBe(secret)
		expect(() => decryptSecret(underNew, OLD_KEY, ENDPOINT_A)).toThrow(/not configured/)
	})

	test('secrets stored in the legacy format keep signing, and `ops reencrypt-webhook-secrets` moves every one to the new key', async () => {
		const account = await insertAccount(env.db.sql, NOW)
		const endpoint = await insertEndpoint(env.db.sql, NOW, {
			accountId: account,
			url: 'https://hooks.example.com/in',
			events: ['license.issued'],
			secretKey: OLD_KEY
		})
		const legacySecret = generateSecret()
		await env.db.sql`UPDATE webhook_secrets SET ciphertext = ${legacyCiphertext(legacySecret, OLD_KEY)} WHERE endpoint_id = ${endpoint.id}`
		const rotatedSettings = resolveWebhookSettings({ secretKey: NEW_KEY, previousSecretKeys: [OLD_KEY], allowList: [] })
		expect(await activeSecretsOf(env.db.sql, rotatedSettings, endpoint.id, NOW)).toEqual([legacySecret])

		const lost = await insertEndpoint(env.db.sql, NOW, {
			accountId: account,
			url: 'https://hooks.example.com/lost',
			events: ['license.issued'],
			secretKey: randomBytes(32).toString('hex')
		})
		const ops = () =>
			Bun.spawnSync(['bun', join(REPO_ROOT, 'scripts/ops.ts'), 'reencrypt-webhook-secrets'], {
				env: { ...process.env, DATABASE_URL: env.db.url, WEBHOOK_SECRET_KEY: NEW_KEY, WEBHOOK_SECRET_PREVIOUS_KEYS: OLD_KEY },
				stdout: 'pipe',
				stderr: 'pipe'
			})
		const first = ops()
		expect(JSON.parse(first.stdout.toString())).toEqual({
			checked: 2,
			reencrypted: 1,
			unreadable: [{ secret_id: expect.any(String), endpoint_id: lost.id, problem: expect.stringMatching(/not configured/) }]
		})
		expect(first.exitCode).toBe(1)

		const newKeyOnly = resolveWebhookSettings({ secretKey: NEW_KEY, allowList: [] })
		expect(await activeSecretsOf(env.db.sql, newKeyOnly, endpoint.id, NOW)).toEqual([legacySecret])
		expect(JSON.parse(ops().stdout.toString())).toMatchObject({ checked: 2, reencrypted: 0 })
	})
})
