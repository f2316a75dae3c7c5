import { describe, expect, test } from 'bun:test'
import { AUTH_OUTCOMES, OPERATIONS } from './operations.ts'
import { OUTCOMES } from './outcomes.ts'
import { authModeOf, responseHeaders } from './response-headers.ts'

const KEYED = { outcomes: [] }
const RATE = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
const MONTHLY = [
	'X-Monthly-Quota-Limit',
	'X-Monthly-Quota-Used',
	'X-Monthly-Quota-Remaining',
	'X-Monthly-Quota-Reset',
	'X-Monthly-Quota-Warning'
]

describe('authModeOf', () => {
	test('no security is keyless, an empty requirement among the options is a key-optional endpoint, anything else needs a key', () => {
		expect([authModeOf(undefined), authModeOf([]), authModeOf([{}, { apiKey: [] }]), authModeOf([{ apiKey: [] }])]).toEqual([
			'none',
			'none',
			'optional',
			'required'
		])
	})
})

describe('responseHeaders', () => {
	test('a keyed success declares the monthly quota and X-RateLimit-* headers, with the quota limit and upgrade URL always sent', () => {
		const headers = responseHeaders(KEYED, 'required', 200)
		expect(headers.names).toEqual(expect.arrayContaining([...MONTHLY, ...RATE, 'X-RateLimit-Policy', 'X-Upgrade-URL', 'X-Request-Id']))
		expect(headers.required.sort()).toEqual(['X-Monthly-Quota-Limit', 'X-Request-Id', 'X-Upgrade-URL'])
		expect(headers.names).not.toContain('RateLimit-Policy')
	})

	test('a success of a keyless-capable endpoint declares the keyless headers too, and always sends X-RateLimit-Policy', () => {
		const headers = responseHeaders(KEYED, 'optional', 200)
		expect(headers.names).toEqual(expect.arrayContaining(['RateLimit-Policy', ...RATE, ...MONTHLY]))
		expect(headers.required.sort()).toEqual(['X-RateLimit-Policy', 'X-Request-Id', 'X-Upgrade-URL'])
	})

	test('a keyless endpoint with no cap declares only X-Request-Id', () => {
		expect(responseHeaders(KEYED, 'none', 200)).toEqual({ names: ['X-Request-Id'], required: ['X-Request-Id'] })
	})

	test('every 429 of a keyed or keyless-capable operation declares Retry-After, never as always sent', () => {
		for (const [key, spec] of Object.entries(OPERATIONS)) {
			for (const mode of ['optional', 'required'] as const) {
				const headers = responseHeaders(spec, mode, 429)
				expect({ key, mode, retryAfter: headers.names.includes('Retry-After'), always: headers.required.includes('Retry-After') }).toEqual({
					key,
					mode,
					retryAfter: true,
					always: false
				})
			}
		}
	})

	test('the trial daily cap brings the X-Prelaunch-* headers to keyless-capable 429s only (trial keys are refused elsewhere with 402)', () => {
		expect(responseHeaders(KEYED, 'optional', 429).names).toContain('X-Prelaunch-Daily-Limit')
		expect(responseHeaders(KEYED, 'required', 429).names).not.toContain('X-Prelaunch-Daily-Limit')
	})

	test('a 401 carries nothing but X-Request-Id on a keyed endpoint and always X-Upgrade-URL on a keyless-capable one; a 402 always carries X-Upgrade-URL', () => {
		expect(responseHeaders(KEYED, 'required', 401)).toEqual({ names: ['X-Request-Id'], required: ['X-Request-Id'] })
		const optional = responseHeaders(KEYED, 'optional', 401)
		expect([optional.names.sort(), optional.required.sort()]).toEqual([
			['X-Request-Id', 'X-Upgrade-URL'],
			['X-Request-Id', 'X-Upgrade-URL']
		])
		expect(responseHeaders(KEYED, 'required', 402).required.sort()).toEqual(['X-Request-Id', 'X-Upgrade-URL'])
	})

	test('a validation 400 on a keyless-capable endpoint may carry the keyless or the monthly X-RateLimit-* and always X-Upgrade-URL; on a keyed one it carries none', () => {
		const spec = OPERATIONS['GET /v1/check'] ?? KEYED
		const optional = responseHeaders(spec, 'optional', 400)
		expect(optional.names).toEqual(expect.arrayContaining(['RateLimit-Policy', ...RATE]))
		expect(optional.names.filter((name) => MONTHLY.includes(name))).toEqual([])
		expect(optional.required.sort()).toEqual(['X-Request-Id', 'X-Upgrade-URL'])
		expect(responseHeaders(OPERATIONS['GET /v1/jurisdictions/{code}'] ?? KEYED, 'required', 400).names).toEqual(['X-Request-Id'])
	})

	test('every response the four public operations can produce always carries X-Upgrade-URL', () => {
		for (const key of ['GET /v1/check', 'GET /v1/jurisdictions', 'GET /v1/operators/search', 'GET /v1/health/coverage']) {
			const spec = OPERATIONS[key] ?? KEYED
			const statuses = new Set([200, ...[...AUTH_OUTCOMES.optional, ...spec.outcomes].map((id) => OUTCOMES[id].status)])
			for (const status of statuses) {
				const headers = responseHeaders(spec, 'optional', status)
				expect({ key, status, upgrade: headers.required.includes('X-Upgrade-URL') }).toEqual({ key, status, upgrade: true })
			}
		}
	})

	test('the batch 405 always carries Allow; the feed success always carries the X-Poll-* headers; the export file always carries X-Export-Bytes', () => {
		expect(responseHeaders(OPERATIONS['POST /v1/check/batch'] ?? KEYED, 'required', 405).required).toContain('Allow')
		const feed = responseHeaders(OPERATIONS['GET /v1/watchlist/events'] ?? KEYED, 'required', 200)
		expect(feed.required).toEqual(
			expect.arrayContaining(['X-Poll-RateLimit-Limit', 'X-Poll-RateLimit-Reset', 'X-Poll-RateLimit-Window', 'X-Poll-Recommended-Interval'])
		)
		expect(feed.names).toContain('X-Poll-RateLimit-Remaining')
		expect(responseHeaders(OPERATIONS['GET /v1/export/{dataset}'] ?? KEYED, 'required', 200).required).toEqual(
			expect.arrayContaining(['X-Export-Bytes', 'ETag', 'Content-Disposition'])
		)
	})

	test('a deprecated operation declares Deprecation and Sunset on every response', () => {
		for (const status of [200, 400, 429])
			expect(responseHeaders(KEYED, 'required', status, true).required).toEqual(expect.arrayContaining(['Deprecation', 'Sunset']))
		expect(responseHeaders(KEYED, 'required', 200).names).not.toContain('Deprecation')
	})
})

