import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, decodeBody, respond } from '@lv/bus'
import { TestClock } from '@lv/clock'
import {
	CheckManyRequest,
	type FramedAnswer,
	MAX_CHECKS_PER_MESSAGE,
	type OneCheck,
	QUEUE_GROUPS,
	UNCHANGED,
	answerTag,
	encodeFramedAnswers,
	subjects
} from '@lv/contracts'
import { AppError } from '@lv/errors'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, startNats } from '@lv/testing'
import { createCheckDispatcher } from './check-dispatch.ts'

let nats: NatsHandle
let gatewayBus: Bus
let checkerBus: Bus
const messageSizes: number[] = []
const received: OneCheck[] = []
/** The stand-in checker's current answer per domain under `tagged.example`: tagged, and UNCHANGED when offered back. */
const taggedAnswers = new Map<string, string>()
const clock = new TestClock('2026-11-23T00:00:00Z')

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

beforeAll(async () => {
	nats = await startNats()
	;[gatewayBus, checkerBus] = await Promise.all([
		connectBus({ servers: nats.url, name: 'gateway' }),
		connectBus({ servers: nats.url, name: 'checker' })
	])
	// A stand-in checker: echoes each domain, and answers the domain "refused.example" with a 400 envelope.
	respond(checkerBus, {
		subject: subjects.checkMany,
		queue: QUEUE_GROUPS.checker,
		schema: CheckManyRequest,
		logger: silentLogger,
		handler: (body) => {
			messageSizes.push(body.checks.length)
			received.push(...body.checks)
			return encodeFramedAnswers(body.checks.map(standInAnswer))
		}
	})
	await checkerBus.nc.flush()
})

function standInAnswer(check: OneCheck): FramedAnswer {
	const domain = 'domain' in check ? check.domain : ''
	if (domain === 'refused.example')
		return { status: 400, body: jsonBytes({ error: 'no', code: 'invalid_query', details: { reason: 'invalid_input', field: 'as_of' } }) }
	const tagged = taggedAnswers.get(domain)
	if (tagged === undefined) return { status: 200, body: jsonBytes({ echo: { ...check, known: undefined } }) }
	const bytes = new TextEncoder().encode(tagged)
	const tag = answerTag(bytes)
	return check.known === tag ? { status: UNCHANGED, body: new Uint8Array(0), tag } : { status: 200, body: bytes, tag }
}

