import { DAY } from '@lv/clock'
import type { Sql } from '@lv/db'
import { type EventEnvelope, inEnvelopeOrder } from '@lv/contracts'
import { internalError, invalidQuery } from '@lv/errors'
import { accountFeedEvents, eventsHeadSeq } from '@lv/notification-store'
import { type FeedCursor, LAST_SINCE_MS, decodeCursor, encodeCursor } from './feed-cursor.ts'
import { plainInteger } from '../lookup/paging.ts'

/** SPEC: the feed replays at most 30 days (the event retention). */
export const FEED_WINDOW_MS = 30 * DAY
export const FEED_DEFAULT_LIMIT = 100
export const FEED_MAX_LIMIT = 500

export type FeedQuery = { since?: string; cursor?: string; limit?: string }
export type FeedRequest = { position: FeedCursor; limit: number }

/**
 * Validates the feed parameters. Without `since` or `cursor` the feed starts at the beginning of the
 * 30-day window. `since` must be an ISO-8601 date-time at most 30 days back.
 */
export function parseFeedQuery(query: FeedQuery, nowMs: number): FeedRequest {
	if (query.since !== undefined && query.cursor !== undefined) {
		throw invalidQuery('conflicting_parameters', 'Send `since` on the first call and `cursor` afterwards, never both.', 'cursor')
	}
	const limit = query.limit === undefined ? FEED_DEFAULT_LIMIT : plainInteger(query.limit)
	if (limit === null || limit < 1 || limit > FEED_MAX_LIMIT) {
		throw invalidQuery('invalid_input', `\`limit\` must be an integer from 1 to ${FEED_MAX_LIMIT}.`, 'limit')
	}
	if (query.cursor !== undefined) return { position: decodeCursor(query.cursor), limit }
	if (query.since === undefined) return { position: { afterSeq: 0, since: null }, limit }
	const sinceMs = parseSince(query.since)
	if (sinceMs < nowMs - FEED_WINDOW_MS) {
		throw invalidQuery('since_exceeds_retention_window', 'Events are kept 30 days; `since` must be at most 30 days back.', 'since', {
			suggestion: new Date(nowMs - FEED_WINDOW_MS).toISOString()
		})
	}
	// the filter covers what is recorded by the time of this call: readFeed lowers throughSeq to the head it reads
	return { position: { afterSeq: 0, since: { sinceMs, throughSeq: Number.MAX_SAFE_INTEGER } }, limit }
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** Whether the `YYYY-MM-DD` that starts `text` is a day its month has (Date.parse rolls 2026-11-31 over to 1 December). */
const isCalendarDay = (text: string): boolean => {
	const day = text.slice(0, 10)
	const ms = Date.parse(`${day}T00:00:00Z`)
	return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day
}

function parseSince(text: string): number {
	const ms = DATE_TIME.test(text) && isCalendarDay(text) ? Date.parse(text) : Number.NaN
	if (Number.isNaN(ms) || ms > LAST_SINCE_MS)
		throw invalidQuery('invalid_input', '`since` must be an ISO-8601 date-time with a UTC offset, e.g. 2026-11-01T00:00:00Z.', 'since')
	return ms
}

export type FeedPage = { events: EventEnvelope[]; next_cursor: string; has_more: boolean }

/**
 * One page of the caller's feed, oldest first by `events.seq`. Served: operator events (`license.*`,
 * `regulatory_action.*`) about operators now on the account's watchlist, plus any event queued for one
 * of the account's endpoints; never an event whose licence-history row was withdrawn.
 *
 * The notifier assigns `seq` in commit order, so every event at or below the head read first is
 * already visible: the page is cut at that head and `next_cursor` resumes right after what this page
 * examined. A client following `next_cursor` never misses or repeats an event, even while new ones arrive.
 * A `since` filter holds only for the events at or below the head of the first call.
 */
export async function readFeed(sql: Sql, accountId: string, request: FeedRequest): Promise<FeedPage> {
	const headSeq = await eventsHeadSeq(sql)
	const { afterSeq, since: asked } = request.position
	const since = asked === null ? null : { sinceMs: asked.sinceMs, throughSeq: Math.min(asked.throughSeq, headSeq) }
	const rows = await accountFeedEvents(sql, {
		accountId,
		afterSeq,
		headSeq,
		since: since === null ? null : { at: new Date(since.sinceMs), throughSeq: since.throughSeq },
		limit: request.limit + 1
	})
	const hasMore = rows.length > request.limit
	const page = rows.slice(0, request.limit)
	const resumeAfter = hasMore ? Number(page.at(-1)?.seq) : Math.max(afterSeq, headSeq)
	if (!Number.isSafeInteger(resumeAfter)) throw internalError(new Error('feed position overflow'))
	return {
		events: page.map((row) => inEnvelopeOrder(row.payload as EventEnvelope)),
		next_cursor: encodeCursor({ afterSeq: resumeAfter, since }),
		has_more: hasMore
	}
}
