import { Elysia } from 'elysia'
import { constantTimeEqual, hasApiKeyShape, hashApiKey } from '@lv/accounts'
import { clientAddress, peerAddressOf } from '@lv/client-address'
import { AppError, serviceUnavailable } from '@lv/errors'
import { bodyRefusalOf } from '../body-limit.ts'
import { errorResponse, toAppError } from '../errors.ts'
import { addressBlock } from '../limits/address-block.ts'
import { type Admission, admittedHeaders, keyedAdmission, keyedClaim, keylessAdmission } from '../limits/admission.ts'
import { type Headers, KEYLESS_HOURLY_LIMIT, keyedSuccessHeaderSet } from '../limits/headers.ts'
import { type KeylessClaim, keylessClaim } from '../limits/keyless-counter.ts'
import type { Plan } from '../limits/plan.ts'
import { type Answered, answeredStatus, recordAnswered } from '../metrics.ts'
import { requestIdOf } from '../request-id.ts'
import { apiKeyInvalid, apiKeyMissing, apiKeyRevoked, endpointRequiresPaidPlan, malformedHeader, planInactive } from './auth-errors.ts'
import { type Credentials, readCredentials } from './bearer.ts'
import { grantKeyOf } from './connector-calls.ts'
import type { AuthMode, AuthOption, Caller } from './caller.ts'
import type { CachedKey } from './key-cache.ts'
import { likelyAdmittedKey } from './likely-admitted.ts'
import type { AuthRuntime } from './runtime.ts'

/** A key whose cached meaning turns out stale is read again; more changes than this while counting one call is a store fault. */
const MAX_KEY_READS = 3

type ResponseSet = { status?: number | string; headers: Record<string, string | number> }

/**
 * What a call presents, read once in the transform step: the credentials, the key's SHA-256 when it
 * has a key's shape, the keyless claim of a keyless call on a keyless-capable route, the instant.
 * `addressOf` reads the client address only when needed (keyless calls count by it; keyed ones do not).
 */
type IncomingCall = {
	mode: AuthMode
	credentials: Credentials
	keyHash: Uint8Array | null
	keyless: KeylessClaim | null
	nowMs: number
	addressOf: () => string
}

/** A read-only call whose handler runs while it is counted: the provisional caller and the admission to wait for. */
type Overlap = { caller: Caller; admission: Promise<Admission> }

/**
 * The call's auth state, on its Elysia context from the transform step to the response step: the
 * admission (decided before the handler), or an overlap (decided while it runs).
 */
export const AUTH_STATE = Symbol('auth state')
export type AuthContext = { [AUTH_STATE]?: Admission | Overlap }

const keylessCaller = (addressOf: () => string): Caller => ({
	tier: 'keyless',
	accountId: null,
	keyId: null,
	plan: null,
	get clientAddress() {
		return addressOf()
	}
})

const keyedCaller = (entry: CachedKey, plan: Plan, addressOf: () => string): Caller => ({
	tier: plan.isTrial ? 'trial' : 'keyed',
	accountId: entry.accountId,
	keyId: entry.keyId,
	plan,
	get clientAddress() {
		return addressOf()
	}
})

function readCall(auth: AuthRuntime, mode: AuthMode, request: Request, route: string, addressOf: () => string): IncomingCall {
	const grantKey = mode === 'none' ? undefined : grantKeyOf(request)
	const credentials: Credentials =
		mode === 'none' ? { kind: 'absent' } : grantKey ? { kind: 'grant' } : readCredentials(request.headers.get('authorization'))
	const keyHash = grantKey ?? (credentials.kind === 'key' && hasApiKeyShape(credentials.key) ? hashApiKey(credentials.key) : null)
	const nowMs = auth.clock.nowMs()
	const keyless =
		mode === 'optional' && credentials.kind === 'absent'
			? keylessClaim({ route, address: addressBlock(addressOf()), limit: KEYLESS_HOURLY_LIMIT, nowMs })
			: null
	return { mode, credentials, keyHash, keyless, nowMs, addressOf }
}

