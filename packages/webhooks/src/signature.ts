import { createHmac, timingSafeEqual } from 'node:crypto'

/** Receivers' default window for `t`, in seconds (the common value among webhook senders). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300

const encoder = new TextEncoder()
const toBytes = (body: string | Uint8Array): Uint8Array => (typeof body === 'string' ? encoder.encode(body) : body)

function digest(secret: string, unixSeconds: number, body: Uint8Array): Buffer {
	return createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest()
}

/**
 * SPEC "Signature": `t=<unix>,v1=<hex>[,v1=<hex>…]`, one v1 per active secret (pass them newest first),
 * each an HMAC-SHA256 of `<t>.<raw body>` keyed with the whole secret string, `whsec_` included.
 */
export function signatureHeader(rawBody: string | Uint8Array, secrets: readonly string[], unixSeconds: number): string {
	if (secrets.length === 0) throw new Error('signatureHeader needs at least one active secret')
	if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0) throw new RangeError(`bad signature timestamp ${unixSeconds}`)
	const body = toBytes(rawBody)
	const signatures = secrets.map((secret) => `v1=${digest(secret, unixSeconds, body).toString('hex')}`)
	return [`t=${unixSeconds}`, ...signatures].join(',')
}

export type SignatureCheck =
	| { valid: true; timestamp: number }
	| { valid: false; reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature' }

/**
 * A receiver's check: accepts when any v1 matches any of `secrets` (constant-time) and `t` is within
 * `toleranceSeconds` of `nowSeconds` in either direction. Unknown schemes (e.g. `v0=`) are ignored.
 * Throws on an empty secret (anyone can sign with an empty key) or a tolerance or clock that is not a
 * finite number (NaN would accept any `t`): a misconfigured receiver fails loudly instead of open.
 */
export function verifySignature(
	header: string,
	rawBody: string | Uint8Array,
	secrets: readonly string[],
	toleranceSeconds: number,
	nowSeconds: number
): SignatureCheck {
	if (secrets.some((secret) => secret.length === 0)) throw new RangeError('verifySignature got an empty secret')
	if (!(Number.isFinite(toleranceSeconds) && toleranceSeconds >= 0)) throw new RangeError(`bad signature tolerance ${toleranceSeconds}`)
	if (!Number.isFinite(nowSeconds)) throw new RangeError(`bad current time ${nowSeconds}`)
	let timestamp: number | null = null
	const candidates: Buffer[] = []
	for (const item of header.split(',')) {
		const separator = item.indexOf('=')
		if (separator === -1) return { valid: false, reason: 'malformed_header' }
		const key = item.slice(0, separator)
		const value = item.slice(separator + 1)
		if (key === 't') {
			if (timestamp !== null || !/^[0-9]{1,15}$/.test(value)) return { valid: false, reason: 'malformed_header' }
			timestamp = Number(value)
		} else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
			candidates.push(Buffer.from(value, 'hex'))
		}
	}
	if (timestamp === null || candidates.length === 0) return { valid: false, reason: 'malformed_header' }
	if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { valid: false, reason: 'timestamp_outside_tolerance' }

	const body = toBytes(rawBody)
	let matched = false
	for (const secret of secrets) {
		const expected = digest(secret, timestamp, body)
		for (const candidate of candidates) if (timingSafeEqual(expected, candidate)) matched = true
	}
	return matched ? { valid: true, timestamp } : { valid: false, reason: 'no_matching_signature' }
}
