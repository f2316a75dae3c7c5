import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TcpProxy, type TestDatabase, createTestDatabase, startTcpProxy } from '@lv/testing'
import { createSql } from './connect.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

let db: TestDatabase
let proxy: TcpProxy

beforeAll(async () => {
	db = await createTestDatabase()
	const target = new URL(db.url)
	proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port) })
}, 60_000)

afterAll(async () => {
	proxy.stop()
	await db.drop()
})

/** The statement's outcome, or 'still waiting' when it has not settled within `ms`. */
const within = (statement: Promise<unknown>, ms: number) => {
	let timer: ReturnType<typeof setTimeout> | undefined
	const late = new Promise<string>((resolve) => {
		timer = setTimeout(() => resolve('still waiting'), ms)
	})
	return Promise.race([
		statement.then(
			() => 'answered',
			(error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : `failed: ${String(error)}`)
		),
		late
	]).finally(() => clearTimeout(timer))
}

describe('a pool whose server goes away and comes back', () => {
	test('after a dozen failed connection attempts, it answers within 3 s of the server being back', async () => {
		const sql = createSql(proxy.urlFor(db.url), { max: 2, connectTimeoutSeconds: 2, applicationName: 'reconnect-test' })
		try {
			await sql`SELECT 1`
			proxy.down()
			// postgres.js counts failed attempts per pool; uncapped, the twelfth waits 20 s before it is even tried
			for (let attempt = 0; attempt < 12; attempt++) expect(await within(sql`SELECT 1`, 5_000)).toBe('unavailable')
			proxy.up()
			expect(await within(sql`SELECT 1`, 3_000)).toBe('answered')
		} finally {
			proxy.up()
			await sql.end({ timeout: 0 })
		}
	}, 60_000)
})