/**
 * Who the caller will very likely turn out to be, from memory alone (a live cached key whose
 * account was not refused this window, or a keyless address not yet refused this hour); null
 * when the call may well be refused or needs a read first.
 */
function likelyCaller(auth: AuthRuntime, call: IncomingCall): Caller | null {
	const { mode, credentials, nowMs, addressOf } = call
	if (mode === 'none') return null
	if (credentials.kind === 'absent')
		return call.keyless && !auth.limits.keylessExhausted.refusal(call.keyless) ? keylessCaller(addressOf) : null
	if (call.keyHash === null) return null
	const entry = likelyAdmittedKey(auth.keys, auth.limits.refusals, call.keyHash, mode === 'optional', nowMs)
	return entry?.plan ? keyedCaller(entry, entry.plan, addressOf) : null
}

/**
 * The key from the cache (read on a miss), then the call counted by the batch statement, which
 * also re-checks the key and plan against the database: if they changed since they were cached,
 * the key is read again and the call decided on what it is now.
 */
async function admitKey(auth: AuthRuntime, call: IncomingCall, keyHash: Uint8Array): Promise<Admission> {
	const { nowMs, addressOf } = call
	for (let attempt = 0; attempt < MAX_KEY_READS; attempt++) {
		const entry = await auth.keys.resolve(keyHash, nowMs, addressOf)
		if (!entry || !constantTimeEqual(entry.keyHash, keyHash)) throw apiKeyInvalid()
		let admission: Admission | 'stale'
		try {
			admission = await admitKnownKey(auth, call, entry)
		} catch (error) {
			auth.usage.noteRefusal(entry, error, nowMs)
			throw error
		}
		if (admission === 'stale') {
			auth.keys.forget(keyHash)
			continue
		}
		auth.lastUsed.touch(entry, nowMs)
		auth.usage.noteCall(entry, nowMs)
		return admission
	}
	throw new Error(`api key changed ${MAX_KEY_READS} times while being counted`)
}

/** The call of a key found in the cache or store: refused by the key's state or plan, or counted. */
async function admitKnownKey(auth: AuthRuntime, call: IncomingCall, entry: CachedKey): Promise<Admission | 'stale'> {
	const { mode, nowMs, addressOf } = call
	if (entry.status === 'revoked') throw apiKeyRevoked()
	const plan = entry.plan
	if (entry.status === 'plan_inactive' || plan === null) throw planInactive(auth.pricingUrl)
	if (plan.isTrial && mode !== 'optional') throw endpointRequiresPaidPlan(auth.pricingUrl)
	const claim = keyedClaim(entry, plan, nowMs)
	const leased = auth.leases?.admitAsking(claim, nowMs)
	const verdict = (leased && (await leased)) ?? (await auth.limits.keyed.submit(claim))
	return keyedAdmission(auth.limits, claim, verdict, plan, keyedCaller(entry, plan, addressOf), mode === 'optional', nowMs)
}

/**
 * The call admitted now from the replica's leases (ADR 0031), without waiting for anything: a fresh
 * live cached key under a valid key-cache lease, with room in its subject's allowance lease. Undefined
 * sends the call down the ordinary path (`admit`), which decides everything else.
 */
function admitFromLeases(auth: AuthRuntime, call: IncomingCall): Admission | undefined {
	const { keyHash, nowMs, mode } = call
	if (!auth.leases || keyHash === null || mode === 'none') return undefined
	const entry = auth.keys.liveEntry(keyHash, nowMs)
	const plan = entry?.plan
	if (!entry || !plan || !constantTimeEqual(entry.keyHash, keyHash)) return undefined
	const claim = keyedClaim(entry, plan, nowMs)
	const verdict = auth.leases.admit(claim, nowMs)
	if (!verdict) return undefined
	auth.limits.pruneIfDue(nowMs)
	const admission = keyedAdmission(auth.limits, claim, verdict, plan, keyedCaller(entry, plan, call.addressOf), mode === 'optional', nowMs)
	if (admission === 'stale') return undefined
	auth.keys.noteHit()
	auth.lastUsed.touch(entry, nowMs)
	auth.usage.noteCall(entry, nowMs)
	return admission
}

