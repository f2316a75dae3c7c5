import { Elysia } from 'elysia'
import { AppError } from '@lv/errors'
import {
	FAST_BUCKETS,
	PlainCounter,
	type PlainCounterChild,
	PlainHistogram,
	type PlainHistogramChild,
	type ServiceMetrics,
	childPerLabel,
	counterFrom
} from '@lv/runtime'
import type { KeyCache } from './auth/key-cache.ts'
import type { Caller } from './auth/caller.ts'
import type { HeldAnswerCounts } from './routes/check-dispatch.ts'

/** A route's series: its latency child, and its request counter children by plan and status. */
type RouteSeries = { duration: PlainHistogramChild; byPlan: Map<string, Map<number, PlainCounterChild>> }

/** The route label of a request no route matched: never the raw path (unbounded). */
const UNMATCHED = 'unmatched'
/** The plan label of a call refused before its caller was known. */
const NO_CALLER = 'none'

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>

/**
 * The gateway's series. Label values are bounded: route templates (never raw paths), plan codes,
 * statuses, SPEC reasons, NATS subjects. They are plain series (`@lv/runtime` plain-metrics.ts)
 * whose children are kept in maps here, so a request costs three map lookups, one field increment
 * and one bucket search: no label object, no string built.
 */
export function createGatewayMetrics({ registry, enabled }: ServiceMetrics) {
	const answered = answeredRequests(registry)
	const refusals = childPerLabel(
		new PlainCounter(
			registry,
			'gateway_limiter_refusals_total',
			'Calls refused at admission (key, plan, rate limit, quota, limits store), by SPEC reason.',
			['reason']
		)
	)
	const natsRequest = natsRequestTimer(registry)
	return {
		enabled,
		/** One answered request: `route` is Elysia's route template, empty when none matched. */
		answered,
		refused(reason: string) {
			refusals(reason).count++
		},
		/** Times one NATS request; an unanswered one (503 from requestBytes) is counted as a timeout. */
		natsRequest,
		/** Checks this replica answered from held answers, read at scrape time: the checkers' own counts leave them out (ADR 0048). */
		watchHeldAnswers(counts: HeldAnswerCounts) {
			countersReadAtScrape(registry, [
				[
					'gateway_held_answers_served_total',
					'Checks answered from a held answer without asking a checker (ADR 0048).',
					() => counts.served
				],
				[
					'gateway_held_answers_confirmed_total',
					'Checks answered from a held answer a checker confirmed unchanged.',
					() => counts.confirmed
				]
			])
		},
		/** The replica's key cache, read at scrape time (its hits and reads are plain field increments). */
		watchKeyCache(keys: KeyCache) {
			countersReadAtScrape(registry, [
				['gateway_key_cache_hits_total', 'API key lookups answered from the replica cache.', () => keys.hits],
				['gateway_key_cache_misses_total', 'API key lookups that read the database (not cached, or cached too long ago).', () => keys.loads]
			])
		}
	}
}

/** Counters whose totals are plain fields, read when scraped: [name, help, read] each. */
function countersReadAtScrape(registry: ServiceMetrics['registry'], counters: [name: string, help: string, read: () => number][]) {
	for (const [name, help, read] of counters) counterFrom(registry, { name, help }, read)
}

/** The request counter and latency histogram, with each route's children kept in a map. */
function answeredRequests(registry: ServiceMetrics['registry']) {
	const requests = new PlainCounter(
		registry,
		'gateway_http_requests_total',
		'HTTP requests answered, by route template, status and plan (keyless, a plan code, or none when refused before the caller was known).',
		['route', 'status', 'plan']
	)
	const duration = new PlainHistogram(
		registry,
		'gateway_http_request_duration_seconds',
		'Time from the route taking the request to its response being handed to the server, by route template (zero for a request no route took).',
		['route'],
		FAST_BUCKETS
	)
	const routes = new Map<string, RouteSeries>()

	function seriesOf(route: string): RouteSeries {
		let series = routes.get(route)
		if (series === undefined) {
			series = { duration: duration.child(route), byPlan: new Map() }
			routes.set(route, series)
		}
		return series
	}

	function requestCounter(series: RouteSeries, route: string, plan: string, status: number): PlainCounterChild {
		let byStatus = series.byPlan.get(plan)
		if (byStatus === undefined) {
			byStatus = new Map()
			series.byPlan.set(plan, byStatus)
		}
		let counter = byStatus.get(status)
		if (counter === undefined) {
			counter = requests.child(route, String(status), plan)
			byStatus.set(status, counter)
		}
		return counter
	}

	return (route: string | undefined, plan: string, status: number, seconds: number) => {
		const label = route || UNMATCHED
		const series = seriesOf(label)
		series.duration.observe(seconds)
		requestCounter(series, label, plan, status).count++
	}
}

