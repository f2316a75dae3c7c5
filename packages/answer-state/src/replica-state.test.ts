import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { MAX_FRESH_FOR_MS, ReplicaAnswerState } from './replica-state.ts'

type Index = { readonly state: string; readonly staleAtMs: number }

const counting = () => {
	let described = 0
	const state = new ReplicaAnswerState<Index>((index, nowMs) => {
		described++
		return {
			state: nowMs < index.staleAtMs ? `${index.state}/fresh` : `${index.state}/stale`,
			nextChangeMs: nowMs < index.staleAtMs ? index.staleAtMs : Number.POSITIVE_INFINITY
		}
	}, 'replica-1')
	return { state, described: () => described }
}

describe('ReplicaAnswerState: what a checker replica reports of its answers', () => {
	test('one snapshot inside its freshness window is described once and reported with one seq and the time left', () => {
		const clock = new TestClock()
		const { state, described } = counting()
		const index = { state: 'v1', staleAtMs: clock.nowMs() + 5_000 }
		expect(state.report(index, clock.nowMs())).toEqual({ replica: 'replica-1', seq: 1, state: 'v1/fresh', freshForMs: 5_000 })
		clock.advance(2_000)
		expect(state.report(index, clock.nowMs())).toEqual({ replica: 'replica-1', seq: 1, state: 'v1/fresh', freshForMs: 3_000 })
		expect(described()).toBe(1)
	})

	test('a new snapshot or a passed freshness deadline raises seq when the state differs, and only then', () => {
		const clock = new TestClock()
		const { state } = counting()
		const staleAtMs = clock.nowMs() + 5_000
		state.report({ state: 'v1', staleAtMs }, clock.nowMs())
		expect(state.report({ state: 'v1', staleAtMs }, clock.nowMs()).seq).toBe(1)
		expect(state.report({ state: 'v2', staleAtMs }, clock.nowMs()).seq).toBe(2)
		const v2 = { state: 'v2', staleAtMs }
		state.report(v2, clock.nowMs())
		clock.advance(5_000)
		expect(state.report(v2, clock.nowMs())).toMatchObject({ seq: 3, state: 'v2/stale', freshForMs: MAX_FRESH_FOR_MS })
	})

	test('a clock stepped back before the window describes the state again', () => {
		const clock = new TestClock()
		const { state, described } = counting()
		const index = { state: 'v1', staleAtMs: clock.nowMs() + 5_000 }
		state.report(index, clock.nowMs())
		clock.advance(-1)
		state.report(index, clock.nowMs())
		expect(described()).toBe(2)
	})

	test('leaving raises seq and marks every later report', () => {
		const clock = new TestClock()
		const { state } = counting()
		const index = { state: 'v1', staleAtMs: clock.nowMs() + 5_000 }
		state.report(index, clock.nowMs())
		expect(state.leave(index, clock.nowMs())).toMatchObject({ seq: 2, state: 'v1/fresh', leaving: true })
		expect(state.report(index, clock.nowMs())).toMatchObject({ seq: 2, leaving: true })
	})
})