afterAll(async () => {
	await Promise.all([gatewayBus.close(), checkerBus.close()])
	await nats.stop()
})

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('check dispatcher', () => {
	test('a lone check travels alone and its answer comes back as the bytes the checker wrote', async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
		messageSizes.length = 0
		expect(text(await dispatcher.answer({ license_number: '000-1', as_of: '2026-01-01' }))).toBe(
			'{"echo":{"license_number":"000-1","as_of":"2026-01-01"}}'
		)
		expect(messageSizes).toEqual([1])
	})

	test('checks arriving while messages are in flight travel together, and each caller gets its own answer', async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
		messageSizes.length = 0
		const domains = Array.from({ length: 300 }, (_, i) => `site${i}.example`)
		const answers = await Promise.all(domains.map((domain) => Promise.resolve(dispatcher.answer({ domain })).then(text)))
		expect(answers).toEqual(domains.map((domain) => JSON.stringify({ echo: { domain } })))
		expect(messageSizes.reduce((a, b) => a + b, 0)).toBe(300)
		expect(messageSizes.length).toBeLessThan(300)
	})

	test("one check's error answer is that caller's AppError and leaves the others in its message alone", async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
		const outcomes = await Promise.all(
			['a.example', 'refused.example', 'b.example'].map((domain) =>
				Promise.resolve(dispatcher.answer({ domain })).then(text, (error: unknown) => error)
			)
		)
		expect(outcomes[0]).toBe('{"echo":{"domain":"a.example"}}')
		expect(outcomes[1]).toBeInstanceOf(AppError)
		expect(outcomes[1]).toMatchObject({ status: 400, code: 'invalid_query', reason: 'invalid_input', field: 'as_of' })
		expect(outcomes[2]).toBe('{"echo":{"domain":"b.example"}}')
	})

	test('an answer held from before is offered back as known; unchanged, its bytes are answered again, whole, to every caller; changed, the new bytes are', async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
		taggedAnswers.set('held.tagged.example', '{"verdict":"licensed","n":1}')
		received.length = 0
		expect(text(await dispatcher.answer({ domain: 'held.tagged.example' }))).toBe('{"verdict":"licensed","n":1}')
		const again = await Promise.all(Array.from({ length: 5 }, () => dispatcher.answer({ domain: 'held.tagged.example' })))
		for (const bytes of again) expect(await new Response(bytes as BodyInit).text()).toBe('{"verdict":"licensed","n":1}')
		for (const bytes of again) expect(await new Response(bytes as BodyInit).text()).toBe('{"verdict":"licensed","n":1}')
		expect(received[0]).toEqual({ domain: 'held.tagged.example' })
		expect(received.slice(1).map((check) => check.known)).toEqual(
			Array(5).fill(answerTag(new TextEncoder().encode('{"verdict":"licensed","n":1}')))
		)
		taggedAnswers.set('held.tagged.example', '{"verdict":"licence_not_active","n":2}')
		expect(text(await dispatcher.answer({ domain: 'held.tagged.example' }))).toBe('{"verdict":"licence_not_active","n":2}')
		expect(text(await dispatcher.answer({ domain: 'held.tagged.example' }))).toBe('{"verdict":"licence_not_active","n":2}')
	})

	test('a check with as_of, or an untagged answer, is never offered back as known', async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
		taggedAnswers.set('asof.tagged.example', '{"verdict":"licensed"}')
		received.length = 0
		for (let i = 0; i < 2; i++) {
			await dispatcher.answer({ domain: 'asof.tagged.example', as_of: '2026-01-01' })
			await dispatcher.answer({ domain: 'untagged.example' })
		}
		expect(received.every((check) => check.known === undefined)).toBe(true)
	})

	test.each([
		['with two messages allowed in flight', 2],
		['by default (ADR 0059)', undefined]
	])('%s, a second message goes out while the first is unanswered, so two replicas answer at once', async (_, messagesInFlight) => {
		const pairNats = await startNats()
		const [senderBus, replicaBus] = await Promise.all([
			connectBus({ servers: pairNats.url, name: 'gateway' }),
			connectBus({ servers: pairNats.url, name: 'replicas' })
		])
		// Stand-in replicas that answer nothing until two messages are being worked on at once.
		const waiting: (() => void)[] = []
		respond(replicaBus, {
			subject: subjects.checkMany,
			queue: QUEUE_GROUPS.checker,
			schema: CheckManyRequest,
			logger: silentLogger,
			handler: async (body) => {
				await new Promise<void>((resolve) => {
					waiting.push(resolve)
					if (waiting.length >= 2) for (const release of waiting.splice(0)) release()
				})
				return encodeFramedAnswers(body.checks.map(standInAnswer))
			}
		})
		try {
			await replicaBus.nc.flush()
			const dispatcher = createCheckDispatcher({ bus: senderBus, clock, timeoutMs: 1_000, messagesInFlight })
			const first = Promise.resolve(dispatcher.answer({ domain: 'first.example' })).then(text)
			await new Promise((resolve) => setImmediate(resolve))
			const second = Promise.resolve(dispatcher.answer({ domain: 'second.example' })).then(text)
			expect(await Promise.all([first, second])).toEqual(['{"echo":{"domain":"first.example"}}', '{"echo":{"domain":"second.example"}}'])
		} finally {
			await Promise.all([senderBus.close(), replicaBus.close()])
			await pairNats.stop()
		}
	})

	test('every check.many message the dispatcher sends is a valid CheckManyRequest, full messages and every kind of check included (ADR 0065)', async () => {
		const sent: Uint8Array[] = []
		const tap = gatewayBus.nc.subscribe(subjects.checkMany, { callback: (_, msg) => void sent.push(msg.data) })
		await gatewayBus.nc.flush()
		try {
			const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000 })
			taggedAnswers.set('known.tagged.example', '{"verdict":"licensed"}')
			await dispatcher.answer({ domain: 'known.tagged.example' })
			const checks: OneCheck[] = [
				...Array.from({ length: MAX_CHECKS_PER_MESSAGE * 2 }, (_, i) => ({ domain: `full${i}.example` })),
				{ domain: 'known.tagged.example' },
				{ domain: 'asof.example', as_of: '2026-01-01' },
				{ license_number: '000-1' },
				{ license_number: '000-2', as_of: '2026-02-01T00:00:00Z' }
			]
			await Promise.all(checks.map((check) => dispatcher.answer(check)))
			await gatewayBus.nc.flush()
		} finally {
			tap.unsubscribe()
		}
		const messages = sent.map((data) => decodeBody(CheckManyRequest, subjects.checkMany, data))
		expect(messages.map((message) => message.checks.length)).toContain(MAX_CHECKS_PER_MESSAGE)
		expect(messages.flatMap((message) => message.checks).some((check) => check.known !== undefined)).toBe(true)
		expect(messages.flatMap((message) => message.checks)).toHaveLength(MAX_CHECKS_PER_MESSAGE * 2 + 5)
	})

	test('with no checker listening every waiting check is a 503 checker_unavailable', async () => {
		const dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 500 })
		await checkerBus.drain()
		const failures = await Promise.all(
			['a.example', 'b.example'].map((domain) => Promise.resolve(dispatcher.answer({ domain })).catch((error: unknown) => error))
		)
		for (const failure of failures)
			expect(failure).toMatchObject({ status: 503, code: 'service_unavailable', reason: 'checker_unavailable' })
	})
})
