import type { Caller } from '../auth/caller.ts'
import { type Charge, releaseCharge } from './counter-store.ts'
import { type Headers, keyedFailureHeaders, keyedSuccessHeaders, keylessHeaders } from './headers.ts'
import type { KeylessClaim, KeylessVerdict } from './keyless-counter.ts'
import { keylessCapReached, monthlyQuotaExhausted, perSecondLimitExceeded, trialDailyCapReached } from './limit-errors.ts'
import type { LimitsRuntime } from './limits-runtime.ts'
import type { Plan } from './plan.ts'
import type { KeyedClaim, KeyedVerdict } from '@lv/quota'
import { secondWindow, utcDayWindow, utcMonthWindow, type Window } from '@lv/fixed-window'

/** An admitted call, with what its response needs: the caller for the handler, the counts for the headers. */
export type Admission =
	| { kind: 'keyless'; caller: Caller; used: number; window: Window }
	| {
			kind: 'keyed'
			caller: Caller
			used: number
			monthlyQuota: number | null
			window: Window
			charge: Charge
			publicEndpoint: boolean
	  }
	| { kind: 'uncounted'; caller: Caller }

/** The key a keyed call is counted for, as read into the key cache. */
export type CountedKey = { keyId: string; accountId: string; planVersion: string | null }

/**
 * The keyless call's admission from its verdict (the batch statement's, or the memory of a scope
 * exhausted this hour); a refusal throws the keyless 429 and is remembered for the hour.
 */
export function keylessAdmission(limits: LimitsRuntime, claim: KeylessClaim, verdict: KeylessVerdict, caller: Caller): Admission {
	limits.keylessExhausted.note(claim, verdict)
	if (!verdict.admitted) throw keylessCapReached({ used: verdict.used, window: verdict.window, pricingUrl: limits.pricingUrl })
	return { kind: 'keyless', caller, used: verdict.used, window: verdict.window }
}

/** What the keyed batch statement counts for one call of `key` on `plan`. */
export function keyedClaim(key: CountedKey, plan: Plan, nowMs: number): KeyedClaim {
	return {
		keyId: key.keyId,
		accountId: key.accountId,
		planCode: plan.code,
		planVersion: key.planVersion ?? '',
		isTrial: plan.isTrial,
		perSecondLimit: plan.perSecondLimit,
		quota: plan.isTrial ? plan.trialDailyCap : plan.monthlyQuota,
		subject: plan.isTrial ? key.keyId : key.accountId,
		secondStartMs: secondWindow(nowMs).startMs,
		quotaWindowStartMs: (plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)).startMs
	}
}

/**
 * The keyed call's admission from the batch statement's verdict, which also re-checked the key and
 * plan against the database: `stale` when they changed since they were cached (the caller reads the
 * key again). A refusal throws the limit's 429 and is remembered as a hint until its window ends.
 */
export function keyedAdmission(
	limits: LimitsRuntime,
	claim: KeyedClaim,
	verdict: KeyedVerdict,
	plan: Plan,
	caller: Caller,
	publicEndpoint: boolean,
	nowMs: number
): Admission | 'stale' {
	if (verdict.outcome === 'stale') return 'stale'
	const { pricingUrl } = limits
	const quotaWindow = plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)
	if (verdict.outcome === 'per_second_exceeded') {
		const second = secondWindow(nowMs)
		limits.refusals.note(claim.subject, second.resetMs)
		throw perSecondLimitExceeded({
			used: verdict.secondUsed,
			limit: plan.perSecondLimit ?? 0,
			window: second,
			planTier: plan.code,
			pricingUrl
		})
	}
	if (verdict.outcome === 'quota_exhausted') {
		limits.refusals.note(claim.subject, quotaWindow.resetMs)
		if (plan.isTrial)
			throw trialDailyCapReached({ used: verdict.quotaUsed, limit: plan.trialDailyCap ?? 0, window: quotaWindow, nowMs, pricingUrl })
		throw monthlyQuotaExhausted({
			used: verdict.quotaUsed,
			limit: plan.monthlyQuota ?? 0,
			window: quotaWindow,
			planTier: plan.code,
			pricingUrl
		})
	}
	return {
		kind: 'keyed',
		caller,
		used: verdict.quotaUsed,
		monthlyQuota: plan.monthlyQuota,
		window: utcMonthWindow(nowMs),
		charge: { subject: claim.subject, windowStartMs: quotaWindow.startMs },
		publicEndpoint
	}
}

/**
 * The response headers of an admitted call. A failed keyed call first gives its quota reservation back
 * (the month's, or a legacy trial key's day: SPEC counts only answered requests), told to `givingBack`
 * as it is sent; on a keyless-capable endpoint it then carries the monthly X-RateLimit-* without this
 * call (still charged if the release failed) and X-Upgrade-URL, elsewhere nothing.
 */
export function admittedHeaders(
	limits: LimitsRuntime,
	admission: Admission,
	status: number,
	givingBack?: (charge: Charge) => void
): Headers | Promise<Headers> {
	const { pricingUrl } = limits
	if (admission.kind === 'keyless') return keylessHeaders({ used: admission.used, window: admission.window, pricingUrl })
	if (admission.kind === 'uncounted') return {}
	if (status >= 200 && status < 300) return keyedSuccessHeaders({ ...admission, pricingUrl })
	const failed = (used: number): Headers =>
		admission.publicEndpoint
			? keyedFailureHeaders({ monthlyQuota: admission.monthlyQuota, used, window: admission.window, pricingUrl })
			: {}
	givingBack?.(admission.charge)
	return releaseCharge(limits.sql, admission.charge).then(
		() => failed(admission.used - 1),
		(error: unknown) => {
			limits.logger.warn('could not release a quota reservation', { error })
			return failed(admission.used)
		}
	)
}
