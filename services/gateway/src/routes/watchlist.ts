import { Elysia } from 'elysia'
import { AppError } from '@lv/errors'
import type { RouteDeps } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { BODY_LIMITS, bodyLimitNote, jsonBodyWithin } from '../body-limit.ts'
import { authPlugin } from '../auth/plugin.ts'
import type { Caller, KeyedCaller } from '../auth/caller.ts'
import {
	AddOperatorBody,
	DeleteSlugParams,
	EventsFeedModel,
	EventsFeedQuery,
	WatchlistEntryModel,
	WatchlistPageModel,
	WatchlistPagingQuery,
	WatchlistSummaryModel,
	errorModels
} from '../models/watchlist.ts'
import { parsePaging } from '../lookup/paging.ts'
import { parseFeedQuery, readFeed } from '../watchlist/events-feed.ts'
import { admitPoll } from '../watchlist/poll-limit.ts'
import { addEntry, countEntries, listEntries, parseDeleteSlug, parseOperatorSlug, removeEntry } from '../watchlist/watchlist-store.ts'

const security = [{ apiKey: [] }]

/** `required` routes never see a keyless caller; this narrows the type for the handler. */
export function keyedCaller(caller: Caller): KeyedCaller {
	if (caller.tier === 'keyless')
		throw new AppError({ status: 401, code: 'auth_required', reason: 'api_key_missing', message: 'This endpoint needs an API key.' })
	return caller
}

/** GET /v1/watchlist, GET/POST /v1/watchlist/operators, DELETE /v1/watchlist/operators/{slug}, GET /v1/watchlist/events. */
export const watchlistRoutes = (deps: RouteDeps) =>
	new Elysia({ name: 'watchlist-routes' }).use(watchlistReadRoutes(deps)).use(watchlistEditRoutes(deps)).use(eventsFeedRoutes(deps))

/** GET /v1/watchlist and GET /v1/watchlist/operators. */
function watchlistReadRoutes({ sql, auth }: RouteDeps) {
	return new Elysia()
		.use(authPlugin(auth))
		.get(
			'/v1/watchlist',
			async ({ caller }) => {
				const { accountId, plan } = keyedCaller(caller)
				const [count, operators] = await Promise.all([countEntries(sql, accountId), listEntries(sql, accountId, 50, 0)])
				return { count, limit: plan.watchlistCap, operators }
			},
			{
				auth: 'required',
				response: { 200: WatchlistSummaryModel, ...errorModels(400, 401, 402, 429, 500, 503) },
				detail: {
					tags: ['watchlist'],
					summary: 'Watchlist summary',
					description: 'How many operators are watched, the plan cap (`limit`, null when unlimited) and the 50 most recently added.',
					security
				}
			}
		)
		.get(
			'/v1/watchlist/operators',
			async ({ caller, query }) => {
				const { accountId } = keyedCaller(caller)
				const { limit, offset } = parsePaging(query, { defaultLimit: 50, maxLimit: 200, errorCode: 'invalid_query' })
				const [total, operators] = await Promise.all([countEntries(sql, accountId), listEntries(sql, accountId, limit, offset)])
				return { total, limit, offset, operators }
			},
			{
				auth: 'required',
				...eachParameterOnce(WatchlistPagingQuery),
				response: { 200: WatchlistPageModel, ...errorModels(400, 401, 402, 429, 500, 503) },
				detail: {
					tags: ['watchlist'],
					summary: 'List watched operators',
					description:
						'Sorted by `added_at`, newest first. `limit` 1–200 (default 50) and `offset` ≥ 0; anything else is 400 `invalid_query` / `invalid_pagination`.',
					security
				}
			}
		)
}

