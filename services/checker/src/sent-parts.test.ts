import { describe, expect, test } from 'bun:test'
import { SentParts, framedParts } from './sent-parts.ts'

const part = (at: number, tag: string) => ({ at, length: 10, tag })
const heldFlags = (sent: Set<string>, tags: string[]) => framedParts(sent, tags.map((tag, at) => part(at * 10, tag))).map(({ held }) => held)

describe('parts sent to a store', () => {
	test('a part sent to a store in full travels as its tag the next time, also later in the same answer; another store gets it in full', () => {
		const parts = new SentParts()
		expect(heldFlags(parts.sentTo('gateway-a.0'), ['aaaa', 'bbbb', 'aaaa'])).toEqual([false, false, true])
		expect(heldFlags(parts.sentTo('gateway-a.0'), ['bbbb', 'cccc'])).toEqual([true, false])
		expect(heldFlags(parts.sentTo('gateway-b.0'), ['bbbb'])).toEqual([false])
	})

	test('a new epoch of a store is sent every part in full again', () => {
		const parts = new SentParts()
		heldFlags(parts.sentTo('gateway-a.0'), ['aaaa'])
		expect(heldFlags(parts.sentTo('gateway-a.1'), ['aaaa'])).toEqual([false])
		expect(heldFlags(parts.sentTo('gateway-a.1'), ['aaaa'])).toEqual([true])
	})

	test('past eight stores, the one longest unused is forgotten and sent in full again', () => {
		const parts = new SentParts()
		for (let n = 0; n < 9; n++) heldFlags(parts.sentTo(`gateway-${n}.0`), ['aaaa'])
		expect(heldFlags(parts.sentTo('gateway-8.0'), ['aaaa'])).toEqual([true])
		expect(heldFlags(parts.sentTo('gateway-0.0'), ['aaaa'])).toEqual([false])
	})
})
