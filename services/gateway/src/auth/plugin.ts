import { Elysia } from 'elysia'
import { constantTimeEqual, hasApiKeyShape, hashApiKey } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { AppError, serviceUnavailable } from '@lv/errors'
import type { Logger } from '@lv/logger'
import { type Charge, admitKeyed, admitKeyless, pruneCounters, releaseCharge } from '../limits/counter-store.ts'
import { type Headers, KEYLESS_HOURLY_LIMIT, keyedSuccessHeaders, keylessHeaders } from '../limits/headers.ts'
import { keylessCapReached, monthlyQuotaExhausted, perSecondLimitExceeded, trialDailyCapReached } from '../limits/limit-errors.ts'
import type { Window } from '../limits/windows.ts'
import { apiKeyInvalid, apiKeyMissing, apiKeyRevoked, endpointRequiresPaidPlan, malformedHeader, planInactive } from './auth-errors.ts'
import { readCredentials } from './bearer.ts'
import type { AuthMode, Caller } from './caller.ts'
import { clientAddress, parseTrustedProxies, peerAddressOf } from './client-ip.ts'

export type AuthDeps = {
	sql: Sql
	clock: Clock
	logger: Logger
	config: { PRICING_URL: string; TRUSTED_PROXIES: string }
}

/** What the response step must do for a request the plugin admitted. */
type Pending =
	| { kind: 'keyless'; caller: Caller; used: number; window: Window }
	| { kind: 'keyed'; caller: Caller; used: number; monthlyQuota: number | null; window: Window; charge: Charge | null; publicEndpoint: boolean }
	| { kind: 'uncounted'; caller: Caller }

const PRUNE_EVERY_MS = 60_000
const lastPruneBySql = new WeakMap<Sql, number>()

const isStoreFailure = (error: unknown) => !(error instanceof AppError)

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

	function maybePrune(nowMs: number) {
		if (nowMs - (lastPruneBySql.get(sql) ?? 0) < PRUNE_EVERY_MS) return
		lastPruneBySql.set(sql, nowMs)
		pruneCounters(sql, nowMs).catch((error) => logger.warn('usage counter pruning failed', { error }))
	}

	async function admit(mode: AuthMode, request: Request, route: string, address: string): Promise<Pending> {
		const keyless: Caller = { tier: 'keyless', accountId: null, keyId: null, plan: null, clientAddress: address }
		if (mode === 'none') return { kind: 'uncounted', caller: keyless }
		const credentials = readCredentials(request.headers.get('authorization'))
		const nowMs = clock.nowMs()
		maybePrune(nowMs)
		if (credentials.kind === 'absent') {
			if (mode === 'required') throw apiKeyMissing()
			const admission = await admitKeyless(sql, { route, address, limit: KEYLESS_HOURLY_LIMIT, nowMs })
			if (!admission.admitted) throw keylessCapReached({ used: admission.used, window: admission.window, pricingUrl })
			return { kind: 'keyless', caller: keyless, used: admission.used, window: admission.window }
		}
		if (credentials.kind === 'malformed') throw malformedHeader()
		if (!hasApiKeyShape(credentials.key)) throw apiKeyInvalid()
		const keyHash = hashApiKey(credentials.key)
		const admission = await admitKeyed(sql, { keyHash, trialAllowed: mode === 'optional', nowMs })
		if (admission.outcome === 'unknown_key') throw apiKeyInvalid()
		if (admission.outcome === 'revoked') throw apiKeyRevoked()
		if (admission.outcome === 'plan_inactive') throw planInactive(pricingUrl)
		if (!constantTimeEqual(admission.keyHash, keyHash)) throw apiKeyInvalid()
		switch (admission.outcome) {
			case 'requires_paid_plan':
				throw endpointRequiresPaidPlan(pricingUrl)
			case 'per_second_exceeded':
				throw perSecondLimitExceeded({ ...admission, planTier: admission.plan.code, pricingUrl })
			case 'trial_cap_reached':
				throw trialDailyCapReached({ ...admission, nowMs, pricingUrl })
			case 'monthly_exhausted':
				throw monthlyQuotaExhausted({ ...admission, planTier: admission.plan.code, pricingUrl })
		}
		const caller: Caller = {
			tier: admission.plan.isTrial ? 'trial' : 'keyed',
			accountId: admission.accountId,
			keyId: admission.keyId,
			plan: admission.plan,
			clientAddress: address
		}
		return {
			kind: 'keyed',
			caller,
			used: admission.monthlyUsed,
			monthlyQuota: admission.plan.monthlyQuota,
			window: admission.monthWindow,
			charge: admission.charge,
			publicEndpoint: mode === 'optional'
		}
	}

	async function headersFor(entry: Pending, status: number): Promise<Headers> {
		if (entry.kind === 'keyless') return keylessHeaders({ used: entry.used, window: entry.window, pricingUrl })
		if (entry.kind === 'uncounted') return {}
		if (status >= 200 && status < 300) return keyedSuccessHeaders({ ...entry, pricingUrl })
		if (entry.charge === null) return {}
		try {
			await releaseCharge(sql, entry.charge)
		} catch (error) {
			logger.warn('could not release a monthly quota reservation', { error })
		}
		return {}
	}

	return new Elysia().macro({
		auth: (mode: AuthMode) => ({
			async transform({ request, route, server }) {
				const address = clientAddress(request, peerAddressOf(request, server), isTrusted)
				try {
					pending.set(request, await admit(mode, request, route, address))
				} catch (error) {
					if (isStoreFailure(error)) throw serviceUnavailable('limits_store_unavailable', 'The limits store is unreachable; the request was not served.', error)
					throw error
				}
			},
			resolve({ request }) {
				const entry = pending.get(request)
				if (!entry) throw new Error('auth transform did not run for this request')
				return { caller: entry.caller }
			},
			async mapResponse({ request, response, set }) {
				const entry = pending.get(request)
				if (!entry) return
				pending.delete(request)
				const status = response instanceof Response ? response.status : typeof set.status === 'number' ? set.status : 200
				const headers = await headersFor(entry, status)
				for (const [name, value] of Object.entries(headers)) {
					if (response instanceof Response) response.headers.set(name, value)
					else set.headers[name] = value
				}
			}
		})
	})
}