async function admit(auth: AuthRuntime, call: IncomingCall): Promise<Admission> {
	const { mode, credentials, addressOf } = call
	if (mode === 'none') return { kind: 'uncounted', caller: keylessCaller(addressOf) }
	auth.limits.pruneIfDue(call.nowMs)
	if (credentials.kind === 'absent') {
		const claim = call.keyless
		if (claim === null) throw apiKeyMissing()
		const verdict = auth.limits.keylessExhausted.refusal(claim) ?? (await auth.limits.keyless.submit(claim))
		return keylessAdmission(auth.limits, claim, verdict, keylessCaller(addressOf))
	}
	if (credentials.kind === 'malformed') throw malformedHeader()
	if (call.keyHash === null) throw apiKeyInvalid()
	return admitKey(auth, call, call.keyHash)
}

/**
 * The admission with a store failure turned into the fail-closed 503. On a keyless-capable
 * endpoint every refusal (401, 402, 429, 503) carries X-Upgrade-URL: SPEC sends it on every
 * response there, and which counter would apply is unknown when the key itself is refused.
 */
const admitOrFailClosed = (auth: AuthRuntime, call: IncomingCall) =>
	admit(auth, call).catch((error: unknown) => {
		const refusal =
			error instanceof AppError
				? error
				: serviceUnavailable('limits_store_unavailable', 'The limits store is unreachable; the request was not served.', error)
		// Each refusal is built for this one call, so adding a header to it touches no other response.
		if (call.mode === 'optional') refusal.headers['X-Upgrade-URL'] ??= auth.pricingUrl
		auth.metrics?.refused(refusal.reason)
		throw refusal
	})

/**
 * A read-only handler's value as the Response Elysia would have made of it (JSON with the status
 * set so far), carrying every header set so far: a header left in set.headers would make Elysia
 * copy the whole Response to merge it in.
 */
function asResponse(value: unknown, set: ResponseSet): Response {
	const response =
		value instanceof Response
			? value
			: new Response(JSON.stringify(value), {
					status: typeof set.status === 'number' ? set.status : 200,
					headers: { 'content-type': 'application/json' }
				})
	for (const name in set.headers) response.headers.set(name, String(set.headers[name]))
	set.headers = {}
	return response
}

/** Marks a Response built with every header of its call (`admittedAnswer`): the later response steps add none. */
const ALL_HEADERS = Symbol('all headers')
type Headed = { [ALL_HEADERS]?: true }

/** True for a Response `admittedAnswer` built with every header it carries. */
export const hasAllHeaders = (response: unknown): boolean => response instanceof Response && (response as Headed)[ALL_HEADERS] === true

/**
 * A handler's 200 answer: for a keyed call admitted before the handler ran, built once with every
 * header it carries (content type, request id, the counts) from a template per plan and window;
 * otherwise with its content type only, the later steps adding the rest as before.
 */
export function admittedAnswer(
	auth: AuthRuntime,
	admitted: Admission | undefined,
	request: Request,
	body: BodyInit,
	contentType: string
): Response {
	if (admitted?.kind !== 'keyed') return new Response(body, { headers: { 'content-type': contentType } })
	const response: Response & Headed = new Response(body, {
		headers: keyedSuccessHeaderSet(admitted, auth.limits.pricingUrl, contentType, requestIdOf(request))
	})
	response[ALL_HEADERS] = true
	return response
}

