import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { DAY, HOUR, MINUTE, ManualTimers, SECOND, TestClock } from '@lv/clock'
import type { EventEnvelope } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { waitFor } from '@lv/testing'
import { DELIVERY_TIMEOUT_MS, generateSecret } from '@lv/webhooks'
import { type DeliveryWorkerOptions, createDeliveryWorker } from './delivery-worker.ts'
import { recordEvent } from './record-event.ts'
import { type Receiver, startReceiver } from './test-support/receiver.ts'
import {
	coverageEvent,
	insertAccount,
	insertEndpoint,
	insertHistory,
	insertLicence,
	insertOperator,
	licenceEvent,
	testSecretKey,
	watch
} from './test-support/fixtures.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
let receiver: Receiver
const key = testSecretKey()
let clock: TestClock

beforeEach(async () => {
	clock = new TestClock('2026-11-01T10:00:00.000Z')
	receiver = startReceiver()
	await env.db.sql`DELETE FROM webhook_deliveries`
	await env.db.sql`DELETE FROM webhook_endpoints`
})
afterEach(async () => {
	await receiver.stop()
})

const workerFor = (options: Partial<DeliveryWorkerOptions> = {}) =>
	createDeliveryWorker({
		sql: env.db.sql,
		clock,
		logger: silentLogger,
		secretKey: key,
		allowList: [receiver.origin],
		random: () => 0.5,
		...options
	})

async function endpointAndEvent(input: { secrets?: { secret: string; createdAt: Date; expiresAt: Date | null }[]; url?: string } = {}) {
	const now = clock.now()
	const account = await insertAccount(env.db.sql, now)
	const endpoint = await insertEndpoint(env.db.sql, now, {
		accountId: account,
		url: input.url ?? receiver.url(),
		events: ['coverage.degraded'],
		secretKey: key,
		secrets: input.secrets
	})
	const event = coverageEvent(now)
	await recordEvent(env.db.sql, event, now)
	return { endpoint, event, account }
}

const deliveryRow = async (eventId: string) => {
	const [row] = await env.db.sql<
		{
			id: string
			status: string
			attempt_count: number
			next_retry_at: Date
			last_attempt_at: Date | null
			last_response_status: number | null
			delivered_at: Date | null
			lease_until: Date | null
			last_error: string | null
			abandoned_reason: string | null
		}[]
	>`SELECT id, status, attempt_count, next_retry_at, last_attempt_at, last_response_status, delivered_at, lease_until, last_error, abandoned_reason
		FROM webhook_deliveries WHERE event_id = ${eventId}`
	if (!row) throw new Error(`no delivery for ${eventId}`)
	return row
}

const endpointRow = async (id: string) => {
	const [row] = await env.db.sql<
		{ last_delivered_at: Date | null; last_delivery_status: string | null; failure_count: number; missed_deliveries: number }[]
	>`
		SELECT last_delivered_at, last_delivery_status, failure_count, missed_deliveries FROM webhook_endpoints WHERE id = ${id}`
	if (!row) throw new Error(`no endpoint ${id}`)
	return row
}

const verifyWithStripe = (body: string, header: string, secret: string) =>
	Stripe.webhooks.constructEventAsync(body, header, secret, 300, undefined, clock.nowMs()) as unknown as Promise<EventEnvelope>

