import type { Sql } from '@lv/db'

/**
 * Counting keyed calls in batches. Each call arrives as a claim made from the replica's key cache;
 * ONE statement then, for every claim, re-checks against the committed rows that the key is still
 * unrevoked and the account still active on that plan, unchanged (so a revocation or plan change
 * committed before the statement is never missed, whatever the cache holds), and counts every valid
 * claim in its subject's row of limit_counters: the per-second window (every call, refused ones
 * included) and the quota window (the UTC month per account, the UTC day per legacy trial key; only
 * admitted calls). Admission is decided per subject in SQL under the row lock,
 * admitted = least(calls, per-second room, quota room), and handed out here in arrival order.
 */
export type KeyedClaim = {
	keyId: string
	accountId: string
	planCode: string
	/** The version (xmin) of the plans row the claim was made from (key-lookup.ts). */
	planVersion: string
	isTrial: boolean
	/** null: unlimited. */
	perSecondLimit: number | null
	/** The monthly quota, or the daily cap of a legacy trial key; null: unlimited. */
	quota: number | null
	/** The account, or the key itself for a legacy trial key. */
	subject: string
	secondStartMs: number
	quotaWindowStartMs: number
}

export type KeyedVerdict =
	/** The cached key or plan no longer matches the database: resolve the key again. */
	| { outcome: 'stale' }
	| { outcome: 'admitted'; secondUsed: number; quotaUsed: number }
	| { outcome: 'per_second_exceeded'; secondUsed: number }
	| { outcome: 'quota_exhausted'; quotaUsed: number }

/** What the statement reports for one group of identical claims: its subject's row after counting. */
export type GroupCount = { valid: false } | { valid: true; secondCount: number; quotaCount: number; admittedInBatch: number }

type Group = { claim: KeyedClaim; calls: number }

const sameClaim = (a: KeyedClaim, b: KeyedClaim) =>
	a.keyId === b.keyId &&
	a.accountId === b.accountId &&
	a.planCode === b.planCode &&
	a.planVersion === b.planVersion &&
	a.isTrial === b.isTrial &&
	a.perSecondLimit === b.perSecondLimit &&
	a.quota === b.quota &&
	a.subject === b.subject &&
	a.secondStartMs === b.secondStartMs &&
	a.quotaWindowStartMs === b.quotaWindowStartMs

/** Identical claims travel as one group with a call count; returns the groups and each claim's group index. */
export function groupClaims(claims: readonly KeyedClaim[]): { groups: Group[]; groupOf: number[] } {
	const indexesByKey = new Map<string, number[]>()
	const groups: Group[] = []
	const groupOf = claims.map((claim) => {
		const candidates = indexesByKey.get(claim.keyId) ?? []
		let index = candidates.find((candidate) => sameClaim((groups[candidate] as Group).claim, claim))
		if (index === undefined) {
			index = groups.length
			candidates.push(index)
			indexesByKey.set(claim.keyId, candidates)
			groups.push({ claim, calls: 0 })
		}
		;(groups[index] as Group).calls++
		return index
	})
	return { groups, groupOf }
}

/**
 * Hands out the statement's per-subject admissions in arrival order: the i-th valid claim of a
 * subject saw the per-second count before the batch plus i; the first `admittedInBatch` of them are
 * admitted (admissions are a prefix: a call refused by either limit leaves every later one refused).
 */
export function assignKeyedVerdicts(claims: readonly KeyedClaim[], groupOf: readonly number[], counts: readonly GroupCount[]): KeyedVerdict[] {
	const validCalls = new Map<string, number>()
	claims.forEach((claim, index) => {
		if (counts[groupOf[index] as number]?.valid) validCalls.set(claim.subject, (validCalls.get(claim.subject) ?? 0) + 1)
	})
	const seen = new Map<string, number>()
	return claims.map((claim, index) => {
		const count = counts[groupOf[index] as number]
		if (!count?.valid) return { outcome: 'stale' }
		const position = (seen.get(claim.subject) ?? 0) + 1
		seen.set(claim.subject, position)
		const secondBefore = count.secondCount - (validCalls.get(claim.subject) ?? 0)
		const quotaBefore = count.quotaCount - count.admittedInBatch
		const secondUsed = secondBefore + position
		if (position <= count.admittedInBatch) return { outcome: 'admitted', secondUsed, quotaUsed: quotaBefore + position }
		if (claim.perSecondLimit !== null && secondUsed > claim.perSecondLimit) return { outcome: 'per_second_exceeded', secondUsed }
		return { outcome: 'quota_exhausted', quotaUsed: count.quotaCount }
	})
}

