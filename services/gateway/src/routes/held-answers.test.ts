import { describe, expect, test } from 'bun:test'
import { HeldAnswers } from './held-answers.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const answer = (tag: string) => ({ tag, body: bytes(`{"tag":"${tag}"}`), standing: undefined })
const heldTags = (held: HeldAnswers, keys: string[]) => keys.map((key) => held.get(key)?.tag)

describe('held answers', () => {
	test('hold at most their capacity: a newly held answer forgets the one held that many holds ago', () => {
		const held = new HeldAnswers(3)
		for (const key of ['a', 'b', 'c', 'd']) held.hold(key, answer(key))
		expect(heldTags(held, ['a', 'b', 'c', 'd'])).toEqual([undefined, 'b', 'c', 'd'])
		for (let i = 0; i < 10_000; i++) held.hold(`k${i}`, answer(`k${i}`))
		expect(heldTags(held, ['b', 'k9996', 'k9997', 'k9998', 'k9999'])).toEqual([undefined, undefined, 'k9997', 'k9998', 'k9999'])
	})

	test('an answer held again with other bytes counts as newly held; with the same bytes it keeps its place and takes the new standing', () => {
		const held = new HeldAnswers(3)
		for (const key of ['a', 'b', 'c']) held.hold(key, answer(key))
		held.hold('a', answer('a2'))
		held.hold('d', answer('d'))
		expect(heldTags(held, ['a', 'b', 'c', 'd'])).toEqual(['a2', undefined, 'c', 'd'])
		const standing = { state: 's', freshUntilMs: 1 } as never
		held.hold('c', { ...answer('c'), standing })
		expect(held.get('c')?.standing).toBe(standing)
		held.hold('e', answer('e'))
		expect(heldTags(held, ['a', 'c', 'd', 'e'])).toEqual(['a2', undefined, 'd', 'e'])
	})

	test('keep a copy of the bytes, not a view into the reply they came in', () => {
		const reply = bytes('xx{"tag":"a"}yy')
		const held = new HeldAnswers()
		held.hold('a', { tag: 'a', body: reply.subarray(2, 13), standing: undefined })
		reply.fill(0)
		expect(new TextDecoder().decode(held.get('a')?.body)).toBe('{"tag":"a"}')
	})
})