describe('a first attempt', () => {
	test('posts the envelope with every SPEC header, and stripe verifies the signature with the endpoint secret', async () => {
		const { endpoint, event } = await endpointAndEvent()
		expect((await deliveryRow(event.event_id)).attempt_count).toBe(0)

		const result = await workerFor().tick()

		expect(result).toMatchObject({ attempted: 1, delivered: 1 })
		const [request] = receiver.requests
		if (!request) throw new Error('nothing received')
		const delivery = await deliveryRow(event.event_id)
		const unix = String(Math.floor(clock.nowMs() / 1000))
		expect(Object.fromEntries(request.headers)).toMatchObject({
			'content-type': 'application/json',
			'user-agent': expect.stringMatching(/\/1$/),
			'x-service-event': 'coverage.degraded',
			'x-service-event-id': event.event_id,
			'x-service-timestamp': unix,
			'x-service-delivery-id': delivery.id,
			'x-service-attempt': '1'
		})
		expect(request.headers.get('x-service-signature')).toMatch(new RegExp(`^t=${unix},v1=[0-9a-f]{64}$`))
		expect(request.headers.has('x-service-missed-deliveries')).toBe(false)
		const verified = await verifyWithStripe(request.body, request.headers.get('x-service-signature') ?? '', endpoint.secrets[0] ?? '')
		expect(verified).toEqual(event)
		expect(delivery).toMatchObject({
			status: 'delivered',
			attempt_count: 1,
			last_response_status: 200,
			delivered_at: clock.now(),
			lease_until: null
		})
		expect(await endpointRow(endpoint.id)).toEqual({
			last_delivered_at: clock.now(),
			last_delivery_status: 'success',
			failure_count: 0,
			missed_deliveries: 0
		})
	})

	test('a 3xx answer is a failed attempt and its Location is never requested', async () => {
		receiver.respondWith((request) =>
			request.path === '/hook' ? new Response(null, { status: 302, headers: { Location: '/elsewhere' } }) : new Response('ok')
		)
		const { event } = await endpointAndEvent()
		const result = await workerFor().tick()
		expect(result).toMatchObject({ attempted: 1, failed: 1 })
		expect(receiver.requests.map((request) => request.path)).toEqual(['/hook'])
		expect(await deliveryRow(event.event_id)).toMatchObject({ status: 'failed', last_response_status: 302 })
	})

	test('a connection error is a failed attempt', async () => {
		const closed = startReceiver()
		const url = closed.url()
		await closed.stop()
		const { event } = await endpointAndEvent({ url })
		const result = await workerFor({ allowList: [closed.origin] }).tick()
		expect(result).toMatchObject({ attempted: 1, failed: 1 })
		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'failed',
			last_response_status: null,
			last_error: expect.stringContaining('refused')
		})
	})
})

describe('the retry schedule, driven by the clock', () => {
	test('attempts 2–7 follow 30 s, 2 min, 10 min, 1 h, 6 h and 24 h, then the delivery is abandoned', async () => {
		receiver.respondWith(() => new Response('down', { status: 503 }))
		const { endpoint, event } = await endpointAndEvent()
		const worker = workerFor()
		const delays = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, DAY]

		expect((await worker.tick()).failed).toBe(1)
		for (const [index, delay] of delays.entries()) {
			const row = await deliveryRow(event.event_id)
			expect(row.status).toBe('failed')
			expect(row.next_retry_at.getTime() - (row.last_attempt_at?.getTime() ?? 0)).toBe(delay)
			expect((await endpointRow(endpoint.id)).last_delivery_status).toBe('retrying')

			clock.advance(delay - SECOND)
			expect((await worker.tick()).attempted).toBe(0)
			clock.advance(SECOND)
			const result = await worker.tick()
			expect(result.attempted).toBe(1)
			expect(receiver.requests.at(-1)?.headers.get('x-service-attempt')).toBe(String(index + 2))
		}

		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'abandoned',
			abandoned_reason: 'attempts_exhausted',
			attempt_count: 7,
			last_response_status: 503
		})
		expect(await endpointRow(endpoint.id)).toMatchObject({ last_delivery_status: 'failed', failure_count: 7, missed_deliveries: 1 })
		clock.advance(30 * DAY)
		expect((await worker.tick()).attempted).toBe(0)
		expect(receiver.requests).toHaveLength(7)
		expect(new Set(receiver.requests.map((request) => request.headers.get('x-service-event-id')))).toEqual(new Set([event.event_id]))
	})

	test('the jitter is ±20 %: the injected random source moves the retry between 24 s and 36 s', async () => {
		receiver.respondWith(() => new Response('down', { status: 500 }))
		const low = await endpointAndEvent()
		await workerFor({ random: () => 0 }).tick()
		const lowRow = await deliveryRow(low.event.event_id)
		expect(lowRow.next_retry_at.getTime() - clock.nowMs()).toBe(24 * SECOND)

		await env.db.sql`DELETE FROM webhook_deliveries`
		const high = await endpointAndEvent()
		await workerFor({ random: () => 0.999_999 }).tick()
		const highRow = await deliveryRow(high.event.event_id)
		expect(highRow.next_retry_at.getTime() - clock.nowMs()).toBe(36 * SECOND)
	})

	test('X-Service-Missed-Deliveries grows with each abandoned delivery and disappears after a success', async () => {
		receiver.respondWith(() => new Response('down', { status: 500 }))
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const endpoint = await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: receiver.url(),
			events: ['coverage.degraded'],
			secretKey: key
		})
		const worker = workerFor()
		const abandonOne = async () => {
			await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
			for (let attempt = 0; attempt < 7; attempt++) {
				await worker.tick()
				clock.advance(DAY + HOUR)
			}
		}
		await abandonOne()
		await abandonOne()
		expect((await endpointRow(endpoint.id)).missed_deliveries).toBe(2)
		const lastOfSecond = receiver.requests.at(-1)
		expect(lastOfSecond?.headers.get('x-service-missed-deliveries')).toBe('1')

		receiver.respondWith(() => new Response('ok'))
		await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
		await worker.tick()
		expect(receiver.requests.at(-1)?.headers.get('x-service-missed-deliveries')).toBe('2')
		expect(await endpointRow(endpoint.id)).toMatchObject({ missed_deliveries: 0, failure_count: 0, last_delivery_status: 'success' })

		await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
		await worker.tick()
		expect(receiver.requests.at(-1)?.headers.has('x-service-missed-deliveries')).toBe(false)
	})
})

