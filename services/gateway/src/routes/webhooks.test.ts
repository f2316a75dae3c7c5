import { describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { DAY } from '@lv/clock'
import { statementsWaitingOnLocks } from '@lv/testing'
import { MAX_ATTEMPTS, decryptSecret } from '@lv/webhooks'
import { abandonStalled, type ClaimedDelivery, claimDueDeliveries } from '../../../notifier/src/claim-deliveries.ts'
import { recordOutcome } from '../../../notifier/src/delivery-outcome.ts'
import { recordEvent } from '../../../notifier/src/record-event.ts'
import { coverageEvent } from '../../../notifier/src/test-support/fixtures.ts'
import { startReceiver } from '../../../notifier/src/test-support/receiver.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { TEST_RESPONSE_BODY_BYTES } from '../webhooks/test-ping.ts'
import { notificationsApp, webhookAppPerFile } from '../test-support/webhooks.ts'

const env = webhookAppPerFile('webhooks-test')
const { clock, secretKey, call } = env

const create = (key: string, body: Record<string, unknown>) =>
	call(key, 'POST', '/v1/webhooks', { events: ['license.status_changed'], ...body })

describe('POST /v1/webhooks', () => {
	test('201 with the endpoint and a whsec_ secret shown once; the secret is stored encrypted with the configured key', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const response = await create(key, {
			url: 'https://hooks.example.com/licences',
			events: ['license.status_changed', 'webhook.endpoint_degraded'],
			description: 'prod'
		})
		expect(response.status).toBe(201)
		const body = await response.json()
		expect(body).toMatchObject({
			url: 'https://hooks.example.com/licences',
			description: 'prod',
			events: ['license.status_changed', 'webhook.endpoint_degraded'],
			active: true,
			watchlist_only: true,
			last_delivered_at: null,
			last_delivery_status: null,
			failure_count: 0
		})
		expect(body.secret).toMatch(/^whsec_[0-9A-Za-z]{43}$/)
		const [stored] = await env.db.sql<{ ciphertext: Uint8Array }[]>`SELECT ciphertext FROM webhook_secrets WHERE endpoint_id = ${body.id}`
		expect(Buffer.from(stored?.ciphertext ?? []).includes(Buffer.from(body.secret))).toBe(false)
		expect(decryptSecret(stored?.ciphertext ?? new Uint8Array(), secretKey, body.id)).toBe(body.secret)

		const list = await (await call(key, 'GET', '/v1/webhooks')).json()
		expect(list.endpoints).toHaveLength(1)
		expect(list.endpoints[0].secret).toBeUndefined()
		expect(JSON.stringify(list)).not.toContain(body.secret)
	})

	test('an unknown event name is 400 invalid_event_type on field events', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		for (const events of [['license.renamed'], ['test.ping'], ['license.issued', 'coverage.*']]) {
			const response = await create(key, { url: 'https://hooks.example.com/x', events })
			expect(await response.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'invalid_event_type', field: 'events' } })
		}
	})

	test('the URL policy runs before the plan check, which then answers 403 webhook_quota_exceeded', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'starter')
		expect((await create(key, { url: 'https://hooks.example.com/1' })).status).toBe(201)
		expect((await create(key, { url: 'https://hooks.example.com/2' })).status).toBe(201)
		const badUrl = await create(key, { url: 'http://10.0.0.1/hook' })
		expect(await badUrl.json()).toMatchObject({ details: { reason: 'private_ip_blocked', field: 'url' } })
		const over = await create(key, { url: 'https://hooks.example.com/3' })
		expect(over.status).toBe(403)
		expect(await over.json()).toMatchObject({
			code: 'quota_exceeded',
			details: { reason: 'webhook_quota_exceeded', current_usage: 2, limit: 2, plan_tier: 'starter' }
		})
	})
})

describe('another account', () => {
	test('gets 404 webhook_not_found for every operation on an endpoint it does not own', async () => {
		const owner = await accountWithKey(env.db.sql, clock, 'pro')
		const other = await accountWithKey(env.db.sql, clock, 'pro')
		const { id } = await (await create(owner.key, { url: 'https://hooks.example.com/own' })).json()
		const attempts = [
			call(other.key, 'PATCH', `/v1/webhooks/${id}`, { active: false }),
			call(other.key, 'DELETE', `/v1/webhooks/${id}`),
			call(other.key, 'POST', `/v1/webhooks/${id}/rotate_secret`),
			call(other.key, 'GET', `/v1/webhooks/${id}/deliveries`),
			call(other.key, 'POST', `/v1/webhooks/${id}/test`),
			call(other.key, 'PATCH', '/v1/webhooks/not-a-uuid', { active: false })
		]
		for (const response of await Promise.all(attempts)) {
			expect(response.status).toBe(404)
			expect((await response.json()).details.reason).toBe('webhook_not_found')
		}
		expect((await (await call(owner.key, 'GET', '/v1/webhooks')).json()).endpoints[0].active).toBe(true)
	})
})

