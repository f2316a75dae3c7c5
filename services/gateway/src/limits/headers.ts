import { epochSeconds, type Window } from '@lv/fixed-window'

export type Headers = Record<string, string>

/** SPEC: keyless calls are capped at 10 per IP per route per UTC hour. */
export const KEYLESS_HOURLY_LIMIT = 10
export const KEYLESS_POLICY = `tier=public;limit=${KEYLESS_HOURLY_LIMIT};window=hour`
export const KEYLESS_IETF_POLICY = `"default";q=${KEYLESS_HOURLY_LIMIT};w=3600`
export const MONTHLY_WARNING_SHARE = 0.8
export const MONTHLY_WARNING_TEXT = '80% of the monthly request limit is used'

export const remaining = (limit: number, used: number) => Math.max(0, limit - used)

let lastReset = { resetMs: Number.NaN, iso: '', epochSeconds: '' }

/** A window's reset as the headers write it, ISO 8601 and epoch seconds: the same month for nearly every call, so remembered. */
function resetTexts(resetMs: number): { iso: string; epochSeconds: string } {
	if (lastReset.resetMs !== resetMs)
		lastReset = { resetMs, iso: new Date(resetMs).toISOString(), epochSeconds: String(epochSeconds(resetMs)) }
	return lastReset
}

/** Headers of every keyless response on the four public endpoints, the 429 included. */
export function keylessHeaders(input: { used: number; window: Window; pricingUrl: string }): Headers {
	return {
		'X-RateLimit-Limit': String(KEYLESS_HOURLY_LIMIT),
		'X-RateLimit-Remaining': String(remaining(KEYLESS_HOURLY_LIMIT, input.used)),
		'X-RateLimit-Reset': String(epochSeconds(input.window.resetMs)),
		'X-RateLimit-Policy': KEYLESS_POLICY,
		'RateLimit-Policy': KEYLESS_IETF_POLICY,
		'X-Upgrade-URL': input.pricingUrl
	}
}

/**
 * Headers of a successful keyed response. `used` includes this request. A plan without a monthly
 * cap shows `unlimited` and omits the counts; `X-RateLimit-Policy` is `tier=authenticated` on a
 * keyless-capable endpoint, `tier=unlimited` elsewhere on uncapped plans, and absent otherwise.
 */
export function keyedSuccessHeaders(input: {
	monthlyQuota: number | null
	used: number
	window: Window
	publicEndpoint: boolean
	pricingUrl: string
}): Headers {
	const headers: Headers = {}
	const quota = input.monthlyQuota
	if (quota === null) {
		headers['X-Monthly-Quota-Limit'] = 'unlimited'
	} else {
		const left = String(remaining(quota, input.used))
		const limit = String(quota)
		const reset = resetTexts(input.window.resetMs)
		headers['X-Monthly-Quota-Limit'] = limit
		headers['X-Monthly-Quota-Used'] = String(input.used)
		headers['X-Monthly-Quota-Remaining'] = left
		headers['X-Monthly-Quota-Reset'] = reset.iso
		if (input.used >= quota * MONTHLY_WARNING_SHARE) headers['X-Monthly-Quota-Warning'] = MONTHLY_WARNING_TEXT
		headers['X-RateLimit-Limit'] = limit
		headers['X-RateLimit-Remaining'] = left
		headers['X-RateLimit-Reset'] = reset.epochSeconds
	}
	if (input.publicEndpoint) headers['X-RateLimit-Policy'] = 'tier=authenticated'
	else if (quota === null) headers['X-RateLimit-Policy'] = 'tier=unlimited'
	headers['X-Upgrade-URL'] = input.pricingUrl
	return headers
}

/**
 * Headers of a keyed call on a keyless-capable endpoint that ended non-2xx (400, 404, 5xx…): SPEC
 * promises X-RateLimit-* and X-Upgrade-URL on every response of those endpoints. The counts are the
 * monthly ones (omitted on plans without a monthly cap), and `used` is the count once this call's
 * reservation is given back: a failed call is not charged. No X-Monthly-Quota-* (successes only).
 */
export function keyedFailureHeaders(input: { monthlyQuota: number | null; used: number; window: Window; pricingUrl: string }): Headers {
	const headers: Headers = {}
	const quota = input.monthlyQuota
	if (quota !== null) {
		headers['X-RateLimit-Limit'] = String(quota)
		headers['X-RateLimit-Remaining'] = String(remaining(quota, input.used))
		headers['X-RateLimit-Reset'] = String(epochSeconds(input.window.resetMs))
	}
	headers['X-Upgrade-URL'] = input.pricingUrl
	return headers
}

/** What a keyed success's headers are made of (`keyedSuccessHeaders`' input), but the pricing URL. */
export type KeyedCounts = Omit<Parameters<typeof keyedSuccessHeaders>[0], 'pricingUrl'>

/** Templates per pricing URL, then per quota, window reset, endpoint kind and warning; dropped whole past the cap. */
const successTemplates = new Map<string, Map<string, globalThis.Headers>>()
const MAX_TEMPLATES = 256

/**
 * `keyedSuccessHeaders` with the content type and request id, as a `Headers` to build a Response with:
 * cloned from a template shared by the calls of one plan quota and window, with only the counts set per
 * call. Setting eleven headers one by one on a built Response cost more than the answer itself.
 */
export function keyedSuccessHeaderSet(counts: KeyedCounts, pricingUrl: string, contentType: string, requestId: string): globalThis.Headers {
	const quota = counts.monthlyQuota
	const warned = quota !== null && counts.used >= quota * MONTHLY_WARNING_SHARE
	let byShape = successTemplates.get(pricingUrl)
	if (byShape === undefined || byShape.size >= MAX_TEMPLATES) {
		byShape = new Map()
		successTemplates.set(pricingUrl, byShape)
	}
	const shape = `${quota}|${counts.window.resetMs}|${counts.publicEndpoint}|${warned}`
	let template = byShape.get(shape)
	if (template === undefined) {
		template = new globalThis.Headers(keyedSuccessHeaders({ ...counts, pricingUrl }))
		byShape.set(shape, template)
	}
	const headers = new globalThis.Headers(template)
	headers.set('content-type', contentType)
	headers.set('x-request-id', requestId)
	if (quota !== null) {
		const left = String(remaining(quota, counts.used))
		headers.set('X-Monthly-Quota-Used', String(counts.used))
		headers.set('X-Monthly-Quota-Remaining', left)
		headers.set('X-RateLimit-Remaining', left)
	}
	return headers
}
