import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** `1 | iv | ciphertext | tag`: no key id, no associated data. Still read; rewritten by `ops reencrypt-webhook-secrets`. */
const LEGACY_VERSION = 1
/** `2 | key id length | key id | iv | ciphertext | tag`, the header and the endpoint id authenticated as associated data. */
const CURRENT_VERSION = 2
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

export type SecretKey = { id: string; key: Uint8Array }

/** The key that encrypts (`current`) and every key that may still decrypt, current first. */
export type SecretKeyring = { current: SecretKey; keys: readonly SecretKey[] }

/**
 * A key's id: 16 hex digits of SHA-256 over a label and the key, so ids need no configuration and
 * cannot be mismatched; it says which key a stored secret needs without revealing the key.
 */
export const secretKeyId = (key: Uint8Array): string =>
	createHash('sha256').update('lv-webhook-secret-key-id:').update(key).digest('hex').slice(0, 16)

/**
 * WEBHOOK_SECRET_KEY (encrypts and decrypts) and WEBHOOK_SECRET_PREVIOUS_KEYS (decrypt only, while
 * stored secrets are re-encrypted after a rotation). A keyring passes through unchanged.
 */
export function secretKeyring(
	current: SecretKeyring | Uint8Array | string,
	previous: readonly (Uint8Array | string)[] = []
): SecretKeyring {
	if (typeof current === 'object' && 'current' in current) return current
	const keys = [current, ...previous].map((value) => {
		const key = keyBytes(value)
		return { id: secretKeyId(key), key }
	})
	const first = keys[0] as SecretKey
	return { current: first, keys: keys.filter((entry, index) => keys.findIndex((other) => other.id === entry.id) === index) }
}

const associatedData = (header: Uint8Array, endpointId: string) => Buffer.concat([header, Buffer.from(endpointId, 'utf8')])

/**
 * AES-256-GCM under the keyring's current key, ready for a bytea column. The endpoint id is
 * authenticated with it, so a stored secret copied to another endpoint's row fails to decrypt.
 */
export function encryptSecret(plain: string, keys: SecretKeyring | Uint8Array | string, endpointId: string): Uint8Array {
	const { current } = secretKeyring(keys)
	const id = Buffer.from(current.id, 'ascii')
	const header = Buffer.concat([Buffer.of(CURRENT_VERSION, id.length), id])
	const iv = randomBytes(IV_BYTES)
	const cipher = createCipheriv('aes-256-gcm', current.key, iv)
	cipher.setAAD(associatedData(header, endpointId))
	const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return new Uint8Array(Buffer.concat([header, iv, body, cipher.getAuthTag()]))
}

type Parsed = { version: number; keyId: string | null; header: Uint8Array; iv: Uint8Array; body: Uint8Array; tag: Uint8Array }

function parse(bytes: Uint8Array): Parsed {
	const version = bytes[0]
	const idLength = version === CURRENT_VERSION ? (bytes[1] ?? 0) : 0
	const headerLength = version === CURRENT_VERSION ? 2 + idLength : 1
	if ((version !== LEGACY_VERSION && version !== CURRENT_VERSION) || bytes.length < headerLength + IV_BYTES + TAG_BYTES) {
		throw new Error('stored webhook secret is not in a known encrypted format')
	}
	return {
		version,
		keyId: version === CURRENT_VERSION ? Buffer.from(bytes.subarray(2, headerLength)).toString('ascii') : null,
		header: bytes.subarray(0, headerLength),
		iv: bytes.subarray(headerLength, headerLength + IV_BYTES),
		body: bytes.subarray(headerLength + IV_BYTES, bytes.length - TAG_BYTES),
		tag: bytes.subarray(bytes.length - TAG_BYTES)
	}
}

function open(parsed: Parsed, key: Uint8Array, aad: Uint8Array | null): string | null {
	const decipher = createDecipheriv('aes-256-gcm', key, parsed.iv)
	if (aad !== null) decipher.setAAD(aad)
	decipher.setAuthTag(parsed.tag)
	try {
		return Buffer.concat([decipher.update(parsed.body), decipher.final()]).toString('utf8')
	} catch {
		return null
	}
}

/**
 * The plain secret of `endpointId`. The current format names its key; a legacy one (no key id, no
 * associated data) is tried with every key of the ring. Throws when no key opens it: wrong or
 * retired key, altered bytes, or a secret stored under another endpoint.
 */
export function decryptSecret(cipherBytes: Uint8Array, keys: SecretKeyring | Uint8Array | string, endpointId: string): string {
	const parsed = parse(cipherBytes)
	const ring = secretKeyring(keys)
	if (parsed.version === CURRENT_VERSION) {
		const entry = ring.keys.find((candidate) => candidate.id === parsed.keyId)
		if (entry === undefined) throw new Error(`stored webhook secret needs key ${parsed.keyId}, which is not configured`)
		const plain = open(parsed, entry.key, associatedData(parsed.header, endpointId))
		if (plain === null) throw new Error('stored webhook secret failed authentication: altered ciphertext or another endpoint')
		return plain
	}
	for (const entry of ring.keys) {
		const plain = open(parsed, entry.key, null)
		if (plain !== null) return plain
	}
	throw new Error('stored webhook secret failed authentication: wrong key or altered ciphertext')
}

/** True when the stored bytes are in the current format under the ring's current key (nothing to re-encrypt). */
export function isCurrentlyEncrypted(cipherBytes: Uint8Array, keys: SecretKeyring): boolean {
	const parsed = parse(cipherBytes)
	return parsed.version === CURRENT_VERSION && parsed.keyId === keys.current.id
}
