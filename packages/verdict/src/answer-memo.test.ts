import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { AnswerMemo, nextFreshnessChangeMs } from './answer-memo.ts'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import { HOUR, JURISDICTIONS, NOW, READ_AT, brandWorld, index } from './test-support/index-rows.ts'

const world = brandWorld()
const QUERIES = [
	'brand.com',
	'www.brand.com',
	'shop.brand.com',
	'brandbet.co.uk',
	'BRAND.COM.',
	'northernlights.com',
	'casino.example',
	'brandgaming.net',
	'bränd.com'
]
const answerAt = (query: string, nowMs: number) => JSON.stringify(checkDomain(world.index, query, { now: new Date(nowMs) }))

describe('nextFreshnessChangeMs', () => {
	test('is the first instant a covered register goes stale: the earliest last read plus its SLA still ahead', () => {
		// The fixture reads every register an hour before NOW; the 24-hour SLAs lapse first.
		expect(nextFreshnessChangeMs(world.index, NOW.getTime())).toBe(READ_AT.getTime() + 24 * HOUR)
		expect(nextFreshnessChangeMs(world.index, READ_AT.getTime() + 24 * HOUR)).toBe(READ_AT.getTime() + 48 * HOUR)
		expect(nextFreshnessChangeMs(world.index, READ_AT.getTime() + 48 * HOUR)).toBe(Number.POSITIVE_INFINITY)
	})

	test('a register never read has nothing to lapse', () => {
		const unread = index({ readAt: Object.fromEntries(JURISDICTIONS.map(({ code }) => [code, null])) })
		expect(nextFreshnessChangeMs(unread, NOW.getTime())).toBe(Number.POSITIVE_INFINITY)
	})
})

