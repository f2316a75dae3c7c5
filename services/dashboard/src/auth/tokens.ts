import { createHmac, timingSafeEqual } from 'node:crypto'

/** 32 bytes from the CSPRNG as base64url (43 characters): session tokens and anonymous CSRF tokens. */
export const randomToken = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

/** The only form a session token is stored in. */
export const sha256 = (text: string): Uint8Array => new Uint8Array(new Bun.CryptoHasher('sha256').update(text).digest())

export const sha256Hex = (text: string): string => new Bun.CryptoHasher('sha256').update(text).digest('hex')

/** Constant-time equality of two strings (false at once when the lengths differ: lengths are not secret here). */
export function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a, 'utf8')
	const right = Buffer.from(b, 'utf8')
	return left.length === right.length && timingSafeEqual(left, right)
}

/** A keyed digest, base64url; used to derive a per-session CSRF token from the session token. */
export const hmac = (key: string, message: string): string => createHmac('sha256', key).update(message).digest('base64url')
