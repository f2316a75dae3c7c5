import { randomBytes } from 'node:crypto'

export const SECRET_PREFIX = 'whsec_'
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 43 base62 characters carry just over 256 bits. */
const SECRET_CHARACTERS = 43

/**
 * A new signing secret: `whsec_` + 43 base62 characters from the CSPRNG.
 * Base62 (not base64) so a double-click selects the whole value.
 */
export function generateSecret(): string {
	let out = SECRET_PREFIX
	while (out.length < SECRET_PREFIX.length + SECRET_CHARACTERS) {
		for (const byte of randomBytes(64)) {
			// 248 = 4 × 62: rejecting larger bytes keeps every character equally likely
			if (byte >= 248) continue
			out += ALPHABET[byte % 62]
			if (out.length === SECRET_PREFIX.length + SECRET_CHARACTERS) break
		}
	}
	return out
}

export const isSecretFormat = (value: string): boolean => new RegExp(`^${SECRET_PREFIX}[0-9A-Za-z]{${SECRET_CHARACTERS}}$`).test(value)