describe('PATCH /v1/webhooks/{id}', () => {
	test('changes only the fields sent, clears description with null, re-checks a new url, and plan-checks re-activation', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'starter')
		const first = await (await create(key, { url: 'https://hooks.example.com/a', description: 'first' })).json()
		await create(key, { url: 'https://hooks.example.com/b' })

		const renamed = await (
			await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { events: ['coverage.degraded'], watchlist_only: false })
		).json()
		expect(renamed).toMatchObject({
			url: 'https://hooks.example.com/a',
			description: 'first',
			events: ['coverage.degraded'],
			watchlist_only: false
		})
		expect((await (await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { description: null })).json()).description).toBeNull()

		const refused = await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { url: 'http://localhost/hook' })
		expect(await refused.json()).toMatchObject({ details: { reason: 'blocked_hostname', field: 'url' } })
		const badEvents = await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { events: ['nope'] })
		expect((await badEvents.json()).details.reason).toBe('invalid_event_type')

		expect((await (await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { active: false })).json()).active).toBe(false)
		await create(key, { url: 'https://hooks.example.com/c' })
		const reactivate = await call(key, 'PATCH', `/v1/webhooks/${first.id}`, { active: true })
		expect(reactivate.status).toBe(403)
		expect((await reactivate.json()).details.reason).toBe('webhook_quota_exceeded')
	})
})

describe('webhook bodies the endpoint store cannot take', () => {
	const raw = (key: string, method: string, path: string, contentType: string, body: string) => {
		clock.advance(1_000)
		return env.app.handle(
			new Request(`http://localhost${path}`, { method, headers: { ...bearer(key), 'content-type': contentType }, body })
		)
	}

	test('a description holding a NUL character is 400 invalid_input on description, on create and on update, and nothing is written', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const endpoint = await (await create(key, { url: 'https://hooks.example.com/nul', description: 'kept' })).json()
		for (const description of ['\u0000', 'night\u0000shift']) {
			const created = await create(key, { url: 'https://hooks.example.com/nul', description })
			const updated = await call(key, 'PATCH', `/v1/webhooks/${endpoint.id}`, { description })
			for (const response of [created, updated])
				expect({ status: response.status, body: await response.json() }).toMatchObject({
					status: 400,
					body: { code: 'invalid_query', details: { reason: 'invalid_input', field: 'description' } }
				})
		}
		const { endpoints } = await (await call(key, 'GET', '/v1/webhooks')).json()
		expect(endpoints.map((row: { description: string }) => row.description)).toEqual(['kept'])
	})

	test('an update that is not a JSON object, names a field the endpoint does not have, or is not sent as JSON, is 400 invalid_input on body, never a 200 that changed nothing', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const endpoint = await (await create(key, { url: 'https://hooks.example.com/shape' })).json()
		const path = `/v1/webhooks/${endpoint.id}`
		const cases: [string, string][] = [
			['application/json', '[]'],
			['application/json', '"x"'],
			['application/json', '1'],
			['application/json', 'null'],
			['application/json', '{"activ":false}'],
			['application/json', '{"active":false,"__proto__":{"active":true}}'],
			['text/plain', '{"active":false}'],
			['application/x-www-form-urlencoded', 'active=false']
		]
		for (const [contentType, body] of cases) {
			const response = await raw(key, 'PATCH', path, contentType, body)
			expect({ contentType, body, status: response.status, answer: await response.json() }).toMatchObject({
				contentType,
				body,
				status: 400,
				answer: { code: 'invalid_query', details: { reason: 'invalid_input', field: 'body' } }
			})
		}
		expect((await (await call(key, 'GET', '/v1/webhooks')).json()).endpoints[0].active).toBe(true)
	})

	test('two changes of different fields, each sent before the other is written, both stay', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const { id } = await (await create(key, { url: 'https://hooks.example.com/both' })).json()
		let first: Promise<Response> | undefined
		let second: Promise<Response> | undefined
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`
			first = call(key, 'PATCH', `/v1/webhooks/${id}`, { description: 'first' })
			await statementsWaitingOnLocks(env.db.sql, 1)
			second = call(key, 'PATCH', `/v1/webhooks/${id}`, { events: ['coverage.degraded'] })
			await statementsWaitingOnLocks(env.db.sql, 2)
		})
		expect([(await first)?.status, (await second)?.status]).toEqual([200, 200])
		const [stored] = (await (await call(key, 'GET', '/v1/webhooks')).json()).endpoints
		expect({ description: stored.description, events: stored.events }).toEqual({ description: 'first', events: ['coverage.degraded'] })
	})

	test('a re-activation that waited on a change of its endpoint is checked against the plan as it is then', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'starter')
		const endpoint = async (url: string) => (await (await create(key, { url })).json()).id as string
		const [a, b] = [await endpoint('https://hooks.example.com/a'), await endpoint('https://hooks.example.com/b')]
		expect((await call(key, 'PATCH', `/v1/webhooks/${b}`, { active: false })).status).toBe(200)
		await endpoint('https://hooks.example.com/c')
		let activation: Promise<Response> | undefined
		// The activation finds its endpoint active; meanwhile the endpoint is deactivated and another takes its place at the cap.
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM webhook_endpoints WHERE id = ${a} FOR UPDATE`
			activation = call(key, 'PATCH', `/v1/webhooks/${a}`, { active: true })
			await statementsWaitingOnLocks(env.db.sql, 1)
			await tx`UPDATE webhook_endpoints SET active = (id = ${b}) WHERE id IN (${a}, ${b})`
		})
		expect((await (activation as Promise<Response>)).status).toBe(403)
		const listed = (await (await call(key, 'GET', '/v1/webhooks')).json()).endpoints as { active: boolean }[]
		expect(listed.filter((row) => row.active)).toHaveLength(2)
	})

	test('a JSON content type is matched in any letter case and with parameters', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const endpoint = await (await create(key, { url: 'https://hooks.example.com/case' })).json()
		for (const contentType of ['APPLICATION/JSON', 'Application/Json; charset=utf-8']) {
			const response = await raw(key, 'PATCH', `/v1/webhooks/${endpoint.id}`, contentType, JSON.stringify({ description: contentType }))
			expect({ status: response.status, description: (await response.json()).description }).toEqual({
				status: 200,
				description: contentType
			})
		}
	})
})

