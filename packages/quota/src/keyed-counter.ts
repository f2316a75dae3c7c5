import { keyAccountPlanJoin } from '@lv/accounts'
import type { StatementRunner } from '@lv/db'

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
export function assignKeyedVerdicts(
	claims: readonly KeyedClaim[],
	groupOf: readonly number[],
	counts: readonly GroupCount[]
): KeyedVerdict[] {
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

/**
 * A claim is valid while its committed key, account and plan rows still say what it was made from.
 * The `set_config` makes this statement's commit asynchronous; it runs only for a claim that
 * passes every check, i.e. only when the statement will write.
 */
const validClaimCheck = `
	k.revoked_at IS NULL AND k.account_id = c.account_id
	AND a.plan_status = 'active' AND a.plan_code = c.plan_code
	AND p.xmin::text = c.plan_version
	AND set_config('synchronous_commit', 'off', true) IS NOT NULL`

/** A limit of the locked row's subject, as `wanted` states it. */
const limitOfRow = (column: 'per_second_limit' | 'quota') => `(SELECT ${column} FROM wanted WHERE wanted.subject = l.subject)`

/** The calls admitted from the locked row's latest committed counts: least(calls, per-second room, quota room). */
const admittedOnConflict = `least(
	excluded.second_count,
	greatest(0, coalesce(${limitOfRow('per_second_limit')} - CASE WHEN excluded.second_start <= l.second_start THEN l.second_count ELSE 0 END, excluded.second_count)),
	greatest(0, coalesce(${limitOfRow('quota')} - CASE WHEN excluded.quota_window_start <= l.quota_window_start THEN l.quota_count ELSE 0 END, excluded.second_count)))`

/** Counts the CTE `wanted` (subject, calls, second_start, quota_window_start, per_second_limit, quota) into limit_counters, rows locked in subject order. */
const COUNT_WANTED = `
	INSERT INTO limit_counters AS l (subject, second_start, second_count, quota_window_start, quota_count, last_batch_admitted)
	SELECT subject, second_start, calls, quota_window_start, admitted, admitted FROM (
		SELECT w.*, least(calls, greatest(0, coalesce(per_second_limit, calls)), greatest(0, coalesce(quota, calls))) AS admitted FROM wanted w ORDER BY subject
	) AS fresh
	ON CONFLICT (subject) DO UPDATE SET
		second_start = greatest(l.second_start, excluded.second_start),
		second_count = CASE WHEN excluded.second_start <= l.second_start THEN l.second_count ELSE 0 END + excluded.second_count,
		quota_window_start = greatest(l.quota_window_start, excluded.quota_window_start),
		quota_count = CASE WHEN excluded.quota_window_start <= l.quota_window_start THEN l.quota_count ELSE 0 END + ${admittedOnConflict},
		last_batch_admitted = ${admittedOnConflict}
	RETURNING subject, second_count, quota_count, last_batch_admitted`

const quotaOfPlan = 'CASE WHEN p.is_trial THEN p.trial_daily_cap ELSE p.monthly_quota END'
const KEY_ACCOUNT_PLAN = keyAccountPlanJoin('c.key_id')

/** One group (the usual batch of a busy replica: one key): scalar parameters, no row when the claim is not valid. */
const COUNT_ONE_GROUP = `
	WITH wanted AS (
		SELECT c.subject, c.calls, c.second_start, c.quota_window_start, p.per_second_limit, ${quotaOfPlan} AS quota
		FROM (SELECT $1::uuid AS key_id, $2::uuid AS account_id, $3::text AS plan_code, $4::text AS plan_version, $5::uuid AS subject,
			$6::int AS calls, $7::timestamptz AS second_start, $8::timestamptz AS quota_window_start) AS c
		${KEY_ACCOUNT_PLAN}
		WHERE ${validClaimCheck}
	)
	${COUNT_WANTED}`

/**
 * Any number of groups: one row per subject with at least one valid group, naming those groups
 * (their 1-based positions); a group named by no row is not valid.
 */
const COUNT_GROUPS = `
	WITH wanted AS (
		SELECT c.subject, sum(c.calls)::int AS calls, max(c.second_start) AS second_start, max(c.quota_window_start) AS quota_window_start,
			min(p.per_second_limit) AS per_second_limit, min(${quotaOfPlan}) AS quota, array_agg(c.position::int) AS positions
		FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::int[], $7::timestamptz[], $8::timestamptz[])
			WITH ORDINALITY AS c(key_id, account_id, plan_code, plan_version, subject, calls, second_start, quota_window_start, position)
		${KEY_ACCOUNT_PLAN}
		WHERE ${validClaimCheck}
		GROUP BY c.subject
	),
	counted AS (${COUNT_WANTED})
	SELECT wanted.positions, counted.second_count, counted.quota_count, counted.last_batch_admitted FROM counted JOIN wanted USING (subject)`

type CountRow = { second_count: number; quota_count: number; last_batch_admitted: number }

const iso = (ms: number) => new Date(ms).toISOString()

/** A group as the statements' parameters $1..$8, in order (one value each, or one array each). */
type ClaimColumns = [string, string, string, string, string, number, string, string]
const claimColumns = ({ claim, calls }: Group): ClaimColumns => [
	claim.keyId,
	claim.accountId,
	claim.planCode,
	claim.planVersion,
	claim.subject,
	calls,
	iso(claim.secondStartMs),
	iso(claim.quotaWindowStartMs)
]
const countOf = (row: CountRow): GroupCount => ({
	valid: true,
	secondCount: row.second_count,
	quotaCount: row.quota_count,
	admittedInBatch: row.last_batch_admitted
})

/**
 * The statement: one for the batch, its text fixed (prepared once per connection). Rows are locked
 * in subject order, so batches of concurrent replicas never deadlock; its commit is asynchronous
 * (synchronous_commit off for this transaction only): a database crash can forget the last
 * fraction of a second of counts, never a window. Returns one count per group.
 */
export async function countKeyedGroups(statements: StatementRunner, groups: readonly Group[]): Promise<GroupCount[]> {
	const columns = groups.map(claimColumns)
	if (columns.length === 1) {
		const [row] = await statements.run<CountRow>(COUNT_ONE_GROUP, columns[0] as ClaimColumns)
		return [row ? countOf(row) : { valid: false }]
	}
	const parameters = (columns[0] as ClaimColumns).map((_, column) => columns.map((row) => row[column] as string | number))
	const counts: GroupCount[] = groups.map(() => ({ valid: false }))
	for (const row of await statements.run<CountRow & { positions: Iterable<number> }>(COUNT_GROUPS, parameters))
		for (const position of row.positions) counts[position - 1] = countOf(row)
	return counts
}

/**
 * An allowance lease's grant (ADR 0031): `calls` calls of one claim counted at once, under the row
 * lock like any batch, so the replica may admit up to `admittedInBatch` of them without a statement
 * while its windows last. Grants and calls counted one batch at a time share the row: together they
 * never pass a limit.
 */
export async function countAllowanceGrant(statements: StatementRunner, claim: KeyedClaim, calls: number): Promise<GroupCount> {
	const [count] = await countKeyedGroups(statements, [{ claim, calls }])
	return count ?? { valid: false }
}

/** Counts a batch of claims with one statement and answers each in arrival order. */
export async function countKeyedClaims(statements: StatementRunner, claims: readonly KeyedClaim[]): Promise<KeyedVerdict[]> {
	const { groups, groupOf } = groupClaims(claims)
	return assignKeyedVerdicts(claims, groupOf, await countKeyedGroups(statements, groups))
}
