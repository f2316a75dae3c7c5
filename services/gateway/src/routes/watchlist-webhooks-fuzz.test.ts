import { beforeAll, describe, test } from 'bun:test'
import fc from 'fast-check'
import { EVENT_NAMES } from '@lv/contracts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { insertOperator, webhookAppPerFile } from '../test-support/webhooks.ts'

const env = webhookAppPerFile('watchlist-webhooks-fuzz')
const { clock } = env
/** One call with the key; the clock stays put, so the key's lease never runs out however many calls a property makes. */
const call = (key: string, method: string, path: string, body?: unknown) =>
	env.app.handle(
		new Request(`http://localhost${path}`, {
			method,
			headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body)
		})
	)
let key: string
let endpointId: string

beforeAll(async () => {
	await insertOperator(env.db.sql, clock.now(), 'acme-gaming')
	// Enterprise: no watchlist, endpoint, per-second or poll cap, so every generated call reaches the route at one instant.
	key = (await accountWithKey(env.db.sql, clock, 'enterprise')).key
	endpointId = (
		await (await call(key, 'POST', '/v1/webhooks', { url: 'https://hooks.example.com/fuzz', events: ['license.issued'] })).json()
	).id
})

/** 2xx, or a 4xx in the SPEC envelope; a 500, another status or another body fails. */
async function expectAnswerOrEnvelope(response: Response, context: unknown) {
	const text = await response.text()
	const body = text === '' ? {} : JSON.parse(text)
	const answered = response.status >= 200 && response.status < 300
	const refused =
		response.status >= 400 &&
		response.status < 500 &&
		typeof body.error === 'string' &&
		typeof body.code === 'string' &&
		typeof body.details?.reason === 'string'
	if (!answered && !refused)
		throw new Error(`unexpected ${response.status} ${text.slice(0, 300)} for ${JSON.stringify(context).slice(0, 300)}`)
}

/** Text mixing the characters stores and parsers trip on (NUL, controls, bidi and BOM) with ordinary ones. */
const awkwardText = fc.string({
	unit: fc.constantFrom('\u0000', '\u0001', '\u007f', '\u202e', '\ufeff', '\ud800', 'a', '-', '.', '/', ':', 'é'),
	maxLength: 40
})
const text = fc.oneof(awkwardText, fc.string({ maxLength: 40 }), fc.constantFrom('acme-gaming', 'ACME-GAMING', '', ' ', 'x'.repeat(600)))
const anyValue = fc.oneof(fc.jsonValue(), text)
/** Mostly a value the route takes, so the other fields of a body are reached too; sometimes anything. */
const mostly = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: anyValue, weight: 1 })
const webhookFields = {
	url: mostly(
		fc.oneof(
			text.map((path) => `https://hooks.example.com/${path}`),
			fc.constantFrom('https://hooks.example.com/a', 'http://localhost/')
		)
	),
	events: mostly(fc.array(fc.constantFrom(...EVENT_NAMES), { minLength: 1, maxLength: 3 })),
	watchlist_only: mostly(fc.boolean()),
	active: mostly(fc.boolean()),
	description: mostly(fc.oneof(text, fc.constant(null)))
}

describe('watchlist and webhook routes under fuzzed input', () => {
	test('POST /v1/watchlist/operators with any JSON answers 2xx or the envelope', async () => {
		const body = fc.oneof(fc.jsonValue(), fc.record({ operator_slug: fc.oneof(text, anyValue) }))
		await fc.assert(
			fc.asyncProperty(body, async (value) => {
				await expectAnswerOrEnvelope(await call(key, 'POST', '/v1/watchlist/operators', value), value)
				await call(key, 'DELETE', '/v1/watchlist/operators/acme-gaming')
			}),
			{ numRuns: 200 }
		)
	})

	test('POST /v1/webhooks and PATCH /v1/webhooks/{id} with any JSON answer 2xx or the envelope', async () => {
		const request = fc.oneof(
			fc.tuple(fc.constant('POST'), fc.oneof(fc.jsonValue(), fc.record(webhookFields, { requiredKeys: ['url', 'events'] }))),
			fc.tuple(fc.constant('PATCH'), fc.oneof(fc.jsonValue(), fc.record(webhookFields, { requiredKeys: [] })))
		)
		await fc.assert(
			fc.asyncProperty(request, async ([method, value]) => {
				const path = method === 'POST' ? '/v1/webhooks' : `/v1/webhooks/${endpointId}`
				await expectAnswerOrEnvelope(await call(key, method, path, value), { method, value })
			}),
			{ numRuns: 300 }
		)
	})

	test('the webhook and watchlist paths and queries, cursors forged or not, answer 2xx or the envelope', async () => {
		const cursor = fc.oneof(
			text,
			fc
				.record(
					{
						v: mostly(fc.constant(1)),
						s: mostly(fc.maxSafeNat()),
						f: mostly(fc.oneof(fc.constant(null), fc.maxSafeInteger(), fc.integer({ min: 0, max: 2e12 }))),
						h: mostly(fc.maxSafeNat())
					},
					{ requiredKeys: ['v', 's', 'f'] }
				)
				.map((document) => Buffer.from(JSON.stringify(document)).toString('base64url'))
		)
		const dateTime = fc
			.tuple(
				fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31T23:59:59Z') }),
				fc.constantFrom('Z', '-23:59', '+14:00')
			)
			.map(([date, offset]) => `${date.toISOString().slice(0, 19)}${offset}`)
		const request = fc.oneof(
			fc.tuple(
				fc.constant('GET /v1/watchlist/events'),
				fc.dictionary(fc.constantFrom('since', 'limit', 'cursor'), fc.oneof(text, cursor), { maxKeys: 3 })
			),
			fc.tuple(fc.constant('GET /v1/watchlist/events'), fc.record({ cursor }, { requiredKeys: ['cursor'] })),
			fc.tuple(fc.constant('GET /v1/watchlist/events'), fc.record({ since: dateTime }, { requiredKeys: ['since'] })),
			fc.tuple(fc.constant('GET /v1/watchlist/operators'), fc.dictionary(fc.constantFrom('limit', 'offset'), text, { maxKeys: 2 })),
			fc.tuple(fc.constant('GET /v1/webhooks/:id/deliveries'), fc.dictionary(fc.constantFrom('status', 'limit'), text, { maxKeys: 2 })),
			fc.tuple(
				fc.constantFrom(
					'DELETE /v1/watchlist/operators/:text',
					'GET /v1/webhooks/:text/deliveries',
					'POST /v1/webhooks/:text/rotate_secret'
				),
				fc.constant({})
			)
		)
		await fc.assert(
			fc.asyncProperty(request, text, async ([route, query], segment) => {
				const [method, template] = route.split(' ') as [string, string]
				const path = template
					.replace(':id', endpointId)
					.replace(':text', encodeURIComponent(segment.replace(/[\uD800-\uDFFF]/g, '')) || 'x')
				const search = new URLSearchParams(query as Record<string, string>).toString()
				const response = await call(key, method, `${path}${search ? `?${search}` : ''}`)
				await expectAnswerOrEnvelope(response, { route, query, segment })
			}),
			{ numRuns: 300 }
		)
	})
})