describe('outcome catalogue', () => {
	test('every error outcome is an envelope whose status fits its code (SPEC Errors table)', () => {
		const statusOfCode: Record<string, number[]> = {
			invalid_query: [400, 409, 413],
			invalid_slug: [400],
			invalid_license_id: [400],
			invalid_jurisdiction_code: [400],
			invalid_pagination: [400],
			not_found: [404],
			auth_required: [401],
			auth_invalid: [401],
			auth_revoked: [401],
			payment_required: [402],
			quota_exceeded: [403, 429],
			rate_limited: [429],
			server_error: [500],
			method_not_allowed: [405],
			service_unavailable: [503]
		}
		for (const [id, outcome] of Object.entries(OUTCOMES)) {
			if (id === 'health_unavailable') continue
			const body = outcome.value as { code: string; details: { reason: string } }
			expect({ id, fits: statusOfCode[body.code]?.includes(outcome.status) ?? false }).toEqual({ id, fits: true })
		}
	})

	test('every 503 envelope carries Retry-After (serviceUnavailable sets it) and every 402 carries X-Upgrade-URL', () => {
		for (const [id, outcome] of Object.entries(OUTCOMES)) {
			if (id === 'health_unavailable') continue
			if (outcome.status === 503) expect({ id, headers: outcome.headers }).toEqual({ id, headers: expect.arrayContaining(['Retry-After']) })
			if (outcome.status === 402)
				expect({ id, headers: outcome.headers }).toEqual({ id, headers: expect.arrayContaining(['X-Upgrade-URL']) })
		}
	})

	test('auth outcomes are decided before the call is counted, so they never carry the keyless headers', () => {
		for (const id of new Set([...AUTH_OUTCOMES.optional, ...AUTH_OUTCOMES.required])) {
			// like a 500, a backing store failing can end any call, admitted or not
			if (id === 'internal_error' || id === 'dependency_unavailable') continue
			expect({ id, stage: OUTCOMES[id].stage }).toEqual({ id, stage: 'before-admission' })
		}
	})
})
