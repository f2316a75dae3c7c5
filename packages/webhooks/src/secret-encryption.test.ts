import { describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { decryptSecret, encryptSecret, parseEncryptionKey } from './secret-encryption.ts'

const KEY = new Uint8Array(randomBytes(32))
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const ENDPOINT = '0b5f3c1e-8a2d-4f6b-9c7e-1d2a3b4c5d6e'

describe('encryptSecret / decryptSecret', () => {
	test('round-trips a secret', () => {
		expect(decryptSecret(encryptSecret(SECRET, KEY, ENDPOINT), KEY, ENDPOINT)).toBe(SECRET)
	})

	test('the ciphertext does not contain the plaintext and differs on every call (fresh IV)', () => {
		const first = encryptSecret(SECRET, KEY, ENDPOINT)
		const second = encryptSecret(SECRET, KEY, ENDPOINT)
		expect(Buffer.from(first).toString('latin1')).not.toContain('whsec_')
		expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false)
		expect(first.length).toBe(2 + 16 + 12 + SECRET.length + 16)
	})

	test('a key that is not configured cannot decrypt, and says which key id is needed', () => {
		expect(() => decryptSecret(encryptSecret(SECRET, KEY, ENDPOINT), new Uint8Array(randomBytes(32)), ENDPOINT)).toThrow(
			/needs key [0-9a-f]{16}, which is not configured/
		)
	})

	test('a flipped ciphertext bit fails authentication', () => {
		const cipher = encryptSecret(SECRET, KEY, ENDPOINT)
		cipher[20] = (cipher[20] ?? 0) ^ 1
		expect(() => decryptSecret(cipher, KEY, ENDPOINT)).toThrow(/failed authentication/)
	})

	test('bytes in an unknown format are refused', () => {
		expect(() => decryptSecret(new Uint8Array([3, ...randomBytes(40)]), KEY, ENDPOINT)).toThrow(/not in a known encrypted format/)
		expect(() => decryptSecret(new Uint8Array([1, 2, 3]), KEY, ENDPOINT)).toThrow(/not in a known encrypted format/)
	})

	test('accepts the key as the hex or base64 text from config', () => {
		const hex = Buffer.from(KEY).toString('hex')
		const base64 = Buffer.from(KEY).toString('base64')
		expect(decryptSecret(encryptSecret(SECRET, hex, ENDPOINT), base64, ENDPOINT)).toBe(SECRET)
	})
})

describe('parseEncryptionKey', () => {
	const raw = Buffer.from(randomBytes(32))

	test('reads 64 hex characters', () => {
		expect(Buffer.from(parseEncryptionKey(raw.toString('hex'))).equals(raw)).toBe(true)
	})

	test('reads base64 with padding and base64url without', () => {
		expect(Buffer.from(parseEncryptionKey(raw.toString('base64'))).equals(raw)).toBe(true)
		expect(Buffer.from(parseEncryptionKey(raw.toString('base64url'))).equals(raw)).toBe(true)
	})

	test('rejects keys that are not 32 bytes with a message naming the expected forms', () => {
		const wrongLengthBase64 = [16, 48].map((length) => Buffer.from(randomBytes(length)).toString('base64'))
		for (const bad of ['', 'secret', 'ab'.repeat(31), 'ab'.repeat(33), ...wrongLengthBase64, `${'z'.repeat(63)}g`]) {
			expect(() => parseEncryptionKey(bad)).toThrow(/32 bytes written as 64 hex characters or 44 base64 characters/)
		}
	})

	test('rejects a raw key of the wrong length', () => {
		expect(() => encryptSecret(SECRET, new Uint8Array(16), ENDPOINT)).toThrow(/must be 32 bytes \(got 16\)/)
	})
})