describe('DELETE /v1/webhooks/{id}', () => {
	test('is 204 and removes the secrets and every delivery, pending ones included', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const { id } = await (await create(key, { url: 'https://hooks.example.com/del', events: ['coverage.degraded'] })).json()
		await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${id}`).toHaveLength(1)
		expect((await call(key, 'DELETE', `/v1/webhooks/${id}`)).status).toBe(204)
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${id}`).toHaveLength(0)
		expect(await env.db.sql`SELECT 1 FROM webhook_secrets WHERE endpoint_id = ${id}`).toHaveLength(0)
		expect((await call(key, 'DELETE', `/v1/webhooks/${id}`)).status).toBe(404)
	})

	/** The notifier's writers of a delivery and then its endpoint: an attempt's outcome, and the sweep of stalled last attempts. */
	const notifierWriters: [string, (claim: ClaimedDelivery) => Promise<unknown>][] = [
		[
			'the outcome of an attempt',
			(claim) => recordOutcome(env.db.sql, claim, { ok: true, status: 200, error: null }, clock.now(), () => 0.5)
		],
		[
			'the abandoning of a stalled last attempt',
			async (claim) => {
				await env.db.sql`UPDATE webhook_deliveries SET attempt_count = ${MAX_ATTEMPTS}, lease_until = ${clock.now()} WHERE id = ${claim.id}`
				return abandonStalled(env.db.sql, clock.now())
			}
		]
	]
	for (const [writer, write] of notifierWriters) {
		test(`a deletion and ${writer} on one of its deliveries, each waiting on the other, both finish: no deadlock`, async () => {
			const { key } = await accountWithKey(env.db.sql, clock, 'pro')
			const { id } = await (await create(key, { url: 'https://hooks.example.com/busy', events: ['coverage.degraded'] })).json()
			await recordEvent(env.db.sql, coverageEvent(clock.now()), clock.now())
			// Endpoints of earlier tests take the event too: only this endpoint's delivery is claimed.
			const others = await env.db.sql<{ id: string }[]>`SELECT id FROM webhook_endpoints WHERE id <> ${id}`
			const skipEndpoints = others.map((row) => row.id)
			const [claim] = (await claimDueDeliveries(env.db.sql, { now: clock.now(), limit: 1, perEndpoint: 1, skipEndpoints, leaseMs: 0 }))
				.leased
			if (!claim) throw new Error('no delivery claimed')
			let deletion: Promise<Response> | undefined
			let written: Promise<unknown> | undefined
			// A reader of the delivery row (a resend's look-up) keeps the deletion at the row after it has locked the endpoint;
			// the notifier, which may update the row meanwhile, then goes for the endpoint.
			await env.db.sql.begin(async (tx) => {
				await tx`SELECT 1 FROM webhook_deliveries WHERE id = ${claim.id} FOR KEY SHARE`
				deletion = call(key, 'DELETE', `/v1/webhooks/${id}`)
				await statementsWaitingOnLocks(env.db.sql, 1)
				written = write(claim)
				await statementsWaitingOnLocks(env.db.sql, 2)
			})
			expect((await deletion)?.status).toBe(204)
			await written
			expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${id}`).toHaveLength(0)
		})
	}
})

describe('POST /v1/webhooks/{id}/rotate_secret', () => {
	test('a rotation that waits on the deletion of its endpoint is 404 webhook_not_found and writes no secret', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const { id } = await (await create(key, { url: 'https://hooks.example.com/gone' })).json()
		let rotation: Promise<Response> | undefined
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`
			rotation = call(key, 'POST', `/v1/webhooks/${id}/rotate_secret`)
			await statementsWaitingOnLocks(env.db.sql, 1)
			await tx`DELETE FROM webhook_secrets WHERE endpoint_id = ${id}`
			await tx`DELETE FROM webhook_endpoints WHERE id = ${id}`
		})
		const response = (await rotation) as Response
		expect({ status: response.status, body: await response.json() }).toMatchObject({
			status: 404,
			body: { details: { reason: 'webhook_not_found' } }
		})
		expect(await env.db.sql`SELECT 1 FROM webhook_secrets WHERE endpoint_id = ${id}`).toHaveLength(0)
	})

	test('issues a new secret and gives the previous one an expiry 7 days out; both sign until then', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const created = await (await create(key, { url: env.receiver.url('/rotate') })).json()
		const rotated = await (await call(key, 'POST', `/v1/webhooks/${created.id}/rotate_secret`)).json()
		expect(rotated.secret).toMatch(/^whsec_/)
		expect(rotated.secret).not.toBe(created.secret)
		expect(rotated.previous_secret_expires_at).toBe(new Date(clock.nowMs() + 7 * DAY).toISOString())

		await call(key, 'POST', `/v1/webhooks/${created.id}/test`)
		const during = env.receiver.requests.at(-1)
		const header = during?.headers.get('x-service-signature') ?? ''
		expect(header.match(/v1=/g)).toHaveLength(2)
		for (const secret of [created.secret, rotated.secret]) {
			await Stripe.webhooks.constructEventAsync(during?.body ?? '', header, secret, 300, undefined, clock.nowMs())
		}
		clock.advance(7 * DAY)
		await call(key, 'POST', `/v1/webhooks/${created.id}/test`)
		const after = env.receiver.requests.at(-1)
		expect(after?.headers.get('x-service-signature')?.match(/v1=/g)).toHaveLength(1)
		await Stripe.webhooks.constructEventAsync(
			after?.body ?? '',
			after?.headers.get('x-service-signature') ?? '',
			rotated.secret,
			300,
			undefined,
			clock.nowMs()
		)
	})
})

