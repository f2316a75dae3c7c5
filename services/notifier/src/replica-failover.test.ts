import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { SECOND, TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { waitFor } from '@lv/testing'
import { createDeliveryWorker } from './delivery-worker.ts'
import { recordEvent } from './record-event.ts'
import { startReceiver } from './test-support/receiver.ts'
import { coverageEvent, insertAccount, insertEndpoint, testSecretKey } from './test-support/fixtures.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
const key = testSecretKey()

test('a replica killed mid-attempt leaves a leased row that another replica retries with the same event_id and delivery id', async () => {
	let holdOpen = true
	const receiver = startReceiver(() => (holdOpen ? new Promise<Response>(() => {}) : new Response('ok')))
	try {
		const clock = new TestClock('2026-11-01T10:00:00.000Z')
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		await insertEndpoint(env.db.sql, now, { accountId: account, url: receiver.url(), events: ['coverage.degraded'], secretKey: key })
		const event = coverageEvent(now)
		await recordEvent(env.db.sql, event, now)

		const replica = Bun.spawn(['bun', join(import.meta.dir, 'test-support', 'replica-process.ts')], {
			env: {
				...process.env,
				DATABASE_URL: env.db.url,
				WEBHOOK_SECRET_KEY: key,
				WEBHOOK_ALLOW_LIST: receiver.origin,
				CLOCK_AT: now.toISOString()
			},
			stdout: 'ignore',
			stderr: 'inherit'
		})
		await waitFor(() => receiver.requests.length === 1, { what: 'the first replica to start its attempt', timeoutMs: 15_000 })
		replica.kill('SIGKILL')
		await replica.exited
		holdOpen = false

		const [leased] = await env.db.sql<{ status: string; attempt_count: number; lease_until: Date }[]>`
			SELECT status, attempt_count, lease_until FROM webhook_deliveries WHERE event_id = ${event.event_id}`
		expect(leased).toMatchObject({ status: 'pending', attempt_count: 1 })

		const survivor = createDeliveryWorker({
			sql: env.db.sql,
			clock,
			logger: silentLogger,
			secretKey: key,
			allowList: [receiver.origin],
			leaseMs: 60 * SECOND
		})
		expect((await survivor.tick()).attempted).toBe(0)
		clock.set(leased?.lease_until ?? now)
		expect((await survivor.tick()).delivered).toBe(1)

		const [first, second] = receiver.requests
		expect(second?.headers.get('x-service-attempt')).toBe('2')
		expect(second?.headers.get('x-service-event-id')).toBe(event.event_id)
		expect(second?.headers.get('x-service-delivery-id')).toBe(first?.headers.get('x-service-delivery-id') ?? 'missing')
		expect(second?.body).toBe(first?.body ?? 'missing')
	} finally {
		await receiver.stop()
	}
}, 30_000)
