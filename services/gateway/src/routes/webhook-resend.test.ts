import { describe, expect, test } from 'bun:test'
import { DAY } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { statementsWaitingOnLocks } from '@lv/testing'
import { verifySignature } from '@lv/webhooks'
import { createDeliveryWorker } from '../../../notifier/src/delivery-worker.ts'
import { recordEvent } from '../../../notifier/src/record-event.ts'
import { coverageEvent, insertHistory, insertLicence, insertOperator, licenceEvent } from '../../../notifier/src/test-support/fixtures.ts'
import { accountWithKey } from '../test-support/accounts.ts'
import { webhookAppPerFile } from '../test-support/webhooks.ts'

const env = webhookAppPerFile('webhook-resend-test')
const { clock, secretKey, call } = env

/** An account's endpoint at the test receiver with one coverage event fanned out to it. */
async function endpointWithDelivery(status: 'delivered' | 'abandoned' | 'pending' = 'delivered') {
	const { key } = await accountWithKey(env.db.sql, clock, 'pro')
	const created = await (await call(key, 'POST', '/v1/webhooks', { url: env.receiver.url('/hook'), events: ['coverage.degraded'] })).json()
	const event = coverageEvent(clock.now())
	await recordEvent(env.db.sql, event, clock.now())
	const [delivery] = await env.db.sql<{ id: string }[]>`
		UPDATE webhook_deliveries SET status = ${status}, attempt_count = ${status === 'pending' ? 0 : 1}
		WHERE endpoint_id = ${created.id} RETURNING id`
	return { key, endpoint: created as { id: string; secret: string }, eventId: event.event_id, deliveryId: (delivery as { id: string }).id }
}

const resendPath = (endpointId: string, deliveryId: string) => `/v1/webhooks/${endpointId}/deliveries/${deliveryId}/resend`

