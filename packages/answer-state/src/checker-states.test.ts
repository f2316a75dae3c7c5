import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { CheckerStates } from './checker-states.ts'
import { type StateReport, heldStateOf } from './report.ts'

const H = 1_000
const FORGET = 10_000
const HOUR = 3_600_000

const setUp = () => {
	const clock = new TestClock('2026-11-24T12:00:00Z')
	return { clock, states: new CheckerStates({ clock, proofMs: H, forgetMs: FORGET }) }
}
const report = (replica: string, seq: number, state: string, extra: Partial<StateReport> = {}): StateReport => ({
	replica,
	seq,
	state,
	freshForMs: HOUR,
	...extra
})

describe('CheckerStates: when a held answer may be served without asking the checker', () => {
	test('serves while every replica reports the answer state, proven within H, and the answer is fresh', () => {
		const { clock, states } = setUp()
		const sentAt = clock.nowMs()
		states.heard(report('a', 1, 'S'), sentAt)
		states.heard(report('b', 4, 'S'), sentAt)
		const held = heldStateOf(report('a', 1, 'S'), sentAt)
		clock.advance(H - 1)
		expect(states.agreedState()).toBe('S')
		expect(states.servable(held)).toBe(true)
		expect(states.servable({ ...held, state: 'T' })).toBe(false)
	})

	test('stops serving once H has passed since the last proof, and serves again once a reply proves the state anew', () => {
		const { clock, states } = setUp()
		const held = heldStateOf(report('a', 1, 'S'), clock.nowMs())
		states.heard(report('a', 1, 'S'), clock.nowMs())
		clock.advance(H)
		expect(states.servable(held)).toBe(false)
		states.heard(report('a', 1, 'S'), clock.nowMs())
		expect(states.servable(held)).toBe(true)
	})

	test('a reply proves the state from when its request was sent, not from when it arrived', () => {
		const { clock, states } = setUp()
		const sentAt = clock.nowMs()
		clock.advance(H)
		states.heard(report('a', 1, 'S'), sentAt)
		expect(states.agreedState()).toBeUndefined()
	})

	test('stops serving at the answer’s freshness deadline, taken from the request’s sending less the clock-rate margin', () => {
		const { clock, states } = setUp()
		const sentAt = clock.nowMs()
		const held = heldStateOf(report('a', 1, 'S', { freshForMs: 100_000 }), sentAt)
		expect(held.freshUntilMs).toBe(sentAt + 99_000)
		clock.advance(98_999)
		states.heard(report('a', 1, 'S'), clock.nowMs())
		expect(states.servable(held)).toBe(true)
		clock.advance(1)
		states.heard(report('a', 1, 'S'), clock.nowMs())
		expect(states.servable(held)).toBe(false)
	})

	test('an announcement of another state stops serving at once; the new state counts only once a reply proves it', () => {
		const { clock, states } = setUp()
		states.heard(report('a', 1, 'S'), clock.nowMs())
		states.heard(report('a', 2, 'T'))
		expect(states.agreedState()).toBeUndefined()
		states.heard(report('a', 2, 'T'), clock.nowMs())
		expect(states.agreedState()).toBe('T')
	})

	test('replicas on different states agree on nothing, so neither state is served', () => {
		const { clock, states } = setUp()
		states.heard(report('a', 1, 'S'), clock.nowMs())
		states.heard(report('b', 1, 'T'), clock.nowMs())
		expect(states.agreedState()).toBeUndefined()
		expect(states.servable(heldStateOf(report('a', 1, 'S'), clock.nowMs()))).toBe(false)
	})

	test('a report overtaken by a later seq of its replica is ignored, proof and state alike', () => {
		const { clock, states } = setUp()
		states.heard(report('a', 2, 'T'))
		states.heard(report('a', 1, 'S'), clock.nowMs())
		expect(states.agreedState()).toBeUndefined()
		states.heard(report('a', 2, 'T'), clock.nowMs())
		expect(states.agreedState()).toBe('T')
	})

	test('two reports of one seq that disagree block agreement until a later seq', () => {
		const { clock, states } = setUp()
		states.heard(report('a', 1, 'S'), clock.nowMs())
		states.heard(report('a', 1, 'T'), clock.nowMs())
		expect(states.agreedState()).toBeUndefined()
		states.heard(report('a', 2, 'T'), clock.nowMs())
		expect(states.agreedState()).toBe('T')
	})

	test('a replica that leaves no longer counts, and a later reply to an older request does not bring it back', () => {
		const { clock, states } = setUp()
		const sentAt = clock.nowMs()
		states.heard(report('a', 1, 'S'), sentAt)
		states.heard(report('b', 1, 'T'), sentAt)
		states.heard(report('b', 2, 'T', { leaving: true }))
		expect(states.agreedState()).toBe('S')
		states.heard(report('b', 1, 'T'), sentAt)
		expect(states.agreedState()).toBe('S')
	})

	test('with no replica known, or only leaving ones, nothing is served', () => {
		const { clock, states } = setUp()
		expect(states.agreedState()).toBeUndefined()
		states.heard(report('a', 2, 'S', { leaving: true }), clock.nowMs())
		expect(states.agreedState()).toBeUndefined()
	})

	test('a replica silent for the forget time no longer holds agreement back; until then it does', () => {
		const { clock, states } = setUp()
		states.heard(report('gone', 1, 'T'), clock.nowMs())
		clock.advance(FORGET - 1)
		states.heard(report('a', 1, 'S'), clock.nowMs())
		expect(states.agreedState()).toBeUndefined()
		clock.advance(1)
		expect(states.agreedState()).toBe('S')
	})

	test('after the clock steps back no proof counts until it has caught up', () => {
		const { clock, states } = setUp()
		states.heard(report('a', 1, 'S'), clock.nowMs())
		const held = heldStateOf(report('a', 1, 'S'), clock.nowMs())
		clock.advance(-1)
		expect(states.agreedState()).toBeUndefined()
		expect(states.servable(held)).toBe(false)
	})
})
