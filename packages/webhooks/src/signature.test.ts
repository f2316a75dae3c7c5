import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import Stripe from 'stripe'
import { signatureHeader, verifySignature } from './signature.ts'

const BODY = JSON.stringify({
	event: 'license.status_changed',
	event_id: 'evt_01JABCDEFGHJKMNPQRSTVWXYZ0',
	data: { new_status: 'revoked' }
})
const OLD_SECRET = 'whsec_oldOldOldOldOldOldOldOldOldOldOldOldOld'
const NEW_SECRET = 'whsec_newNewNewNewNewNewNewNewNewNewNewNewNew'
const T = 1_793_491_200

describe('signatureHeader', () => {
	test('has the form t=<unix>,v1=<hex> with no spaces', () => {
		expect(signatureHeader(BODY, [NEW_SECRET], T)).toMatch(/^t=1793491200,v1=[0-9a-f]{64}$/)
	})

	test('v1 is HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_ secret', () => {
		const expected = createHmac('sha256', NEW_SECRET).update(`${T}.${BODY}`).digest('hex')
		expect(signatureHeader(BODY, [NEW_SECRET], T)).toBe(`t=${T},v1=${expected}`)
	})

	test('carries one v1 per active secret in the order given', () => {
		const header = signatureHeader(BODY, [NEW_SECRET, OLD_SECRET], T)
		const [, first, second, extra] = header.split(',')
		expect(extra).toBeUndefined()
		expect(first).toBe(signatureHeader(BODY, [NEW_SECRET], T).split(',')[1])
		expect(second).toBe(signatureHeader(BODY, [OLD_SECRET], T).split(',')[1])
	})

	test('signs bytes exactly as given: a Uint8Array body equals its UTF-8 string', () => {
		const unicode = '{"name":"Caf\u00e9 \u{1F3B0}"}'
		expect(signatureHeader(new TextEncoder().encode(unicode), [NEW_SECRET], T)).toBe(signatureHeader(unicode, [NEW_SECRET], T))
	})

	test('a re-serialised body (one extra space) gets a different signature', () => {
		expect(signatureHeader(BODY, [NEW_SECRET], T)).not.toBe(signatureHeader(BODY.replace(':', ': '), [NEW_SECRET], T))
	})

	test('refuses to sign without any secret', () => {
		expect(() => signatureHeader(BODY, [], T)).toThrow(/at least one active secret/)
	})
})

describe('verifySignature', () => {
	const header = signatureHeader(BODY, [NEW_SECRET, OLD_SECRET], T)

	test('accepts with either secret of a rotation overlap', () => {
		expect(verifySignature(header, BODY, [OLD_SECRET], 300, T)).toEqual({ valid: true, timestamp: T })
		expect(verifySignature(header, BODY, [NEW_SECRET], 300, T)).toEqual({ valid: true, timestamp: T })
	})

	test('rejects a secret that did not sign', () => {
		expect(verifySignature(header, BODY, ['whsec_other'], 300, T)).toEqual({ valid: false, reason: 'no_matching_signature' })
	})

	test('rejects a body changed after signing', () => {
		expect(verifySignature(header, `${BODY} `, [NEW_SECRET], 300, T)).toEqual({ valid: false, reason: 'no_matching_signature' })
	})

	test('accepts at the edge of the tolerance and rejects one second beyond, in both directions', () => {
		expect(verifySignature(header, BODY, [NEW_SECRET], 300, T + 300).valid).toBe(true)
		expect(verifySignature(header, BODY, [NEW_SECRET], 300, T - 300).valid).toBe(true)
		expect(verifySignature(header, BODY, [NEW_SECRET], 300, T + 301)).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' })
		expect(verifySignature(header, BODY, [NEW_SECRET], 300, T - 301)).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' })
	})

	test('a replayed signature under a forged t does not verify', () => {
		const forged = header.replace(`t=${T}`, `t=${T + 1000}`)
		expect(verifySignature(forged, BODY, [NEW_SECRET], 300, T + 1000)).toEqual({ valid: false, reason: 'no_matching_signature' })
	})

	test('headers without t, without v1, with two t values or with junk are malformed', () => {
		const v1 = header.split(',')[1]
		for (const bad of [`${v1}`, `t=${T}`, `t=${T},t=${T},${v1}`, `t=abc,${v1}`, 'garbage', '', `t=${T},v1=zz`]) {
			expect(verifySignature(bad, BODY, [NEW_SECRET], 300, T)).toEqual({ valid: false, reason: 'malformed_header' })
		}
	})

	test('an empty secret is refused instead of verifying a header anyone can forge with an empty key', () => {
		const forged = `t=${T},v1=${createHmac('sha256', '').update(`${T}.${BODY}`).digest('hex')}`
		expect(() => verifySignature(forged, BODY, [''], 300, T)).toThrow(RangeError)
		expect(() => verifySignature(forged, BODY, [NEW_SECRET, ''], 300, T)).toThrow(RangeError)
	})

	test('a tolerance or clock that is not a finite number is refused instead of accepting any timestamp', () => {
		const stale = signatureHeader(BODY, [NEW_SECRET], T - 86_400 * 365)
		for (const [tolerance, now] of [
			[Number.NaN, T],
			[Number.POSITIVE_INFINITY, T],
			[-1, T],
			[300, Number.NaN]
		] as const) {
			expect(() => verifySignature(stale, BODY, [NEW_SECRET], tolerance, now)).toThrow(RangeError)
		}
	})

	test('unknown schemes such as v0 are ignored', () => {
		expect(verifySignature(`${header},v0=deadbeef`, BODY, [NEW_SECRET], 300, T).valid).toBe(true)
	})
})

describe('an independent verifier (stripe) accepts our signatures', () => {
	const receivedAtMs = T * 1000 + 5_000

	test('with one secret', async () => {
		const event = await Stripe.webhooks.constructEventAsync(
			BODY,
			signatureHeader(BODY, [NEW_SECRET], T),
			NEW_SECRET,
			300,
			undefined,
			receivedAtMs
		)
		expect(event as unknown).toEqual(JSON.parse(BODY))
	})

	test('with two secrets during a rotation overlap, for a receiver holding either one', async () => {
		const header = signatureHeader(BODY, [NEW_SECRET, OLD_SECRET], T)
		for (const secret of [NEW_SECRET, OLD_SECRET]) {
			const event = await Stripe.webhooks.constructEventAsync(BODY, header, secret, 300, undefined, receivedAtMs)
			expect(event as unknown).toEqual(JSON.parse(BODY))
		}
	})

	test('and rejects them for a secret that did not sign', async () => {
		await expect(
			Stripe.webhooks.constructEventAsync(BODY, signatureHeader(BODY, [NEW_SECRET], T), OLD_SECRET, 300, undefined, receivedAtMs)
		).rejects.toThrow(/No signatures found matching/)
	})
})
