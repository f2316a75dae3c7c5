import { describe, expect, test } from 'bun:test'
import { API_KEY_LENGTH, API_KEY_PREFIX, constantTimeEqual, displayPrefix, generateApiKey, hasApiKeyShape, hashApiKey } from './api-keys.ts'

describe('API keys', () => {
	test('a key is the fixed prefix ending in _ plus 32 characters, 36 in all', () => {
		const key = generateApiKey()
		expect(key).toHaveLength(API_KEY_LENGTH)
		expect(key.startsWith(API_KEY_PREFIX)).toBe(true)
		expect(API_KEY_PREFIX).toHaveLength(4)
		expect(API_KEY_PREFIX.endsWith('_')).toBe(true)
		expect(hasApiKeyShape(key)).toBe(true)
	})

	test('keys do not repeat', () => {
		const keys = new Set(Array.from({ length: 2000 }, generateApiKey))
		expect(keys.size).toBe(2000)
	})

	test('the stored form is the 32-byte SHA-256 of the key', () => {
		const hash = hashApiKey('lvk_0123456789abcdefABCDEF0123456789')
		expect(Buffer.from(hash).toString('hex')).toBe(
			new Bun.CryptoHasher('sha256').update('lvk_0123456789abcdefABCDEF0123456789').digest('hex')
		)
	})

	test('the display prefix reveals only four random characters', () => {
		expect(displayPrefix('lvk_abcdEFGHijklMNOPqrstUVWXyz012345')).toBe('lvk_abcd…')
	})

	test('constantTimeEqual compares byte arrays of any length safely', () => {
		expect(constantTimeEqual(hashApiKey('a'), hashApiKey('a'))).toBe(true)
		expect(constantTimeEqual(hashApiKey('a'), hashApiKey('b'))).toBe(false)
		expect(constantTimeEqual(new Uint8Array(2), new Uint8Array(3))).toBe(false)
	})

	test('shapes that are not keys are recognised', () => {
		for (const bad of [
			'',
			'lvk_',
			'xxx_0123456789abcdefABCDEF0123456789',
			'lvk_0123456789abcdefABCDEF012345678!',
			`lvk_${'a'.repeat(33)}`
		]) {
			expect(hasApiKeyShape(bad)).toBe(false)
		}
	})
})
