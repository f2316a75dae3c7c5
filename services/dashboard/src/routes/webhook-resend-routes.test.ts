import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { endpointWithDeliveredEvent } from '../test-support/webhook-delivery.ts'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { type Harness, startHarness } from '../test-support/harness.ts'

let h: Harness

beforeAll(async () => {
	h = await startHarness()
}, 60_000)
afterAll(async () => {
	await h.stop()
})

/** A signed-in account with an endpoint and one delivered coverage event in its log. */
async function signedInWithDelivery() {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	const [user] = await h.db.sql<{ account_id: string }[]>`SELECT account_id FROM dashboard_users WHERE email = ${email}`
	const accountId = (user as { account_id: string }).account_id
	const { endpointId, deliveryId } = await endpointWithDeliveredEvent(h.db.sql, h.clock, accountId)
	await browser.get(`/webhooks/${endpointId}/deliveries`)
	return { browser, endpointId, deliveryId }
}

describe('resend from the delivery log', () => {
	test('Resend on a delivered row queues the event again through the API, and the new row shows still being tried', async () => {
		const { browser, endpointId, deliveryId } = await signedInWithDelivery()
		const log = await browser.get(`/webhooks/${endpointId}/deliveries`)
		expect(log.html).toContain(`action="/webhooks/${endpointId}/deliveries/${deliveryId}/resend"`)
		h.clock.advanceSeconds(1)
		const posted = await browser.post(`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {})
		expect(posted.status).toBe(303)
		expect(posted.location).toBe(`/webhooks/${endpointId}/deliveries?notice=resent`)
		const resent = await browser.get(posted.location as string)
		expect(resent.status).toBe(200)
		expect(resent.html).toContain('Queued again as a new delivery')
		const [row] = await h.db.sql<{ id: string; status: string }[]>`
			SELECT id, status FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND resend_of = ${deliveryId}`
		expect(row?.status).toBe('pending')
		expect(resent.html).toContain(`data-delivery="${row?.id}"`)
		expect(resent.html).toContain('still being tried')
	})

	test('a delivery abandoned because its event was withdrawn says so and offers no Resend', async () => {
		const { browser, endpointId, deliveryId } = await signedInWithDelivery()
		await h.db.sql`UPDATE webhook_deliveries SET status = 'abandoned', abandoned_reason = 'event_withdrawn' WHERE id = ${deliveryId}`
		const log = await browser.get(`/webhooks/${endpointId}/deliveries`)
		const row = log.html.slice(log.html.indexOf(`data-delivery="${deliveryId}"`)).split('</tr>')[0] ?? ''
		expect(row).toContain('abandoned <span class="muted" data-abandoned-reason="event_withdrawn">(event withdrawn)</span>')
		expect(row).toContain('not sent again')
		expect(log.html).not.toContain(`action="/webhooks/${endpointId}/deliveries/${deliveryId}/resend"`)
	})

	test('refreshing the log after a resend shows the notice again and queues nothing more', async () => {
		const { browser, endpointId, deliveryId } = await signedInWithDelivery()
		h.clock.advanceSeconds(1)
		const posted = await browser.post(`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {})
		const redirected = posted.location as string
		await browser.get(redirected)
		const refreshed = await browser.get(redirected)
		expect(refreshed.status).toBe(200)
		expect(refreshed.html).toContain('Queued again as a new delivery')
		const resends = await h.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND resend_of = ${deliveryId}`
		expect(resends.length).toBe(1)
	})

	test('a paused endpoint, a form without its token and a foreign delivery are refused and queue nothing', async () => {
		const { browser, endpointId, deliveryId } = await signedInWithDelivery()
		const other = await signedInWithDelivery()
		await h.db.sql`UPDATE webhook_endpoints SET active = false WHERE id = ${endpointId}`
		h.clock.advanceSeconds(1)
		const paused = await browser.post(`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {})
		expect(paused.status).toBe(409)
		expect(paused.html).toContain('Not resent: This webhook endpoint is inactive')
		await h.db.sql`UPDATE webhook_endpoints SET active = true WHERE id = ${endpointId}`
		h.clock.advanceSeconds(1)
		const foreign = await browser.post(`/webhooks/${endpointId}/deliveries/${other.deliveryId}/resend`, {})
		expect(foreign.status).toBe(404)
		expect(foreign.html).toContain('No delivery with this id for this webhook endpoint.')
		const noToken = await browser.postRaw(
			`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`,
			'csrf=wrong',
			'application/x-www-form-urlencoded'
		)
		expect(noToken.status).toBe(403)
		expect(
			await h.db.sql`SELECT 1 FROM webhook_deliveries WHERE is_resend AND endpoint_id IN (${endpointId}, ${other.endpointId})`
		).toHaveLength(0)
	})
})
