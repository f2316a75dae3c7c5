import { Elysia } from 'elysia'
import { constantTimeEqual, hasApiKeyShape, hashApiKey } from '@lv/accounts'
import { clientAddress, parseTrustedProxies, peerAddressOf } from '@lv/client-address'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { AppError, serviceUnavailable } from '@lv/errors'
import type { Logger } from '@lv/logger'
import { type Charge, pruneCounters, releaseCharge } from '../limits/counter-store.ts'
import { type Headers, KEYLESS_HOURLY_LIMIT, keyedFailureHeaders, keyedSuccessHeaders, keylessHeaders } from '../limits/headers.ts'
import type { KeyedClaim } from '../limits/keyed-counter.ts'
import { type KeylessClaim, keylessClaim } from '../limits/keyless-counter.ts'
import { keylessCapReached, monthlyQuotaExhausted, perSecondLimitExceeded, trialDailyCapReached } from '../limits/limit-errors.ts'
import { type Window, secondWindow, utcDayWindow, utcMonthWindow } from '../limits/windows.ts'
import { apiKeyInvalid, apiKeyMissing, apiKeyRevoked, endpointRequiresPaidPlan, malformedHeader, planInactive } from './auth-errors.ts'
import { type Credentials, readCredentials } from './bearer.ts'
import { errorResponse, toAppError } from '../errors.ts'
import { requestIdOf } from '../request-id.ts'
import type { AuthMode, AuthOption, Caller } from './caller.ts'
import type { CachedKey } from './key-cache.ts'
import { likelyAdmittedKey } from './likely-admitted.ts'
import { authRuntimeFor } from './runtime.ts'

export type AuthDeps = {
	sql: Sql
	clock: Clock
	logger: Logger
	config: { PRICING_URL: string; TRUSTED_PROXIES: string; LIMITS_STORE_TIMEOUT_MS: number }
}

type ResponseSet = { status?: number | string; headers: Record<string, string | number> }

/**
 * A read-only handler's value as the Response Elysia would have made of it (JSON with the status
 * set so far), carrying every header set so far: a header left in set.headers would make Elysia
 * copy the whole Response to merge it in.
 */
function asResponse(value: unknown, set: ResponseSet): Response {
	const response =
		value instanceof Response
			? value
			: new Response(JSON.stringify(value), { status: typeof set.status === 'number' ? set.status : 200, headers: { 'content-type': 'application/json' } })
	for (const name in set.headers) response.headers.set(name, String(set.headers[name]))
	set.headers = {}
	return response
}

/** What the response step must do for a request the plugin admitted. */
type Pending =
	| { kind: 'keyless'; caller: Caller; used: number; window: Window }
	| { kind: 'keyed'; caller: Caller; used: number; monthlyQuota: number | null; window: Window; charge: Charge | null; publicEndpoint: boolean }
	| { kind: 'uncounted'; caller: Caller }

const PRUNE_EVERY_MS = 60_000
const lastPruneBySql = new WeakMap<Sql, number>()

/** A key whose cached meaning turns out stale is read again; more changes than this while counting one call is a store fault. */
const MAX_KEY_READS = 3

const isStoreFailure = (error: unknown) => !(error instanceof AppError)

function claimFor(entry: CachedKey, plan: NonNullable<CachedKey['plan']>, nowMs: number): KeyedClaim {
	return {
		keyId: entry.keyId,
		accountId: entry.accountId,
		planCode: plan.code,
		planVersion: entry.planVersion ?? '',
		isTrial: plan.isTrial,
		perSecondLimit: plan.perSecondLimit,
		quota: plan.isTrial ? plan.trialDailyCap : plan.monthlyQuota,
		subject: plan.isTrial ? entry.keyId : entry.accountId,
		secondStartMs: secondWindow(nowMs).startMs,
		quotaWindowStartMs: (plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)).startMs
	}
}

