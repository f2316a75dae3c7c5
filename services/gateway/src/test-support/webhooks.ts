import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll } from 'bun:test'
import type { Bus } from '@lv/bus'
import { type Clock, TestClock } from '@lv/clock'
import type { TestDatabase } from '@lv/testing'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'
import type { Sql } from '@lv/db'
import type { Resolve } from '@lv/webhooks'
import { createApp } from '../app.ts'
import { testDeps } from './gateway.ts'
import { bearer } from './accounts.ts'
import { type Receiver, startReceiver } from '../../../notifier/src/test-support/receiver.ts'

/** Names the tests' resolver knows; anything else does not resolve. */
export const TEST_DNS: Record<string, string[]> = {
	'hooks.example.com': ['93.184.216.34'],
	'other.example.com': ['93.184.216.35'],
	'rebind.attacker-example.com': ['10.0.0.1'],
	'loopback6.attacker-example.com': ['::1'],
	'mixed.attacker-example.com': ['93.184.216.36', '192.168.0.10'],
	'metadata.attacker-example.com': ['169.254.169.254'],
	'127.0.0.1.nip.io': ['127.0.0.1'],
	'mapped.attacker-example.com': ['::ffff:10.1.2.3']
}

export const testResolve: Resolve = async (hostname) => {
	const addresses = TEST_DNS[hostname.replace(/\.$/, '')]
	if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
	return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

export const newSecretKey = () => randomBytes(32).toString('hex')

/** The gateway app with webhook settings: a test resolver and an operator allow-list. */
export const notificationsApp = (input: { sql: Sql; bus: Bus; clock: Clock; secretKey: string; allowList?: string[] }) =>
	createApp({
		...testDeps({ sql: input.sql, bus: input.bus, clock: input.clock }),
		webhooks: { secretKey: input.secretKey, allowList: input.allowList ?? [], resolve: testResolve }
	})

export async function insertOperator(sql: Sql, now: Date, slug: string): Promise<string> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO operators (id, slug, display_name, registered_name, country, created_at, updated_at)
		VALUES (${id}, ${slug}, ${`Operator ${slug}`}, ${`${slug} Ltd`}, 'MT', ${now}, ${now})`
	return id
}

export async function insertLicence(sql: Sql, now: Date, operatorId: string, status: string, jurisdiction = 'MGA'): Promise<string> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, status,
			last_verified_at, source_url, first_observed_at, created_at, updated_at)
		VALUES (${id}, ${operatorId}, ${jurisdiction}, ${id}, ${`N-${id.slice(0, 8)}`}, ${`n-${id.slice(0, 8)}`}, ${status},
			${now}, 'https://register.example', ${now}, ${now}, ${now})`
	return id
}

export type WebhookTestEnv = {
	clock: TestClock
	secretKey: string
	db: TestDatabase
	bus: Bus
	receiver: Receiver
	app: ReturnType<typeof notificationsApp>
	/** One API call with the key; the clock moves a second first, so every call stays inside the plan's per-second limit. */
	call(key: string, method: string, path: string, body?: unknown): Promise<Response>
}

/** PostgreSQL, NATS, a receiving server and the gateway with webhook settings, for a file's tests. */
export function webhookAppPerFile(name: string): WebhookTestEnv {
	const stack = databaseAndNatsPerFile(name)
	const env = Object.assign(stack, {
		clock: new TestClock('2026-11-10T12:00:00.000Z'),
		secretKey: newSecretKey(),
		call(key: string, method: string, path: string, body?: unknown) {
			env.clock.advance(1_000)
			return env.app.handle(
				new Request(`http://localhost${path}`, {
					method,
					headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
					body: body === undefined ? undefined : JSON.stringify(body)
				})
			)
		}
	}) as typeof stack & WebhookTestEnv
	beforeAll(async () => {
		env.receiver = startReceiver()
		env.app = notificationsApp({
			sql: env.db.sql,
			bus: env.bus,
			clock: env.clock,
			secretKey: env.secretKey,
			allowList: [env.receiver.origin]
		})
	})
	afterAll(async () => {
		await env.receiver?.stop()
	})
	return env
}
