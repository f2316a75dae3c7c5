import { describe, expect, test } from 'bun:test'
import { SECRET_PREFIX, generateSecret, isSecretFormat } from './secret.ts'

describe('generateSecret', () => {
	test('is whsec_ followed by 43 base62 characters', () => {
		const secret = generateSecret()
		expect(secret.startsWith(SECRET_PREFIX)).toBe(true)
		expect(secret).toMatch(/^whsec_[0-9A-Za-z]{43}$/)
		expect(isSecretFormat(secret)).toBe(true)
	})

	test('never repeats across 1,000 draws', () => {
		const seen = new Set(Array.from({ length: 1000 }, () => generateSecret()))
		expect(seen.size).toBe(1000)
	})

	test('uses the whole alphabet with no character favoured (chi-square over 100,000 characters)', () => {
		const counts = new Map<string, number>()
		let total = 0
		while (total < 100_000) {
			for (const character of generateSecret().slice(SECRET_PREFIX.length)) {
				counts.set(character, (counts.get(character) ?? 0) + 1)
				total++
			}
		}
		expect(counts.size).toBe(62)
		const expected = total / 62
		let chiSquare = 0
		for (const count of counts.values()) chiSquare += (count - expected) ** 2 / expected
		// 61 degrees of freedom: p < 1e-6 lies above about 129 (Wilson–Hilferty)
		expect(chiSquare).toBeLessThan(129)
	})

	test('isSecretFormat rejects other shapes', () => {
		expect(isSecretFormat('whsec_short')).toBe(false)
		expect(isSecretFormat(`sk_${'a'.repeat(43)}`)).toBe(false)
		expect(isSecretFormat(`whsec_${'a'.repeat(42)}-`)).toBe(false)
	})
})