/**
 * The `auth` macro: `.get('/v1/x', handler, { auth: 'required' | 'optional' | 'none' })` gives the
 * handler a typed `caller`, and applies keys, plans, the per-second limit, the monthly quota, the
 * legacy trial cap and the keyless per-IP hourly cap, with SPEC's headers. It runs in the
 * transform stage, before query validation, so a malformed request still counts and still gets
 * its rate-limit headers.
 */
export function authPlugin(deps: AuthDeps) {
	const { sql, clock, logger } = deps
	const pricingUrl = deps.config.PRICING_URL
	const isTrusted = parseTrustedProxies(deps.config.TRUSTED_PROXIES)
	const pending = new WeakMap<Request, Pending>()
	const runtime = authRuntimeFor(deps)

	function maybePrune(nowMs: number) {
		if (nowMs - (lastPruneBySql.get(sql) ?? 0) < PRUNE_EVERY_MS) return
		lastPruneBySql.set(sql, nowMs)
		pruneCounters(sql, nowMs).catch((error) => logger.warn('usage counter pruning failed', { error }))
	}

	const keylessCaller = (addressOf: () => string): Caller => ({
		tier: 'keyless',
		accountId: null,
		keyId: null,
		plan: null,
		get clientAddress() {
			return addressOf()
		}
	})

	const keyedCaller = (entry: CachedKey, plan: NonNullable<CachedKey['plan']>, addressOf: () => string): Caller => ({
		tier: plan.isTrial ? 'trial' : 'keyed',
		accountId: entry.accountId,
		keyId: entry.keyId,
		plan,
		get clientAddress() {
			return addressOf()
		}
	})

	/**
	 * What a call presents, read once: the credentials, the key's SHA-256 when it has a key's shape,
	 * the keyless claim of a keyless call on a keyless-capable route, the instant.
	 */
	type IncomingCall = {
		mode: AuthMode
		credentials: Credentials
		keyHash: Uint8Array | null
		keyless: KeylessClaim | null
		nowMs: number
		addressOf: () => string
	}

	function incomingCall(mode: AuthMode, request: Request, route: string, addressOf: () => string): IncomingCall {
		const credentials: Credentials = mode === 'none' ? { kind: 'absent' } : readCredentials(request.headers.get('authorization'))
		const keyHash = credentials.kind === 'key' && hasApiKeyShape(credentials.key) ? hashApiKey(credentials.key) : null
		const nowMs = clock.nowMs()
		const keyless = mode === 'optional' && credentials.kind === 'absent' ? keylessClaim({ route, address: addressOf(), limit: KEYLESS_HOURLY_LIMIT, nowMs }) : null
		return { mode, credentials, keyHash, keyless, nowMs, addressOf }
	}

	/**
	 * Who the caller will very likely turn out to be, from memory alone (a live cached key whose
	 * account was not refused this window, or a keyless address not yet refused this hour); null
	 * when the call may well be refused or needs a read first.
	 */
	function likelyCaller(call: IncomingCall): Caller | null {
		const { mode, credentials, nowMs, addressOf } = call
		if (mode === 'none') return null
		if (credentials.kind === 'absent') return call.keyless && !runtime.keylessExhausted.refusal(call.keyless) ? keylessCaller(addressOf) : null
		if (call.keyHash === null) return null
		const entry = likelyAdmittedKey(runtime.keys, runtime.refusals, call.keyHash, mode === 'optional', nowMs)
		return entry?.plan ? keyedCaller(entry, entry.plan, addressOf) : null
	}

	/** `addressOf` reads the client address only when needed (keyless calls count by it; keyed ones do not). */
	async function admit(call: IncomingCall): Promise<Pending> {
		const { mode, credentials, nowMs, addressOf } = call
		if (mode === 'none') return { kind: 'uncounted', caller: keylessCaller(addressOf) }
		maybePrune(nowMs)
		if (credentials.kind === 'absent') {
			const claim = call.keyless
			if (claim === null) throw apiKeyMissing()
			const admission = runtime.keylessExhausted.refusal(claim) ?? (await runtime.keyless.submit(claim))
			runtime.keylessExhausted.note(claim, admission)
			if (!admission.admitted) throw keylessCapReached({ used: admission.used, window: admission.window, pricingUrl })
			return { kind: 'keyless', caller: keylessCaller(addressOf), used: admission.used, window: admission.window }
		}
		if (credentials.kind === 'malformed') throw malformedHeader()
		if (call.keyHash === null) throw apiKeyInvalid()
		return admitKeyed(call.keyHash, mode, addressOf, nowMs)
	}

	/**
	 * The key from the cache (read on a miss), then the call counted by the batch statement, which
	 * also re-checks the key and plan against the database: if they changed since they were cached,
	 * the key is read again and the call decided on what it is now.
	 */
	async function admitKeyed(keyHash: Uint8Array, mode: AuthMode, addressOf: () => string, nowMs: number): Promise<Pending> {
		for (let attempt = 0; attempt < MAX_KEY_READS; attempt++) {
			const entry = await runtime.keys.resolve(keyHash, nowMs)
			if (!entry || !constantTimeEqual(entry.keyHash, keyHash)) throw apiKeyInvalid()
			if (entry.status === 'revoked') throw apiKeyRevoked()
			const plan = entry.plan
			if (entry.status === 'plan_inactive' || plan === null) throw planInactive(pricingUrl)
			if (plan.isTrial && mode !== 'optional') throw endpointRequiresPaidPlan(pricingUrl)
			const claim = claimFor(entry, plan, nowMs)
			const verdict = await runtime.keyed.submit(claim)
			if (verdict.outcome === 'stale') {
				runtime.keys.forget(keyHash)
				continue
			}
			const second = secondWindow(nowMs)
			const quotaWindow = plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)
			if (verdict.outcome !== 'admitted') runtime.refusals.note(claim.subject, verdict.outcome === 'per_second_exceeded' ? second.resetMs : quotaWindow.resetMs)
			if (verdict.outcome === 'per_second_exceeded')
				throw perSecondLimitExceeded({ used: verdict.secondUsed, limit: plan.perSecondLimit ?? 0, window: second, planTier: plan.code, pricingUrl })
			if (verdict.outcome === 'quota_exhausted') {
				if (plan.isTrial) throw trialDailyCapReached({ used: verdict.quotaUsed, limit: plan.trialDailyCap ?? 0, window: quotaWindow, nowMs, pricingUrl })
				throw monthlyQuotaExhausted({ used: verdict.quotaUsed, limit: plan.monthlyQuota ?? 0, window: quotaWindow, planTier: plan.code, pricingUrl })
			}
			runtime.lastUsed.touch(entry, nowMs)
			const caller = keyedCaller(entry, plan, addressOf)
			return {
				kind: 'keyed',
				caller,
				used: verdict.quotaUsed,
				monthlyQuota: plan.monthlyQuota,
				window: utcMonthWindow(nowMs),
				charge: plan.isTrial ? null : { subject: entry.accountId, windowStartMs: quotaWindow.startMs },
				publicEndpoint: mode === 'optional'
			}
		}
		throw new Error(`api key changed ${MAX_KEY_READS} times while being counted`)
	}

	/**
	 * The response headers of an admitted call. A failed keyed call first gives its monthly
	 * reservation back; on a keyless-capable endpoint it then carries the monthly X-RateLimit-*
	 * without this call (still charged if the release failed) and X-Upgrade-URL, elsewhere nothing.
	 */
	function headersFor(entry: Pending, status: number): Headers | Promise<Headers> {
		if (entry.kind === 'keyless') return keylessHeaders({ used: entry.used, window: entry.window, pricingUrl })
		if (entry.kind === 'uncounted') return {}
		if (status >= 200 && status < 300) return keyedSuccessHeaders({ ...entry, pricingUrl })
		const failed = (used: number): Headers =>
			entry.publicEndpoint ? keyedFailureHeaders({ monthlyQuota: entry.monthlyQuota, used, window: entry.window, pricingUrl }) : {}
		if (entry.charge === null) return failed(entry.used)
		return releaseCharge(sql, entry.charge).then(
			() => failed(entry.used - 1),
			(error: unknown) => {
				logger.warn('could not release a monthly quota reservation', { error })
				return failed(entry.used)
			}
		)
	}

	/**
	 * The admission with a store failure turned into the fail-closed 503. On a keyless-capable
	 * endpoint every refusal (401, 402, 429, 503) carries X-Upgrade-URL: SPEC sends it on every
	 * response there, and which counter would apply is unknown when the key itself is refused.
	 */
	const admitOrFailClosed = (call: IncomingCall) =>
		admit(call).catch((error: unknown) => {
			const refusal = isStoreFailure(error) ? serviceUnavailable('limits_store_unavailable', 'The limits store is unreachable; the request was not served.', error) : error
			// Each refusal is built for this one call, so adding a header to it touches no other response.
			if (call.mode === 'optional' && refusal instanceof AppError) refusal.headers['X-Upgrade-URL'] ??= pricingUrl
			throw refusal
		})

	/** Read-only calls whose handler runs while they are counted: the provisional caller and the admission to wait for. */
	const overlapping = new WeakMap<Request, { caller: Caller; admission: Promise<Pending> }>()

	/** Adds the admitted call's headers: in place when they are known now, else on a Response built once they are. */
	function addHeaders(entry: Pending, response: unknown, set: ResponseSet): Response | Promise<Response> | undefined {
		const status = response instanceof Response ? response.status : typeof set.status === 'number' ? set.status : 200
		const apply = (headers: Headers) => {
			for (const name in headers) {
				const value = headers[name] as string
				if (response instanceof Response) response.headers.set(name, value)
				else set.headers[name] = value
			}
		}
		const headers = headersFor(entry, status)
		if (!(headers instanceof Promise)) {
			apply(headers)
			return undefined
		}
		// An asynchronous mapResponse must hand Elysia a Response (a value it would map is answered empty).
		return headers.then((later) => {
			apply(later)
			return asResponse(response, set)
		})
	}

	return new Elysia().macro({
		auth: (option: AuthOption) => ({
			async transform({ request, route, server }) {
				const mode = typeof option === 'string' ? option : option.mode
				let address: string | undefined
				const addressOf = () => {
					address ??= clientAddress(request, peerAddressOf(request, server), isTrusted)
					return address
				}
				const call = incomingCall(mode, request, route, addressOf)
				const caller = typeof option === 'string' ? null : likelyCaller(call)
				const admission = admitOrFailClosed(call)
				if (caller === null) {
					pending.set(request, await admission)
					return
				}
				admission.catch(() => {})
				overlapping.set(request, { caller, admission })
			},
			resolve({ request }) {
				const caller = pending.get(request)?.caller ?? overlapping.get(request)?.caller
				if (!caller) throw new Error('auth transform did not run for this request')
				return { caller }
			},
			mapResponse({ request, response, set }) {
				const overlap = overlapping.get(request)
				if (overlap) {
					overlapping.delete(request)
					// As if counted first: a refusal replaces whatever the handler answered.
					return overlap.admission.then(
						(entry) => addHeaders(entry, response, set) ?? asResponse(response, set),
						(error: unknown) => {
							if (!(error instanceof AppError)) logger.error('admission failed', { request_id: requestIdOf(request), error })
							return errorResponse(toAppError('UNKNOWN', error), requestIdOf(request))
						}
					)
				}
				const entry = pending.get(request)
				if (!entry) return
				pending.delete(request)
				return addHeaders(entry, response, set)
			}
		})
	})
}
