import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const FORMAT_VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32

/**
 * Reads the at-rest key from config: exactly 32 bytes written as 64 hex characters or as
 * base64 / base64url (44 characters with padding, 43 without). Anything else throws.
 */
export function parseEncryptionKey(text: string): Uint8Array {
	const value = text.trim()
	if (/^[0-9a-fA-F]{64}$/.test(value)) return new Uint8Array(Buffer.from(value, 'hex'))
	if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
		const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
		if (bytes.length === KEY_BYTES) return new Uint8Array(bytes)
	}
	throw new Error(
		`webhook secret encryption key must be ${KEY_BYTES} bytes written as 64 hex characters or 44 base64 characters (got ${value.length} characters)`
	)
}

function keyBytes(key: Uint8Array | string): Uint8Array {
	if (typeof key === 'string') return parseEncryptionKey(key)
	if (key.length !== KEY_BYTES) throw new Error(`webhook secret encryption key must be ${KEY_BYTES} bytes (got ${key.length})`)
	return key
}

/** AES-256-GCM; output is `version(1) | iv(12) | ciphertext | tag(16)`, ready for a bytea column. */
export function encryptSecret(plain: string, key: Uint8Array | string): Uint8Array {
	const iv = randomBytes(IV_BYTES)
	const cipher = createCipheriv('aes-256-gcm', keyBytes(key), iv)
	const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return new Uint8Array(Buffer.concat([Buffer.of(FORMAT_VERSION), iv, body, cipher.getAuthTag()]))
}

/** Throws when the key is wrong or the bytes were altered (GCM authentication). */
export function decryptSecret(cipherBytes: Uint8Array, key: Uint8Array | string): string {
	if (cipherBytes.length < 1 + IV_BYTES + TAG_BYTES || cipherBytes[0] !== FORMAT_VERSION) {
		throw new Error('stored webhook secret is not in a known encrypted format')
	}
	const iv = cipherBytes.subarray(1, 1 + IV_BYTES)
	const body = cipherBytes.subarray(1 + IV_BYTES, cipherBytes.length - TAG_BYTES)
	const tag = cipherBytes.subarray(cipherBytes.length - TAG_BYTES)
	const decipher = createDecipheriv('aes-256-gcm', keyBytes(key), iv)
	decipher.setAuthTag(tag)
	try {
		return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
	} catch (error) {
		throw new Error('stored webhook secret failed authentication: wrong key or altered ciphertext', { cause: error })
	}
}