/** POST /v1/watchlist/operators and DELETE /v1/watchlist/operators/{slug}. */
function watchlistEditRoutes({ sql, clock, auth }: RouteDeps) {
	return new Elysia()
		.use(authPlugin(auth))
		.post(
			'/v1/watchlist/operators',
			async ({ caller, body, set }) => {
				const { accountId, plan } = keyedCaller(caller)
				const entry = await addEntry(sql, { accountId, plan, slug: parseOperatorSlug(body.operator_slug), now: clock.now() })
				set.status = 201
				return entry
			},
			{
				auth: 'required',
				parse: jsonBodyWithin(BODY_LIMITS.watchlist, AddOperatorBody),
				body: AddOperatorBody,
				response: { 201: WatchlistEntryModel, ...errorModels(400, 401, 402, 403, 404, 409, 413, 429, 500, 503) },
				detail: {
					tags: ['watchlist'],
					summary: 'Watch an operator',
					description: [
						'201 with the new watchlist entry.',
						'409 `invalid_query` / `watchlist_duplicate` when the operator is already listed; 403 `quota_exceeded` / `watchlist_quota_exceeded` (with `current_usage`, `limit`, `plan_tier`) at the plan cap; 404 `operator_not_found` for an unknown slug.',
						'Caps per plan: Starter 25, Pro 250, Business 2,500, Enterprise unlimited.',
						bodyLimitNote(BODY_LIMITS.watchlist)
					].join('\n\n'),
					security
				}
			}
		)
		.delete(
			'/v1/watchlist/operators/:slug',
			async ({ caller, params, set }) => {
				const { accountId } = keyedCaller(caller)
				await removeEntry(sql, accountId, parseDeleteSlug(params.slug))
				set.status = 204
				return new Response(null, { status: 204 })
			},
			{
				auth: 'required',
				params: DeleteSlugParams,
				response: { 204: { description: 'Removed, or was not listed.' } as never, ...errorModels(400, 401, 402, 429, 500, 503) },
				detail: {
					tags: ['watchlist'],
					summary: 'Stop watching an operator',
					description:
						'204 whether or not the operator was listed. The slug must be lowercase letters, digits and hyphens (else 400 `invalid_slug`).',
					security
				}
			}
		)
}

/** GET /v1/watchlist/events. */
function eventsFeedRoutes({ sql, clock, auth }: RouteDeps) {
	return new Elysia().use(authPlugin(auth)).get(
		'/v1/watchlist/events',
		async ({ caller, query, set }) => {
			const { accountId, plan } = keyedCaller(caller)
			const nowMs = clock.nowMs()
			const request = parseFeedQuery(query, nowMs)
			const headers = await admitPoll(sql, { accountId, plan, nowMs })
			const page = await readFeed(sql, accountId, request)
			for (const [name, value] of Object.entries(headers)) set.headers[name] = value
			return page
		},
		{
			auth: 'required',
			...eachParameterOnce(EventsFeedQuery),
			response: { 200: EventsFeedModel, ...errorModels(400, 401, 402, 429, 500, 503) },
			detail: {
				tags: ['watchlist'],
				summary: 'Poll the events feed',
				description: [
					'Webhook-shape events (same envelope and `event_id`, no signature), in the order recorded, oldest first: every `license.*` and `regulatory_action.added` about an operator now on your watchlist, plus any event queued for one of your webhook endpoints (e.g. `coverage.*`). Withdrawn history events are never served.',
					'First call: `since` (at most 30 days back; 400 `since_exceeds_retention_window`), or nothing to start 30 days back. `since` leaves out the events already recorded that were emitted before it; an event recorded after the first call is served whatever its `timestamp` (an event is stamped when emitted and recorded a little later), so following the cursor loses nothing. Then pass `next_cursor` verbatim as `cursor`; it is always set, so it also resumes an empty page. `since` and `cursor` together are 400 `conflicting_parameters`; an undecodable cursor is 400 `invalid_cursor`.',
					'Polls per hour: Starter 10, Pro 60, Business 600, Enterprise unlimited; over it 429 `rate_limited` / `watchlist_events_poll_limit` with `reset_at`. Headers: `X-Poll-RateLimit-Limit`, `X-Poll-RateLimit-Remaining`, `X-Poll-RateLimit-Reset`, `X-Poll-RateLimit-Window`, `X-Poll-Recommended-Interval`.'
				].join('\n\n'),
				security
			}
		}
	)
}