describe('an event withdrawn after it was queued', () => {
	/** A licence event tied to a history row (by `history_id`, or by the row's `event_id`), queued for a watching endpoint. */
	async function queuedLicenceEvent(link: 'history_id' | 'event_id') {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const operator = await insertOperator(env.db.sql, now)
		const licence = await insertLicence(env.db.sql, now, { operatorId: operator.id })
		await watch(env.db.sql, now, account, operator.id)
		const endpoint = await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: receiver.url(),
			events: ['license.status_changed'],
			secretKey: key
		})
		const keys = { operatorId: operator.id, licenseId: licence }
		let event = licenceEvent('license.status_changed', keys, now)
		const historyId = await insertHistory(env.db.sql, now, licence, link === 'event_id' ? event.event_id : null)
		if (link === 'history_id') event = licenceEvent('license.status_changed', { ...keys, historyId }, now)
		await recordEvent(env.db.sql, event, now)
		const withdraw = () => env.db.sql`UPDATE license_history SET corrected_at = ${clock.now()} WHERE id = ${historyId}`
		return { endpoint, event, withdraw }
	}

	test('its retry is not sent: the delivery ends abandoned as event_withdrawn, no attempt counted, nothing missed', async () => {
		receiver.respondWith(() => new Response('down', { status: 503 }))
		const { endpoint, event, withdraw } = await queuedLicenceEvent('history_id')
		const worker = workerFor()
		expect((await worker.tick()).failed).toBe(1)
		const afterFirst = await deliveryRow(event.event_id)
		const endpointAfterFirst = await endpointRow(endpoint.id)

		await withdraw()
		clock.advance(30 * SECOND)
		expect(await worker.tick()).toMatchObject({ attempted: 0, withdrawn: 1 })
		expect(receiver.requests).toHaveLength(1)
		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'abandoned',
			abandoned_reason: 'event_withdrawn',
			attempt_count: 1,
			last_attempt_at: afterFirst.last_attempt_at,
			last_response_status: 503,
			lease_until: null
		})
		expect(await endpointRow(endpoint.id)).toEqual(endpointAfterFirst)
		clock.advance(2 * DAY)
		expect(await worker.tick()).toMatchObject({ attempted: 0, withdrawn: 0 })
		expect(receiver.requests).toHaveLength(1)
	})

	test('its first attempt is not sent either, whether the history row names the event or the event names the row', async () => {
		const byEventId = await queuedLicenceEvent('event_id')
		const byHistoryId = await queuedLicenceEvent('history_id')
		await byEventId.withdraw()
		await byHistoryId.withdraw()
		expect(await workerFor().tick()).toMatchObject({ attempted: 0, withdrawn: 2 })
		expect(receiver.requests).toHaveLength(0)
		for (const { event, endpoint } of [byEventId, byHistoryId]) {
			expect(await deliveryRow(event.event_id)).toMatchObject({
				status: 'abandoned',
				abandoned_reason: 'event_withdrawn',
				attempt_count: 0
			})
			expect((await endpointRow(endpoint.id)).missed_deliveries).toBe(0)
		}
	})
})

