import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { registerFactory } from '../../../checker/src/test-support/register-factory.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let app: ReturnType<typeof testApp>
let auth: Record<string, string>

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.tradingName(acme, 'UKGC', 'Acme Bet')
	await make.finishAllRuns()
	bus = await connectBus({ servers: nats.url, name: 'check-fuzz' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
	app = testApp({ sql: db.sql, bus, clock })
	// Enterprise: no per-second or monthly cap, so every generated call reaches the route.
	auth = bearer((await accountWithKey(db.sql, clock, 'enterprise')).key)
})

afterAll(async () => {
	await checker.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

const ENVELOPE_CODES = new Set(['invalid_query'])

/** 200 with a verdict, or a 400 in the SPEC envelope; anything else (500, 503, a hang) fails. */
async function expectAnswerOrEnvelope(response: Response, context: unknown) {
	const text = await response.text()
	let body: { verdict?: string; results?: unknown[]; code?: string; details?: { reason?: string } }
	try {
		body = JSON.parse(text)
	} catch {
		throw new Error(`non-JSON body for ${JSON.stringify(context)}: ${text.slice(0, 200)}`)
	}
	const ok =
		response.status === 200
			? body.verdict !== undefined || Array.isArray(body.results)
			: response.status === 400 && ENVELOPE_CODES.has(body.code ?? '') && typeof body.details?.reason === 'string'
	if (!ok) throw new Error(`unexpected ${response.status} ${text.slice(0, 300)} for ${JSON.stringify(context).slice(0, 300)}`)
}

const hostLike = fc.oneof(
	fc.domain(),
	fc.webUrl(),
	fc.string({ unit: 'binary', maxLength: 80 }),
	fc.string({ unit: 'grapheme', maxLength: 80 }),
	fc.stringMatching(/^[a-zA-Z0-9.\-_:/?#@%[\] ]{0,40}$/),
	fc.constantFrom(
		'acmebet.co.uk',
		'ACMEBET.CO.UK.',
		'xn--bcher-kva.example',
		'bücher.example',
		'127.0.0.1',
		'[::1]',
		'..',
		'.',
		'\u0000.com',
		'a\u202eb.com'
	),
	fc.integer({ min: 1_000, max: 12_000 }).map((size) => 'a'.repeat(size))
)
const asOfLike = fc.oneof(
	fc.constant(undefined),
	fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
	fc.string({ unit: 'binary', maxLength: 50 }),
	fc.constantFrom('2026-02-29', '2026-10-31', '2026-11-01', '9999-12-31', '2026-10-31T23:00:00-01:00')
)

describe('check endpoints under fuzzed input', () => {
	test('GET /v1/check with generated domain / license_number / as_of values answers 200 or the 400 envelope', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					domain: fc.option(hostLike, { nil: undefined }),
					license_number: fc.option(hostLike, { nil: undefined }),
					as_of: asOfLike
				}),
				async (params) => {
					const search = new URLSearchParams()
					for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value)
					await expectAnswerOrEnvelope(await app.handle(new Request(`http://localhost/v1/check?${search}`, { headers: auth })), params)
				}
			),
			{ numRuns: 400 }
		)
	})

	test('raw query strings (bad percent-encoding, control bytes, odd separators) answer 200 or the 400 envelope', async () => {
		const raw = fc.oneof(
			fc.string({ unit: 'binary', maxLength: 120 }).map((value) => encodeURI(value.replace(/[\uD800-\uDFFF]/g, ''))),
			fc.stringMatching(/^[a-z_=&%0-9A-F.;+[\]]{0,60}$/),
			fc.constantFrom(
				'domain=%',
				'domain=%zz',
				'domain=%E0%A4%A',
				'domain[]=a.com',
				'domain[a]=b',
				'&&&',
				'=',
				'domain',
				'domain=a.com&domain=',
				'license_number=%00',
				'as_of=%FF&domain=a.com'
			)
		)
		await fc.assert(
			fc.asyncProperty(raw, async (query) => {
				await expectAnswerOrEnvelope(await app.handle(new Request(`http://localhost/v1/check?${query}`, { headers: auth })), query)
			}),
			{ numRuns: 400 }
		)
	})

	test('POST /v1/check/batch with JSON of every type answers 200 or the 400 envelope', async () => {
		const body = fc.oneof(
			fc.jsonValue(),
			fc.record({ domains: fc.jsonValue() }),
			fc.record({ domains: fc.array(fc.oneof(fc.jsonValue(), hostLike), { minLength: 0, maxLength: 110 }) }),
			fc.record({ domains: fc.array(hostLike, { minLength: 1, maxLength: 100 }), extra: fc.jsonValue() })
		)
		await fc.assert(
			fc.asyncProperty(body, async (value) => {
				const response = await app.handle(
					new Request('http://localhost/v1/check/batch', {
						method: 'POST',
						headers: { 'content-type': 'application/json', ...auth },
						body: JSON.stringify(value)
					})
				)
				await expectAnswerOrEnvelope(response, value)
			}),
			{ numRuns: 300 }
		)
	})

	test('batch bodies that are not JSON, or sent with another content type, answer 400 never 500', async () => {
		const cases: [string, string][] = [
			['application/json', '{"domains":["a.com"'],
			['application/json', '\u0000'],
			['text/plain', '{"domains":["a.com"]}'],
			['application/x-www-form-urlencoded', 'domains=a.com'],
			['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="domains"\r\n\r\na.com\r\n--x--'],
			['application/octet-stream', '\u00ff\u00fe'],
			['', '']
		]
		for (const [type, body] of cases) {
			const headers: Record<string, string> = type === '' ? { ...auth } : { 'content-type': type, ...auth }
			const response = await app.handle(new Request('http://localhost/v1/check/batch', { method: 'POST', headers, body }))
			expect({ type, status: response.status }).toEqual({ type, status: 400 })
		}
	})
})
