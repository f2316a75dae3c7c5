import { timingSafeEqual } from 'node:crypto'

/** Every key starts with this fixed 4-character prefix ending in `_`; 32 random characters follow (36 in all). */
export const API_KEY_PREFIX = 'lvk_'
export const API_KEY_LENGTH = 36
const RANDOM_LENGTH = API_KEY_LENGTH - API_KEY_PREFIX.length
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${RANDOM_LENGTH}}$`)

/** A new key from the CSPRNG; rejection sampling keeps the 62-letter alphabet uniform. */
export function generateApiKey(): string {
	let random = ''
	while (random.length < RANDOM_LENGTH) {
		for (const byte of crypto.getRandomValues(new Uint8Array(64))) {
			if (byte < 248 && random.length < RANDOM_LENGTH) random += ALPHABET[byte % 62]
		}
	}
	return API_KEY_PREFIX + random
}

export const hasApiKeyShape = (candidate: string) => KEY_SHAPE.test(candidate)

/** The only form a key is stored in. */
export function hashApiKey(key: string): Uint8Array {
	return Bun.SHA256.hash(key) as Uint8Array
}

/** What the dashboard shows in place of the key: the prefix and the first four random characters. */
export const displayPrefix = (key: string) => `${key.slice(0, API_KEY_PREFIX.length + 4)}…`

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
	return a.length === b.length && timingSafeEqual(a, b)
}