describe('secret rotation', () => {
	test('during the 7-day overlap each delivery carries one v1 per active secret, and stripe accepts either; afterwards only the new one', async () => {
		const now = clock.now()
		const oldSecret = generateSecret()
		const newSecret = generateSecret()
		const { event } = await endpointAndEvent({
			secrets: [
				{ secret: oldSecret, createdAt: new Date(now.getTime() - DAY), expiresAt: new Date(now.getTime() + 7 * DAY) },
				{ secret: newSecret, createdAt: now, expiresAt: null }
			]
		})
		await workerFor().tick()
		const [during] = receiver.requests
		const header = during?.headers.get('x-service-signature') ?? ''
		expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2)
		expect(await verifyWithStripe(during?.body ?? '', header, oldSecret)).toEqual(event)
		expect(await verifyWithStripe(during?.body ?? '', header, newSecret)).toEqual(event)

		clock.advance(7 * DAY)
		const later = coverageEvent(clock.now())
		await recordEvent(env.db.sql, later, clock.now())
		await workerFor().tick()
		const after = receiver.requests.at(-1)
		const afterHeader = after?.headers.get('x-service-signature') ?? ''
		expect(afterHeader.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(1)
		expect(await verifyWithStripe(after?.body ?? '', afterHeader, newSecret)).toEqual(later)
		await expect(verifyWithStripe(after?.body ?? '', afterHeader, oldSecret)).rejects.toThrow()
	})
})

describe('URL policy before every attempt', () => {
	test('a name that resolved to an allowed address on attempt 1 and to a private one on attempt 2 is refused without a connection', async () => {
		let answer = '127.0.0.1'
		const resolve = async () => [{ address: answer, family: 4 }]
		const port = new URL(receiver.url()).port
		receiver.respondWith(() => new Response('down', { status: 500 }))
		const { event } = await endpointAndEvent({ url: `http://hooks.customer-example.com:${port}/hook` })
		const worker = workerFor({ allowList: ['127.0.0.1/32'], resolve })

		await worker.tick()
		expect(receiver.requests).toHaveLength(1)
		expect(receiver.requests[0]?.headers.get('host')).toBe(`hooks.customer-example.com:${port}`)

		answer = '10.0.0.7'
		clock.advance(30 * SECOND)
		expect((await worker.tick()).failed).toBe(1)
		expect(receiver.requests).toHaveLength(1)
		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'failed',
			attempt_count: 2,
			last_error: expect.stringContaining('private_ip_blocked')
		})
	})

	test('a name whose DNS never answers fails the attempt within the per-attempt timeout, and nothing is contacted', async () => {
		const port = new URL(receiver.url()).port
		const { event } = await endpointAndEvent({ url: `http://hooks.customer-example.com:${port}/hook` })
		const silentDns = () => new Promise<never>(() => {})
		const timers = new ManualTimers()
		const worker = workerFor({ allowList: ['127.0.0.1/32'], resolve: silentDns, timeoutMs: 100, startTimer: timers.startTimer })

		const ticked = worker.tick()
		await timers.started()
		expect(timers.pending.map((timer) => timer.ms)).toEqual([100])
		timers.fireAll()
		expect((await ticked).failed).toBe(1)
		expect(receiver.requests).toHaveLength(0)
		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'failed',
			attempt_count: 1,
			last_error: expect.stringContaining('unresolvable_host')
		})
	})

	test('without the operator allow-list a loopback receiver is never contacted', async () => {
		const { event } = await endpointAndEvent()
		expect((await workerFor({ allowList: [] }).tick()).failed).toBe(1)
		expect(receiver.requests).toHaveLength(0)
		expect((await deliveryRow(event.event_id)).last_error).toContain('private_ip_blocked')
	})
})

