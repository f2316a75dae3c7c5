import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAccount, issueApiKey, revokeApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { registerFactory } from '../../services/checker/src/test-support/register-factory.ts'
import { type ServiceProcess, startService } from './check-stack.ts'

/**
 * Two gateway processes (main.ts) with KEY_LEASE_MS on one database, and a checker: the production wiring of
 * ADR 0031. Each replica holds a key-cache lease row, renewed by its own check rounds; a revocation through
 * the product returns only once both have dropped the key, and the key is refused on its next call on both.
 */
let db: TestDatabase
let nats: NatsHandle
let checker: ServiceProcess
let gateways: ServiceProcess[] = []

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const readAt = new Date(Date.now() - 3_600_000)
	const make = registerFactory(db.sql, readAt)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.finishAllRuns(readAt)
	const env = { DATABASE_URL: db.url, NATS_URL: nats.url, WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' }
	checker = await startService('checker', env)
	gateways = await Promise.all([1, 2].map(() => startService('gateway', { ...env, KEY_LEASE_MS: '2000' })))
}, 90_000)

afterAll(async () => {
	for (const gateway of gateways) await gateway.stop()
	await checker?.stop()
	await nats.stop()
	await db.drop()
})

describe('key-cache leases across two gateway processes', () => {
	test('each replica renews its lease; revokeApiKey returns once both dropped the key, which both then refuse', async () => {
		const account = await createAccount(db.sql, systemClock, { name: 'e2e leases', plan: 'pro' })
		const issued = await issueApiKey(db.sql, systemClock, account.id, 'e2e')
		const check = (gateway: ServiceProcess) =>
			fetch(`http://127.0.0.1:${gateway.port}/v1/check?domain=acmebet.co.uk`, { headers: { authorization: `Bearer ${issued.key}` } })
		for (const gateway of gateways) expect((await check(gateway)).status).toBe(200)
		await waitFor(
			async () => {
				const rows = await db.sql`SELECT 1 FROM key_lease_replicas WHERE lease_until > now()`
				return rows.length === 2
			},
			{ what: 'both replicas hold a lease' }
		)
		expect(await revokeApiKey(db.sql, systemClock, account.id, issued.id)).toBe(true)
		const [revision] = await db.sql<{ revision: string }[]>`SELECT revision::text AS revision FROM key_revision`
		const behind =
			await db.sql`SELECT 1 FROM key_lease_replicas WHERE acked_revision < ${revision?.revision ?? '0'} AND lease_until > now()`
		expect(behind.length).toBe(0)
		for (const gateway of gateways) {
			const refused = await check(gateway)
			expect(refused.status).toBe(401)
			expect(((await refused.json()) as { details: { reason: string } }).details.reason).toBe('api_key_revoked')
		}
	}, 60_000)
})
