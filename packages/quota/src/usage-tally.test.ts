import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { UsageTally } from './usage-tally.ts'

const ACCOUNT = '00000000-0000-4000-8000-000000000001'
const KEY = '00000000-0000-4000-8000-0000000000a1'
const OTHER_KEY = '00000000-0000-4000-8000-0000000000a2'

describe('UsageTally', () => {
	test('puts each call on the UTC day it was made, across midnight at the end of a month, whenever it is drained', () => {
		const clock = new TestClock('2026-10-31T23:59:59.400Z')
		const tally = new UsageTally()
		tally.note(ACCOUNT, KEY, 'call', clock.nowMs())
		tally.note(ACCOUNT, KEY, 'call', clock.nowMs())
		clock.advance(600)
		tally.note(ACCOUNT, KEY, 'call', clock.nowMs())
		tally.note(ACCOUNT, KEY, 'per_second_limit_exceeded', clock.nowMs())
		tally.note(ACCOUNT, OTHER_KEY, 'call', clock.nowMs())
		clock.advanceHours(3)
		expect(tally.drain()).toEqual([
			{ accountId: ACCOUNT, keyId: KEY, day: '2026-10-31', outcome: 'call', count: 2 },
			{ accountId: ACCOUNT, keyId: KEY, day: '2026-11-01', outcome: 'call', count: 1 },
			{ accountId: ACCOUNT, keyId: KEY, day: '2026-11-01', outcome: 'per_second_limit_exceeded', count: 1 },
			{ accountId: ACCOUNT, keyId: OTHER_KEY, day: '2026-11-01', outcome: 'call', count: 1 }
		])
		expect(tally.isEmpty).toBe(true)
		expect(tally.drain()).toEqual([])
	})

	test('counts put back after a failed write are added to the ones counted meanwhile', () => {
		const clock = new TestClock('2026-11-10T12:00:00.000Z')
		const tally = new UsageTally()
		tally.note(ACCOUNT, KEY, 'call', clock.nowMs())
		const failed = tally.drain()
		tally.note(ACCOUNT, KEY, 'call', clock.nowMs())
		tally.restore(failed)
		expect(tally.drain()).toEqual([{ accountId: ACCOUNT, keyId: KEY, day: '2026-11-10', outcome: 'call', count: 2 }])
	})
})