/** The NATS round-trip histogram and timeout counter, by subject, around a request. */
function natsRequestTimer(registry: ServiceMetrics['registry']) {
	const natsDuration = childPerLabel(
		new PlainHistogram(
			registry,
			'gateway_nats_request_duration_seconds',
			'NATS request/reply round trips, by subject.',
			['subject'],
			FAST_BUCKETS
		)
	)
	const natsTimeouts = childPerLabel(
		new PlainCounter(
			registry,
			'gateway_nats_request_timeouts_total',
			'NATS requests left unanswered (no responder, or no reply within the timeout), by subject.',
			['subject']
		)
	)
	return async <T>(subject: string, work: () => Promise<T>): Promise<T> => {
		const startedAt = performance.now()
		try {
			return await work()
		} catch (error) {
			if (error instanceof AppError && error.status === 503) natsTimeouts(subject).count++
			throw error
		} finally {
			natsDuration(subject).observe((performance.now() - startedAt) / 1000)
		}
	}
}

/** `work` timed on `metrics` when the caller has them (the benches build route handlers without). */
export const timedRequest = <T>(
	metrics: Pick<GatewayMetrics, 'natsRequest'> | undefined,
	subject: string,
	work: () => Promise<T>
): Promise<T> => (metrics ? metrics.natsRequest(subject, work) : work())

/** What a recording reads of a request's context: Elysia's route, the caller the auth plugin resolved and the start noted here. */
export type Answered = { route?: string; caller?: Caller; metricsStartedAt?: number }

/** The plan label of a request: its caller's plan code, keyless, or none when refused before the caller was known. */
const planOf = (caller: Caller | undefined) => (caller === undefined ? NO_CALLER : (caller.plan?.code ?? 'keyless'))

/**
 * Every request timed from the start of its route's lifecycle, hooked in only when metrics are on.
 * The start is kept on the request's context, which Elysia passes to every later hook. There is no
 * hook on arrival (Elysia then builds every request's context in its general form) and none after
 * the response (Elysia schedules those with a setImmediate per request): the request is recorded by
 * `recordAnswered` where its response is final (the app's mapResponse, the auth plugin's for the
 * routes it answers, the app's error handler). A request no route took has no start: it is timed as
 * zero. The hook names the context field it writes in its parameter: Elysia reads a hook's source to
 * decide what to prepare per request, and a context handed on whole makes it prepare everything
 * (query, headers, cookies), which cost about 15 µs a request here.
 */
export function requestMetrics(metrics: GatewayMetrics) {
	const plugin = new Elysia({ name: 'request-metrics' })
	if (!metrics.enabled) return plugin
	return plugin.onTransform({ as: 'global' }, (context) => {
		;(context as Answered).metricsStartedAt = performance.now()
	})
}

/** The status of a handler's answer: its Response's, else the status set (Elysia answers a value with 200 by default). */
export const answeredStatus = (response: unknown, set: { status?: number | string }): number =>
	response instanceof Response ? response.status : typeof set.status === 'number' ? set.status : 200

/** Counts and times one request answered with `status`. */
export function recordAnswered(metrics: GatewayMetrics | undefined, { route, caller, metricsStartedAt }: Answered, status: number) {
	if (!metrics?.enabled) return
	const now = performance.now()
	metrics.answered(route, planOf(caller), status, (now - (metricsStartedAt ?? now)) / 1000)
}