type CountRow = { valid: boolean; second_count: number | null; quota_count: number | null; last_batch_admitted: number | null }

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The statement. Rows are locked in subject order, so batches of concurrent replicas never deadlock;
 * its commit is asynchronous (synchronous_commit off for this transaction only): a database crash can
 * forget the last fraction of a second of counts, never a window. Returns one count per group.
 */
export async function countKeyedGroups(sql: Sql, groups: readonly Group[]): Promise<GroupCount[]> {
	const claims = groups.map((group) => group.claim)
	const rows = await sql<CountRow[]>`
		WITH claim AS (
			SELECT * FROM unnest(
				${claims.map((c) => c.keyId)}::uuid[], ${claims.map((c) => c.accountId)}::uuid[], ${claims.map((c) => c.planCode)}::text[],
				${claims.map((c) => c.planVersion)}::text[], ${claims.map((c) => c.subject)}::uuid[], ${groups.map((g) => g.calls)}::int[],
				${claims.map((c) => iso(c.secondStartMs))}::timestamptz[], ${claims.map((c) => iso(c.quotaWindowStartMs))}::timestamptz[]
			) WITH ORDINALITY AS c(key_id, account_id, plan_code, plan_version, subject, calls, second_start, quota_window_start, position)
		),
		checked AS (
			SELECT claim.*, p.per_second_limit, CASE WHEN p.is_trial THEN p.trial_daily_cap ELSE p.monthly_quota END AS quota, coalesce(
				k.revoked_at IS NULL AND k.account_id = claim.account_id AND a.plan_status = 'active' AND a.plan_code = claim.plan_code
				AND p.xmin::text = claim.plan_version, false) AS valid
			FROM claim
			LEFT JOIN api_keys k ON k.id = claim.key_id
			LEFT JOIN accounts a ON a.id = k.account_id
			LEFT JOIN plans p ON p.code = a.plan_code
		),
		wanted AS (
			SELECT subject, sum(calls)::int AS calls, min(per_second_limit) AS per_second_limit, min(quota) AS quota,
				max(second_start) AS second_start, max(quota_window_start) AS quota_window_start
			FROM checked WHERE valid GROUP BY subject
		),
		counted AS (
			INSERT INTO limit_counters AS l (subject, second_start, second_count, quota_window_start, quota_count, last_batch_admitted)
			SELECT subject, second_start, calls, quota_window_start, admitted, admitted FROM (
				SELECT w.*, least(calls, greatest(0, coalesce(per_second_limit, calls)), greatest(0, coalesce(quota, calls))) AS admitted
				FROM wanted w, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
				ORDER BY subject
			) AS fresh
			ON CONFLICT (subject) DO UPDATE SET
				second_start = greatest(l.second_start, excluded.second_start),
				second_count = CASE WHEN excluded.second_start <= l.second_start THEN l.second_count ELSE 0 END + excluded.second_count,
				quota_window_start = greatest(l.quota_window_start, excluded.quota_window_start),
				quota_count = CASE WHEN excluded.quota_window_start <= l.quota_window_start THEN l.quota_count ELSE 0 END + (${admittedOnConflict(sql)}),
				last_batch_admitted = ${admittedOnConflict(sql)}
			RETURNING subject, second_count, quota_count, last_batch_admitted
		)
		SELECT checked.valid, counted.second_count, counted.quota_count, counted.last_batch_admitted
		FROM checked LEFT JOIN counted ON counted.subject = checked.subject
		ORDER BY checked.position`
	return rows.map((row) =>
		row.valid && row.second_count !== null && row.quota_count !== null && row.last_batch_admitted !== null
			? { valid: true, secondCount: row.second_count, quotaCount: row.quota_count, admittedInBatch: row.last_batch_admitted }
			: { valid: false }
	)
}

/** In the ON CONFLICT branch: the calls admitted from the locked row's latest committed counts. */
function admittedOnConflict(sql: Sql) {
	const limitOf = (column: 'per_second_limit' | 'quota') => sql.unsafe(`(SELECT ${column} FROM wanted WHERE wanted.subject = l.subject)`)
	return sql`least(
		excluded.second_count,
		greatest(0, coalesce(${limitOf('per_second_limit')} - CASE WHEN excluded.second_start <= l.second_start THEN l.second_count ELSE 0 END, excluded.second_count)),
		greatest(0, coalesce(${limitOf('quota')} - CASE WHEN excluded.quota_window_start <= l.quota_window_start THEN l.quota_count ELSE 0 END, excluded.second_count))
	)`
}

/** Counts a batch of claims with one statement and answers each in arrival order. */
export async function countKeyedClaims(sql: Sql, claims: readonly KeyedClaim[]): Promise<KeyedVerdict[]> {
	const { groups, groupOf } = groupClaims(claims)
	return assignKeyedVerdicts(claims, groupOf, await countKeyedGroups(sql, groups))
}