describe('POST /v1/webhooks/{id}/test', () => {
	test('sends a signed test.ping with livemode false and every header, and writes no event or delivery row', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const created = await (await create(key, { url: env.receiver.url('/ping') })).json()
		env.receiver.respondWith(() => new Response('pong', { status: 200 }))
		const [eventsBefore] = await env.db.sql`SELECT count(*)::int AS n FROM events`
		const response = await call(key, 'POST', `/v1/webhooks/${created.id}/test`)
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({
			delivered: true,
			http_status: 200,
			response_body: 'pong',
			error: null,
			latency_ms: expect.any(Number)
		})
		const request = env.receiver.requests.at(-1)
		const envelope = await Stripe.webhooks.constructEventAsync(
			request?.body ?? '',
			request?.headers.get('x-service-signature') ?? '',
			created.secret,
			300,
			undefined,
			clock.nowMs()
		)
		expect(envelope as unknown).toMatchObject({
			event: 'test.ping',
			livemode: false,
			api_version: '2026-04-20',
			event_id: expect.stringMatching(/^evt_/)
		})
		for (const name of [
			'x-service-event',
			'x-service-event-id',
			'x-service-timestamp',
			'x-service-delivery-id',
			'x-service-attempt',
			'user-agent'
		]) {
			expect(request?.headers.has(name)).toBe(true)
		}
		const [eventsAfter] = await env.db.sql`SELECT count(*)::int AS n FROM events`
		expect(eventsAfter?.n).toBe(eventsBefore?.n)
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${created.id}`).toHaveLength(0)
	})

	test('answers 200 describing a receiver failure, with the body truncated', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const created = await (await create(key, { url: env.receiver.url('/broken') })).json()
		env.receiver.respondWith(() => new Response('x'.repeat(100_000), { status: 500 }))
		const result = await (await call(key, 'POST', `/v1/webhooks/${created.id}/test`)).json()
		expect(result).toMatchObject({ delivered: false, http_status: 500 })
		expect(result.response_body.length).toBe(TEST_RESPONSE_BODY_BYTES)
		env.receiver.respondWith(() => new Response('ok'))
	})

	test('a redirect is reported, never followed', async () => {
		const target = startReceiver()
		const app2 = notificationsApp({ sql: env.db.sql, bus: env.bus, clock, secretKey, allowList: [env.receiver.origin, target.origin] })
		try {
			const { key } = await accountWithKey(env.db.sql, clock, 'pro')
			const created = await (await create(key, { url: env.receiver.url('/to-metadata') })).json()
			env.receiver.respondWith(() => new Response(null, { status: 307, headers: { Location: target.url('/latest/meta-data') } }))
			const response = await app2.handle(
				new Request(`http://localhost/v1/webhooks/${created.id}/test`, { method: 'POST', headers: bearer(key) })
			)
			expect(await response.json()).toMatchObject({ delivered: false, http_status: 307, error: expect.stringContaining('not followed') })
			expect(target.requests).toHaveLength(0)
		} finally {
			env.receiver.respondWith(() => new Response('ok'))
			await target.stop()
		}
	})

	test('is 409 no_active_secret when every secret has expired', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const created = await (await create(key, { url: env.receiver.url('/x') })).json()
		await env.db.sql`UPDATE webhook_secrets SET expires_at = ${clock.now()} WHERE endpoint_id = ${created.id}`
		const response = await call(key, 'POST', `/v1/webhooks/${created.id}/test`)
		expect(response.status).toBe(409)
		expect(await response.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'no_active_secret' } })
	})
})