describe('AnswerMemo', () => {
	test('a remembered answer is byte-identical to a fresh one at any later instant, across every register going stale', () => {
		fc.assert(
			fc.property(
				fc.array(fc.record({ query: fc.constantFrom(...QUERIES), offsetMs: fc.integer({ min: 0, max: 60 * HOUR }) }), {
					minLength: 1,
					maxLength: 30
				}),
				(calls) => {
					const memo = new AnswerMemo<string>(100)
					const ordered = [...calls].sort((a, b) => a.offsetMs - b.offsetMs)
					for (const { query, offsetMs } of ordered) {
						const nowMs = NOW.getTime() + offsetMs
						expect(memo.answer(world.index, nowMs, query, () => answerAt(query, nowMs))).toBe(answerAt(query, nowMs))
					}
				}
			)
		)
	})

	test('answers again once a register goes stale, and the new answer says so', () => {
		const memo = new AnswerMemo<string>(10)
		const lapse = nextFreshnessChangeMs(world.index, NOW.getTime())
		const before = memo.answer(world.index, lapse - 1, 'brand.com', () => answerAt('brand.com', lapse - 1))
		let computed = 0
		const after = memo.answer(world.index, lapse, 'brand.com', () => {
			computed++
			return answerAt('brand.com', lapse)
		})
		expect(computed).toBe(1)
		expect(JSON.parse(before)._meta.register.fresh).toBe(true)
		expect(JSON.parse(after)._meta.register.fresh).toBe(false)
	})

	test('a clock stepped back before the answers were remembered answers anew', () => {
		const memo = new AnswerMemo<string>(10)
		const lapse = nextFreshnessChangeMs(world.index, NOW.getTime())
		memo.answer(world.index, lapse, 'brand.com', () => answerAt('brand.com', lapse))
		const earlier = memo.answer(world.index, lapse - HOUR, 'brand.com', () => answerAt('brand.com', lapse - HOUR))
		expect(JSON.parse(earlier)._meta.register.fresh).toBe(true)
	})

	test('a new index snapshot forgets every answer of the old one, and which queries it was asked', () => {
		const memo = new AnswerMemo<string>(10)
		memo.answer(world.index, NOW.getTime(), 'brand.com', () => 'old')
		memo.answer(world.index, NOW.getTime(), 'brand.com', () => 'old')
		const rebuilt = index(world.fixture)
		expect(memo.answer(rebuilt, NOW.getTime(), 'brand.com', () => 'new')).toBe('new')
		expect(memo.answer(rebuilt, NOW.getTime(), 'brand.com', () => 'newer')).toBe('newer')
		expect(memo.answer(rebuilt, NOW.getTime(), 'brand.com', () => 'newest')).toBe('newer')
	})

	test('remembers an answer once its query is asked a second time, so one-off queries never push out answers asked again', () => {
		const memo = new AnswerMemo<string>(2)
		let asked = 0
		const ask = (query: string) => memo.answer(world.index, NOW.getTime(), query, () => `${query} #${++asked}`)
		ask('popular')
		ask('popular')
		for (let n = 0; n < 100; n++) ask(`one-off ${n}`)
		expect(memo.size).toBe(1)
		expect(ask('popular')).toBe('popular #2')
	})

	test('tells the computation beforehand whether its answer will be kept: not on a first ask, yes on a second', () => {
		const memo = new AnswerMemo<string>(10)
		const keptFlags: boolean[] = []
		const ask = (query: string) =>
			memo.answer(world.index, NOW.getTime(), query, (kept) => {
				keptFlags.push(kept)
				return query
			})
		for (const query of ['once', 'twice', 'twice', 'twice']) ask(query)
		expect(keptFlags).toEqual([false, false, true])
	})

	test('notes the queries of the latest four times its capacity first asks; a query noted again later keeps its later place', () => {
		const memo = new AnswerMemo<string>(1)
		const keptFlags = new Map<string, boolean[]>()
		const ask = (query: string) =>
			memo.answer(world.index, NOW.getTime(), query, (kept) => {
				keptFlags.set(query, [...(keptFlags.get(query) ?? []), kept])
				return query
			})
		for (const query of ['early', 'a', 'b', 'c', 'd', 'early']) ask(query)
		expect(keptFlags.get('early')).toEqual([false, false])
		// x is kept, then pushed out of the answers by y, then noted again: four first asks later it is still noted.
		for (const query of ['x', 'x', 'y', 'y', 'x', 'z1', 'z2', 'x']) ask(query)
		expect(keptFlags.get('x')).toEqual([false, true, false, true])
	})

	test('a second ask that throws is still kept on the next ask that succeeds', () => {
		const memo = new AnswerMemo<string>(10)
		memo.answer(world.index, NOW.getTime(), 'flaky', () => 'first')
		expect(() =>
			memo.answer(world.index, NOW.getTime(), 'flaky', () => {
				throw new Error('history unreadable')
			})
		).toThrow()
		memo.answer(world.index, NOW.getTime(), 'flaky', () => 'third')
		expect(memo.answer(world.index, NOW.getTime(), 'flaky', () => 'fourth')).toBe('third')
	})

	test('the same text asked as a domain and as a licence number are different questions', () => {
		const memo = new AnswerMemo<string>(10)
		const number = '039011-R-319371-005'
		const asDomain = memo.answer(world.index, NOW.getTime(), `domain\u0000${number}`, () => 'domain answer')
		const asNumber = memo.answer(world.index, NOW.getTime(), `license_number\u0000${number}`, () =>
			JSON.stringify(checkLicenseNumber(world.index, number, { now: NOW }))
		)
		expect(asDomain).toBe('domain answer')
		expect(JSON.parse(asNumber).verdict).toBe('licensed')
	})

	test('keeps at most its capacity, forgetting the oldest answer first', () => {
		const memo = new AnswerMemo<string>(2)
		const ask = (query: string) => memo.answer(world.index, NOW.getTime(), query, () => `${query} #${++asked}`)
		let asked = 0
		for (const query of ['a', 'a', 'b', 'b', 'c', 'c']) ask(query)
		expect(memo.size).toBe(2)
		expect(ask('b')).toBe('b #4')
		expect(ask('a')).toBe('a #7')
	})

	test('a check that throws remembers nothing', () => {
		const memo = new AnswerMemo<string>(10)
		expect(() => memo.answer(world.index, NOW.getTime(), 'bad', () => answerAt('https://x/y', NOW.getTime()))).toThrow()
		expect(memo.size).toBe(0)
	})
})