describe('isolation and replicas', () => {
	test('a receiver that hangs or answers 10 MB does not stall deliveries to other endpoints', async () => {
		const hanging = startReceiver(() => new Promise<Response>(() => {}))
		const huge = startReceiver(() => new Response(new Uint8Array(10 * 1024 * 1024).fill(120)))
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const events = ['coverage.degraded']
		const hangingEndpoint = await insertEndpoint(env.db.sql, now, { accountId: account, url: hanging.url(), events, secretKey: key })
		await insertEndpoint(env.db.sql, now, { accountId: account, url: huge.url(), events, secretKey: key })
		for (let index = 0; index < 4; index++)
			await insertEndpoint(env.db.sql, now, { accountId: account, url: receiver.url(`/r${index}`), events, secretKey: key })
		for (let index = 0; index < 6; index++) await recordEvent(env.db.sql, coverageEvent(now), now)

		const timers = new ManualTimers()
		const worker = workerFor({
			allowList: [receiver.origin, hanging.origin, huge.origin],
			concurrency: 4,
			perEndpointConcurrency: 1,
			startTimer: timers.startTimer
		})
		const deliveredCount = async () =>
			(
				await env.db.sql<
					{ delivered: number }[]
				>`SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered FROM webhook_deliveries`
			)[0]?.delivered
		worker.start(20)
		try {
			// all 30 other deliveries must land while the hanging attempt is still inside its 10 s timeout (its timer not fired)
			await waitFor(async () => (await deliveredCount()) === 30, {
				what: 'every other delivery recorded',
				timeoutMs: DELIVERY_TIMEOUT_MS - 2_000
			})
			expect(receiver.requests).toHaveLength(24)
			expect(huge.requests).toHaveLength(6)
			expect(hanging.requests).toHaveLength(1)
			const running = timers.pending.filter((timer) => !timer.cancelled)
			expect(running.map((timer) => timer.ms > DELIVERY_TIMEOUT_MS - 2_000)).toEqual([true])
			timers.fireAll()
		} finally {
			await worker.stop()
			await Promise.all([hanging.stop(), huge.stop()])
		}
		const [timedOut] = await env.db.sql<{ last_error: string }[]>`
			SELECT last_error FROM webhook_deliveries WHERE endpoint_id = ${hangingEndpoint.id} AND attempt_count = 1 AND status = 'failed'`
		// the request gets what the attempt's timeout leaves after the name's resolution
		expect(timedOut?.last_error).toMatch(/^no complete response within \d+ ms$/)
	}, 30_000)

	test('two replicas ticking at once deliver each row exactly once', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		for (let index = 0; index < 5; index++)
			await insertEndpoint(env.db.sql, now, {
				accountId: account,
				url: receiver.url(`/e${index}`),
				events: ['coverage.degraded'],
				secretKey: key
			})
		for (let index = 0; index < 20; index++) await recordEvent(env.db.sql, coverageEvent(now), now)
		const [a, b] = [workerFor({ concurrency: 16 }), workerFor({ concurrency: 16 })]
		let total = 0
		for (let round = 0; round < 20 && total < 100; round++) {
			const [first, second] = await Promise.all([a.tick(), b.tick()])
			total += first.delivered + second.delivered
		}
		expect(total).toBe(100)
		const ids = receiver.requests.map((request) => request.headers.get('x-service-delivery-id'))
		expect(ids).toHaveLength(100)
		expect(new Set(ids).size).toBe(100)
	})

	test('a 7th attempt whose replica stopped before it finished is abandoned as attempts_exhausted, never tried an 8th time', async () => {
		const { endpoint, event } = await endpointAndEvent()
		await env.db.sql`
			UPDATE webhook_deliveries SET status = 'failed', attempt_count = 7, lease_until = ${clock.now()} WHERE event_id = ${event.event_id}`
		expect((await workerFor().tick()).attempted).toBe(0)
		expect(receiver.requests).toHaveLength(0)
		expect(await deliveryRow(event.event_id)).toMatchObject({
			status: 'abandoned',
			abandoned_reason: 'attempts_exhausted',
			attempt_count: 7
		})
		expect((await endpointRow(endpoint.id)).missed_deliveries).toBe(1)
	})

	test('an inactive endpoint is not attempted until it is active again', async () => {
		const { endpoint, event } = await endpointAndEvent()
		await env.db.sql`UPDATE webhook_endpoints SET active = false WHERE id = ${endpoint.id}`
		expect((await workerFor().tick()).attempted).toBe(0)
		await env.db.sql`UPDATE webhook_endpoints SET active = true WHERE id = ${endpoint.id}`
		expect((await workerFor().tick()).delivered).toBe(1)
		expect((await deliveryRow(event.event_id)).status).toBe('delivered')
	})
})
