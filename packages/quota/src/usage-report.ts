import { compareCodePoints } from '@lv/string-order'
import type { UsageCount } from './usage-tally.ts'

/** A key as the report names it (@lv/accounts namedKeys); a key deleted since is reported without a name. */
export type UsageKey = { keyId: string; label: string | null; displayPrefix: string | null; revoked: boolean }

/** The status each recorded refusal reason is answered with (SPEC; docs/errors.md). */
export const REFUSAL_STATUS: Readonly<Record<string, number>> = {
	per_second_limit_exceeded: 429,
	monthly_request_limit_reached: 429,
	prelaunch_daily_cap: 429,
	endpoint_requires_paid_plan: 402,
	plan_inactive: 402,
	api_key_revoked: 401
}

export type DayUsage = { date: string; calls: number; refusals: number }
export type KeyUsage = UsageKey & { calls: number; refusals: number }
export type ReasonUsage = { reason: string; status: number | null; count: number }
export type MonthUsage = {
	/** YYYY-MM */
	month: string
	calls: number
	refusals: number
	/** Every day of the month up to `today` (all of a past month), zeros included, in date order. */
	days: DayUsage[]
	/** Keys with calls or refusals this month, most calls first. */
	keys: KeyUsage[]
	/** Refusals by reason, most first. */
	refusalsByReason: ReasonUsage[]
}

const MONTH = /^(\d{4})-(\d{2})$/

/** The first day of `month` (YYYY-MM) and of the month after, as epoch milliseconds. */
export function monthBounds(month: string): { startMs: number; endMs: number } {
	const [, year, number] = MONTH.exec(month) ?? []
	return { startMs: Date.UTC(Number(year), Number(number) - 1, 1), endMs: Date.UTC(Number(year), Number(number), 1) }
}

export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7)
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The month before `month` (YYYY-MM). */
export const previousMonth = (month: string) => monthOf(monthBounds(month).startMs - 1)

/** One month of an account's usage from its usage_daily rows (`counts` may hold other months: they are left out). */
export function monthUsage(month: string, today: string, counts: readonly UsageCount[], keys: readonly UsageKey[]): MonthUsage {
	const { startMs, endMs } = monthBounds(month)
	const days = new Map<string, DayUsage>()
	for (let dayMs = startMs; dayMs < endMs && dayOfMs(dayMs) <= today; dayMs += 86_400_000) {
		const date = dayOfMs(dayMs)
		days.set(date, { date, calls: 0, refusals: 0 })
	}
	const perKey = new Map<string, KeyUsage>()
	const perReason = new Map<string, ReasonUsage>()
	const keyInfo = new Map(keys.map((key) => [key.keyId, key]))
	let calls = 0
	let refusals = 0
	for (const row of counts) {
		const day = days.get(row.day)
		if (!day) continue
		const key = perKey.get(row.keyId) ?? {
			...(keyInfo.get(row.keyId) ?? { keyId: row.keyId, label: null, displayPrefix: null, revoked: true }),
			calls: 0,
			refusals: 0
		}
		perKey.set(row.keyId, key)
		if (row.outcome === 'call') {
			day.calls += row.count
			key.calls += row.count
			calls += row.count
			continue
		}
		day.refusals += row.count
		key.refusals += row.count
		refusals += row.count
		const reason = perReason.get(row.outcome) ?? { reason: row.outcome, status: REFUSAL_STATUS[row.outcome] ?? null, count: 0 }
		reason.count += row.count
		perReason.set(row.outcome, reason)
	}
	return {
		month,
		calls,
		refusals,
		days: [...days.values()],
		keys: [...perKey.values()].sort((a, b) => b.calls - a.calls || b.refusals - a.refusals),
		refusalsByReason: [...perReason.values()].sort((a, b) => b.count - a.count || compareCodePoints(a.reason, b.reason))
	}
}

/** A line of a month's usage: one of the account's keys, or all the dashboard's one-call keys of one action. */
export type UsageEntry = ({ kind: 'key' } & KeyUsage) | { kind: 'dashboard'; action: string; calls: number; refusals: number }

/**
 * The month's keys with the dashboard's action keys (`actionOf`: key id → action, from the dashboard's
 * own record, never a label) summed into one entry per action; most calls first.
 */
export function groupDashboardActions(keys: readonly KeyUsage[], actionOf: ReadonlyMap<string, string>): UsageEntry[] {
	const entries: UsageEntry[] = []
	const perAction = new Map<string, UsageEntry & { kind: 'dashboard' }>()
	for (const key of keys) {
		const action = actionOf.get(key.keyId)
		if (action === undefined) {
			entries.push({ kind: 'key', ...key })
			continue
		}
		const entry = perAction.get(action) ?? { kind: 'dashboard', action, calls: 0, refusals: 0 }
		if (!perAction.has(action)) {
			perAction.set(action, entry)
			entries.push(entry)
		}
		entry.calls += key.calls
		entry.refusals += key.refusals
	}
	return entries.sort((a, b) => b.calls - a.calls || b.refusals - a.refusals)
}
