import type { Sql } from '@lv/db'
import { AppError } from '@lv/errors'
import type { Plan } from '../limits/plan.ts'
import { consumeWithinLimit, hourWindow, type Window } from '@lv/fixed-window'

export type PollHeaders = Record<string, string>

const pollScope = (accountId: string) => `p:${accountId}`
const PRUNE_EVERY_MS = 60_000
const lastPrune = new WeakMap<Sql, number>()

/** SPEC poll headers; Remaining is omitted when unlimited, and an unlimited plan is told to wait 1 s. */
export function pollHeaders(limit: number | null, used: number, window: Window): PollHeaders {
	const headers: PollHeaders = {
		'X-Poll-RateLimit-Limit': limit === null ? 'unlimited' : String(limit),
		'X-Poll-RateLimit-Reset': new Date(window.resetMs).toISOString(),
		'X-Poll-RateLimit-Window': 'hour',
		'X-Poll-Recommended-Interval': String(limit === null ? 1 : limit <= 0 ? 3600 : Math.ceil(3600 / limit))
	}
	if (limit !== null) headers['X-Poll-RateLimit-Remaining'] = String(Math.max(0, limit - used))
	return headers
}

/**
 * Counts one poll of the events feed in the account's clock hour (shared by every gateway replica).
 * Over the plan's ceiling it throws 429 rate_limited / watchlist_events_poll_limit with `reset_at`;
 * a refused poll is not counted. Returns the headers for the answer.
 */
export async function admitPoll(sql: Sql, input: { accountId: string; plan: Plan; nowMs: number }): Promise<PollHeaders> {
	const window = hourWindow(input.nowMs)
	const limit = input.plan.pollsPerHour
	prune(sql, input.nowMs)
	if (limit === null) return pollHeaders(null, 0, window)
	const admission = await consumeWithinLimit(sql, { table: 'usage_counters', scope: pollScope(input.accountId), window, limit })
	const headers = pollHeaders(limit, admission.used, window)
	if (admission.admitted) return headers
	throw new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'watchlist_events_poll_limit',
		message: `The ${input.plan.name} plan polls the events feed at most ${limit} times per hour.`,
		extras: {
			current_usage: admission.used,
			limit,
			reset_at: new Date(window.resetMs).toISOString(),
			plan_tier: input.plan.code,
			suggestion: 'Poll every X-Poll-Recommended-Interval seconds, or use a webhook endpoint.'
		},
		headers
	})
}

function prune(sql: Sql, nowMs: number): void {
	if (nowMs - (lastPrune.get(sql) ?? 0) < PRUNE_EVERY_MS) return
	lastPrune.set(sql, nowMs)
	sql`DELETE FROM usage_counters WHERE scope LIKE 'p:%' AND window_start < ${new Date(nowMs - 2 * 3_600_000)}`.catch(() => {})
}
