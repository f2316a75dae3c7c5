import { AppError } from '@lv/errors'
import { type Headers, keylessHeaders, remaining } from './headers.ts'
import { epochSeconds, secondsUntil, type Window } from '@lv/fixed-window'

const iso = (ms: number) => new Date(ms).toISOString()

/** 429 rate_limited / quota_exceeded: the keyless hourly cap; `reset_at` and X-RateLimit-Reset are the same instant. */
export function keylessCapReached(input: { used: number; window: Window; pricingUrl: string }): AppError {
	return new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'quota_exceeded',
		message: 'Keyless calls are limited to 10 per hour per IP on this endpoint. Use an API key or wait for the next hour.',
		extras: {
			current_usage: input.used,
			limit: 10,
			reset_at: iso(input.window.resetMs),
			suggestion: 'Send an API key to use your plan quota instead.'
		},
		headers: keylessHeaders(input)
	})
}

/** 429 rate_limited / per_second_limit_exceeded with Retry-After: 1; X-RateLimit-* describe the second. */
export function perSecondLimitExceeded(input: {
	used: number
	limit: number
	window: Window
	planTier: string
	pricingUrl: string
}): AppError {
	const headers: Headers = {
		'Retry-After': '1',
		'X-RateLimit-Limit': String(input.limit),
		'X-RateLimit-Remaining': String(remaining(input.limit, input.used)),
		'X-RateLimit-Reset': String(epochSeconds(input.window.resetMs)),
		'X-Upgrade-URL': input.pricingUrl
	}
	return new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'per_second_limit_exceeded',
		message: `Your plan allows ${input.limit} requests per second. Retry after one second.`,
		extras: { current_usage: input.used, limit: input.limit, reset_at: iso(input.window.resetMs), plan_tier: input.planTier },
		headers
	})
}

/** 429 quota_exceeded / monthly_request_limit_reached; no Retry-After (it does not clear before the 1st). */
export function monthlyQuotaExhausted(input: {
	used: number
	limit: number
	window: Window
	planTier: string
	pricingUrl: string
}): AppError {
	return new AppError({
		status: 429,
		code: 'quota_exceeded',
		reason: 'monthly_request_limit_reached',
		message: `The monthly quota of ${input.limit} requests is used up; it resets at 00:00 UTC on the 1st.`,
		extras: {
			current_usage: input.used,
			limit: input.limit,
			reset_at: iso(input.window.resetMs),
			plan_tier: input.planTier,
			suggestion: 'Upgrade the plan or wait for the monthly reset.'
		},
		headers: {
			'X-RateLimit-Limit': String(input.limit),
			'X-RateLimit-Remaining': '0',
			'X-RateLimit-Reset': String(epochSeconds(input.window.resetMs)),
			'X-Upgrade-URL': input.pricingUrl
		}
	})
}

/** 429 rate_limited / prelaunch_daily_cap for a legacy trial key, with Retry-After and the X-Prelaunch-* headers. */
export function trialDailyCapReached(input: { used: number; limit: number; window: Window; nowMs: number; pricingUrl: string }): AppError {
	return new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'prelaunch_daily_cap',
		message: `Trial keys are limited to ${input.limit} requests per UTC day.`,
		extras: { current_usage: input.used, limit: input.limit, reset_at: iso(input.window.resetMs), plan_tier: 'trial' },
		headers: {
			'Retry-After': String(secondsUntil(input.window.resetMs, input.nowMs)),
			'X-Prelaunch-Daily-Limit': String(input.limit),
			'X-Prelaunch-Daily-Used': String(input.used),
			'X-Prelaunch-Daily-Reset': iso(input.window.resetMs),
			'X-Upgrade-URL': input.pricingUrl
		}
	})
}
