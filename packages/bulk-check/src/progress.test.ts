import { expect, test } from 'bun:test'
import { progressOf } from './progress.ts'

test('progress gives the rate so far and the time left at that rate', () => {
	expect(progressOf({ done: 500, total: 2000, startedAtMs: 0, nowMs: 10_000 })).toEqual({
		done: 500,
		total: 2000,
		percent: 25,
		perSecond: 50,
		secondsLeft: 30
	})
	expect(progressOf({ done: 0, total: 2000, startedAtMs: null, nowMs: 10_000 })).toMatchObject({
		percent: 0,
		perSecond: null,
		secondsLeft: null
	})
})