describe('POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend', () => {
	test('a resend and a deletion of its endpoint, both waiting on the delivery row, both finish: no deadlock', async () => {
		const { key, endpoint, deliveryId } = await endpointWithDelivery('delivered')
		let resend: Promise<Response> | undefined
		let deletion: Promise<Response> | undefined
		// Something else holds the delivery row (a delivery worker's attempt): the resend queues for it first, then the deletion.
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM webhook_deliveries WHERE id = ${deliveryId} FOR UPDATE`
			resend = call(key, 'POST', resendPath(endpoint.id, deliveryId))
			await statementsWaitingOnLocks(env.db.sql, 1)
			deletion = call(key, 'DELETE', `/v1/webhooks/${endpoint.id}`)
			await statementsWaitingOnLocks(env.db.sql, 2)
		})
		expect([(await resend)?.status, (await deletion)?.status]).toEqual([201, 204])
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`).toHaveLength(0)
	})

	test('201 with a new pending delivery of the same event, which the delivery worker sends signed with the endpoint secret', async () => {
		const { key, endpoint, eventId, deliveryId } = await endpointWithDelivery('delivered')
		const response = await call(key, 'POST', resendPath(endpoint.id, deliveryId))
		expect(response.status).toBe(201)
		const resent = await response.json()
		expect(resent).toMatchObject({ event_id: eventId, event_type: 'coverage.degraded', status: 'pending', attempt_count: 0 })
		expect(resent.id).not.toBe(deliveryId)
		const listed = await (await call(key, 'GET', `/v1/webhooks/${endpoint.id}/deliveries`)).json()
		expect(listed.deliveries.map((delivery: { id: string }) => delivery.id)).toEqual([resent.id, deliveryId])

		const worker = createDeliveryWorker({
			sql: env.db.sql,
			clock,
			logger: silentLogger,
			secretKey,
			allowList: [env.receiver.origin],
			random: () => 0.5
		})
		const before = env.receiver.requests.length
		expect((await worker.tick()).delivered).toBe(1)
		const sent = env.receiver.requests.slice(before)
		expect(sent).toHaveLength(1)
		const request = sent[0] as (typeof sent)[number]
		expect(request.headers.get('x-service-delivery-id')).toBe(resent.id)
		expect(request.headers.get('x-service-event-id')).toBe(eventId)
		expect(request.headers.get('x-service-attempt')).toBe('1')
		const signature = verifySignature(
			request.headers.get('x-service-signature') ?? '',
			request.body,
			[endpoint.secret],
			300,
			Math.floor(clock.now().getTime() / 1000)
		)
		expect(signature.valid).toBe(true)
		const [row] = await env.db.sql`SELECT status, is_resend, resend_of FROM webhook_deliveries WHERE id = ${resent.id}`
		expect(row).toEqual({ status: 'delivered', is_resend: true, resend_of: deliveryId })
	}, 30_000)

	test("404 for another account's endpoint or delivery, and for unknown or malformed delivery ids", async () => {
		const mine = await endpointWithDelivery()
		const theirs = await endpointWithDelivery()
		const cases = [
			[resendPath(theirs.endpoint.id, theirs.deliveryId), 'webhook_not_found'],
			[resendPath(mine.endpoint.id, theirs.deliveryId), 'delivery_not_found'],
			[resendPath(mine.endpoint.id, crypto.randomUUID()), 'delivery_not_found'],
			[resendPath(mine.endpoint.id, 'not-a-uuid'), 'delivery_not_found']
		] as const
		for (const [path, reason] of cases) {
			const response = await call(mine.key, 'POST', path)
			expect(response.status).toBe(404)
			expect(await response.json()).toMatchObject({ code: 'not_found', details: { reason } })
		}
		expect(
			await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE is_resend AND endpoint_id IN (${mine.endpoint.id}, ${theirs.endpoint.id})`
		).toHaveLength(0)
	})

	test('409 while the delivery is still being tried, for an inactive endpoint, and once the event is past retention', async () => {
		const pending = await endpointWithDelivery('pending')
		const inProgress = await call(pending.key, 'POST', resendPath(pending.endpoint.id, pending.deliveryId))
		expect(inProgress.status).toBe(409)
		expect(await inProgress.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'delivery_in_progress' } })

		const paused = await endpointWithDelivery('abandoned')
		await call(paused.key, 'PATCH', `/v1/webhooks/${paused.endpoint.id}`, { active: false })
		const inactive = await call(paused.key, 'POST', resendPath(paused.endpoint.id, paused.deliveryId))
		expect(inactive.status).toBe(409)
		expect(await inactive.json()).toMatchObject({ details: { reason: 'endpoint_inactive' } })

		const old = await endpointWithDelivery('abandoned')
		await env.db.sql`DELETE FROM events WHERE event_id = ${old.eventId}`
		const expired = await call(old.key, 'POST', resendPath(old.endpoint.id, old.deliveryId))
		expect(expired.status).toBe(409)
		expect(await expired.json()).toMatchObject({ details: { reason: 'event_expired' } })
		clock.advance(DAY)
	})

	test('a resent event does not stop a later fan-out of another event to the endpoint', async () => {
		const { key, endpoint, deliveryId } = await endpointWithDelivery('delivered')
		expect((await call(key, 'POST', resendPath(endpoint.id, deliveryId))).status).toBe(201)
		await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`.then((rows) => rows.length)).toBe(3)
	})

	test('a delivery whose event was withdrawn is listed abandoned with abandoned_reason event_withdrawn, and its resend is 409 event_withdrawn', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const endpoint = await (
			await call(key, 'POST', '/v1/webhooks', {
				url: env.receiver.url('/hook'),
				events: ['license.status_changed'],
				watchlist_only: false
			})
		).json()
		const operator = await insertOperator(env.db.sql, clock.now())
		const licenseId = await insertLicence(env.db.sql, clock.now(), { operatorId: operator.id })
		const event = licenceEvent('license.status_changed', { operatorId: operator.id, licenseId }, clock.now())
		const historyId = await insertHistory(env.db.sql, clock.now(), licenseId, event.event_id)
		await recordEvent(env.db.sql, event, clock.now())
		await env.db.sql`UPDATE license_history SET corrected_at = ${clock.now()} WHERE id = ${historyId}`
		const worker = createDeliveryWorker({ sql: env.db.sql, clock, logger: silentLogger, secretKey, allowList: [env.receiver.origin] })
		expect((await worker.tick()).withdrawn).toBeGreaterThanOrEqual(1)

		const [listed] = (await (await call(key, 'GET', `/v1/webhooks/${endpoint.id}/deliveries`)).json()).deliveries
		expect(listed).toMatchObject({ event_id: event.event_id, status: 'abandoned', abandoned_reason: 'event_withdrawn', attempt_count: 0 })
		const resend = await call(key, 'POST', resendPath(endpoint.id, listed.id))
		expect(resend.status).toBe(409)
		expect(await resend.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'event_withdrawn' } })
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`).toHaveLength(1)
	})
})