describe('GET /v1/webhooks/{id}/deliveries', () => {
	test('lists newest first, filters by status and honours limit', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const { id } = await (await create(key, { url: 'https://hooks.example.com/d', events: ['coverage.degraded'] })).json()
		const eventIds: string[] = []
		for (let index = 0; index < 3; index++) {
			const event = coverageEvent(clock.now())
			eventIds.push(event.event_id)
			await recordEvent(env.db.sql, event, clock.now())
			clock.advance(1_000)
		}
		await env.db
			.sql`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${clock.now()}, attempt_count = 1 WHERE event_id = ${eventIds[0] ?? ''}`
		const all = await (await call(key, 'GET', `/v1/webhooks/${id}/deliveries`)).json()
		expect(all.deliveries.map((delivery: { event_id: string }) => delivery.event_id)).toEqual([...eventIds].reverse())
		expect(all.deliveries[2]).toMatchObject({ status: 'delivered', attempt_count: 1, event_type: 'coverage.degraded' })
		const pending = await (await call(key, 'GET', `/v1/webhooks/${id}/deliveries?status=pending&limit=1`)).json()
		expect(pending.deliveries.map((delivery: { event_id: string }) => delivery.event_id)).toEqual([eventIds[2]])
		const bad = await call(key, 'GET', `/v1/webhooks/${id}/deliveries?status=lost`)
		expect((await bad.json()).details).toMatchObject({ reason: 'invalid_input', field: 'status' })
		expect((await call(key, 'GET', `/v1/webhooks/${id}/deliveries?limit=201`)).status).toBe(400)
	})
})
