import type { HeaderName } from './header-catalog.ts'
import { AUTH_OUTCOMES, type AuthMode, type HeaderGroup, type OperationSpec } from './operations.ts'
import { KEYLESS_HEADERS, OUTCOMES, type Outcome, type OutcomeId } from './outcomes.ts'

/** The headers one response carries: every name it can carry, and those it always carries. */
export type ResponseHeaders = { names: HeaderName[]; required: HeaderName[] }

/** A successful keyed call (src/limits/headers.ts keyedSuccessHeaders): counts are omitted on plans without a monthly cap. */
function keyedSuccess(publicEndpoint: boolean): HeaderGroup {
	const counts: HeaderName[] = [
		'X-Monthly-Quota-Used',
		'X-Monthly-Quota-Remaining',
		'X-Monthly-Quota-Reset',
		'X-Monthly-Quota-Warning',
		'X-RateLimit-Limit',
		'X-RateLimit-Remaining',
		'X-RateLimit-Reset'
	]
	// On a keyless-capable endpoint a key always brings `tier=authenticated`; elsewhere only uncapped plans say `tier=unlimited`.
	return publicEndpoint
		? { always: ['X-Monthly-Quota-Limit', 'X-Upgrade-URL', 'X-RateLimit-Policy'], sometimes: counts }
		: { always: ['X-Monthly-Quota-Limit', 'X-Upgrade-URL'], sometimes: [...counts, 'X-RateLimit-Policy'] }
}

const KEYLESS: HeaderGroup = { always: KEYLESS_HEADERS }
const NOTHING: HeaderGroup = { always: [] }
/** A keyed call on a keyless-capable endpoint that ended non-2xx (src/limits/headers.ts keyedFailureHeaders): monthly counts unless uncapped. */
const KEYED_FAILURE: HeaderGroup = {
	always: ['X-Upgrade-URL'],
	sometimes: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
}
/** A refusal before admission on a keyless-capable endpoint (src/auth/plugin.ts admitOrFailClosed). */
const UPGRADE: HeaderGroup = { always: ['X-Upgrade-URL'] }

const join = (...groups: HeaderGroup[]): HeaderGroup => ({
	always: groups.flatMap((group) => group.always),
	sometimes: groups.flatMap((group) => group.sometimes ?? [])
})

/** `security: []` is keyless with no cap; an empty requirement `{}` among the options makes a key optional. */
export function authModeOf(security: readonly Record<string, unknown>[] | undefined): AuthMode {
	if (security === undefined || security.length === 0) return 'none'
	return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required'
}

export const isSuccess = (status: number) => status >= 200 && status < 300

/** The outcomes of an operation at one non-2xx status: its own and those of its auth mode. */
export function outcomesAt(spec: OperationSpec, mode: AuthMode, status: number): [OutcomeId, Outcome][] {
	const ids = [...AUTH_OUTCOMES[mode], ...spec.outcomes]
	return ids.map((id): [OutcomeId, Outcome] => [id, OUTCOMES[id]]).filter(([, outcome]) => outcome.status === status)
}

/** Each distinct way the response can be produced, as the headers it then carries. */
function variants(spec: OperationSpec, mode: AuthMode, status: number): HeaderGroup[] {
	if (status === 304) return spec.notModified ? [spec.notModified] : []
	if (isSuccess(status)) {
		const own = spec.success ?? NOTHING
		if (mode === 'none') return [own]
		if (mode === 'required') return [join(keyedSuccess(false), own)]
		return [join(KEYLESS, own), join(keyedSuccess(true), own)]
	}
	return outcomesAt(spec, mode, status).flatMap(([, outcome]) => {
		const own: HeaderGroup = { always: outcome.headers }
		if (mode !== 'optional') return [own]
		// On a keyless-capable endpoint an admitted caller's answer carries its limit headers whatever the
		// status (keyless ones, or a key's monthly ones); a refusal before admission carries X-Upgrade-URL.
		return outcome.stage === 'admitted' ? [join(own, KEYLESS), join(own, KEYED_FAILURE)] : [join(own, UPGRADE)]
	})
}

/**
 * The headers of one documented response: X-Request-Id always, then the union of what each way of
 * producing it carries; a header is required when every way carries it. A deprecated operation adds
 * Deprecation and Sunset to every response (src/deprecation.ts).
 */
export function responseHeaders(spec: OperationSpec, mode: AuthMode, status: number, deprecated = false): ResponseHeaders {
	const base: HeaderName[] = deprecated ? ['X-Request-Id', 'Deprecation', 'Sunset'] : ['X-Request-Id']
	const ways = variants(spec, mode, status)
	const names = new Set<HeaderName>(base)
	for (const way of ways) for (const name of [...way.always, ...(way.sometimes ?? [])]) names.add(name)
	const required = [...names].filter((name) => base.includes(name) || (ways.length > 0 && ways.every((way) => way.always.includes(name))))
	return { names: [...names], required }
}