/** Adds the admitted call's headers: in place when they are known now, else on a Response built once they are. */
function addHeaders(auth: AuthRuntime, admission: Admission, response: unknown, set: ResponseSet): Promise<Response> | undefined {
	if (hasAllHeaders(response)) return undefined
	const status = answeredStatus(response, set)
	const apply = (headers: Headers) => {
		for (const name in headers) {
			const value = headers[name] as string
			if (response instanceof Response) response.headers.set(name, value)
			else set.headers[name] = value
		}
	}
	const headers = admittedHeaders(auth.limits, admission, status, auth.leases && ((charge) => auth.leases?.givenBack(charge)))
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

/** The final answer of a guarded route, recorded in the app's metrics. */
function recorded(auth: AuthRuntime, answered: Answered, response: Response): Response {
	recordAnswered(auth.metrics, answered, response.status)
	return response
}

/** The admitted call's answer with its headers, recorded once final: undefined when the headers went on it in place. */
function answerAdmitted(
	auth: AuthRuntime,
	admission: Admission,
	answered: Answered,
	response: unknown,
	set: ResponseSet
): Promise<Response> | undefined {
	const later = addHeaders(auth, admission, response, set)
	if (later) return later.then((final) => recorded(auth, answered, final))
	recordAnswered(auth.metrics, answered, answeredStatus(response, set))
	return undefined
}

/** As if counted first: the overlapped handler's answer once admitted, or the refusal in its place. */
function answerOverlapped(
	auth: AuthRuntime,
	overlap: Overlap,
	answered: Answered,
	request: Request,
	response: unknown,
	set: ResponseSet
): Promise<Response> {
	return overlap.admission.then(
		(admission) => answerAdmitted(auth, admission, answered, response, set) ?? asResponse(response, set),
		(error: unknown) => {
			if (!(error instanceof AppError)) auth.logger.error('admission failed', { request_id: requestIdOf(request), error })
			return recorded(auth, answered, errorResponse(toAppError('UNKNOWN', error), requestIdOf(request)))
		}
	)
}

/**
 * The `auth` macro: `.get('/v1/x', handler, { auth: 'required' | 'optional' | 'none' })` gives the
 * handler a typed `caller`, and applies keys, plans, the per-second limit, the monthly quota, the
 * legacy trial cap and the keyless per-address hourly cap, with SPEC's headers. It runs in the
 * transform stage, before query validation, so a malformed request still counts and still gets
 * its rate-limit headers; a body refused in the parse stage before it (`jsonBodyWithin`) is thrown
 * here, after the key's checks. `auth` is the replica's runtime, built once by createApp.
 */
export function authPlugin(auth: AuthRuntime) {
	return new Elysia().macro({
		auth: (option: AuthOption) => ({
			async transform(context) {
				const { request, route, server } = context
				const mode = typeof option === 'string' ? option : option.mode
				const refusal = typeof option === 'string' ? undefined : option.refuse?.(request)
				if (refusal) throw refusal
				let address: string | undefined
				const addressOf = () => {
					address ??= clientAddress(request, peerAddressOf(request, server), auth.isTrustedProxy)
					return address
				}
				const call = readCall(auth, mode, request, route, addressOf)
				// A body its parse hook refused is answered once the call is admitted and counted (SPEC "Errors" rule 1).
				const refusedBody = bodyRefusalOf(request)
				const leased = admitFromLeases(auth, call)
				if (leased) {
					;(context as AuthContext)[AUTH_STATE] = leased
					if (refusedBody) throw refusedBody
					return
				}
				const readOnly = typeof option === 'string' ? undefined : option.readOnly
				const overlaps = readOnly === true || readOnly?.(request) === true
				const caller = overlaps ? likelyCaller(auth, call) : null
				const admission = admitOrFailClosed(auth, call)
				if (caller === null) {
					;(context as AuthContext)[AUTH_STATE] = await admission
					if (refusedBody) throw refusedBody
					return
				}
				admission.catch(() => {})
				;(context as AuthContext)[AUTH_STATE] = { caller, admission }
			},
			resolve(context) {
				const state = (context as AuthContext)[AUTH_STATE]
				if (!state) throw new Error('auth transform did not run for this request')
				// `admitted`: the admission when it was decided before the handler (`admittedAnswer` builds its headers).
				return { caller: state.caller, admitted: 'kind' in state ? state : undefined }
			},
			mapResponse(context) {
				const state = (context as AuthContext)[AUTH_STATE]
				if (!state) return
				;(context as AuthContext)[AUTH_STATE] = undefined
				const { request, response, set, route } = context
				const { caller, metricsStartedAt } = context as Answered
				const answered = { route, caller, metricsStartedAt }
				if ('kind' in state) return answerAdmitted(auth, state, answered, response, set)
				return answerOverlapped(auth, state, answered, request, response, set)
			}
		})
	})
}
