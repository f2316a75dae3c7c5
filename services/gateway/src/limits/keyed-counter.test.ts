import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { TestClock } from '@lv/clock'
import { type StatementConnection, openStatementConnection } from '@lv/db'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { accountWithKey, insertPlan } from '../test-support/accounts.ts'
import { countAllowanceGrant, countKeyedClaims, type KeyedClaim, type KeyedVerdict, releaseUnadmittedCalls } from '@lv/quota'
import { secondWindow, utcDayWindow, utcMonthWindow } from '@lv/fixed-window'

let db: TestDatabase
/** The counting statement runs on Bun's client, as in production (ADR 0036). */
let statements: StatementConnection
const clock = new TestClock('2026-11-10T12:00:00.000Z')

type PlanShape = { code: string; perSecondLimit: number | null; quota: number | null; isTrial: boolean }
const planVersions = new Map<string, string>()
const PLANS: PlanShape[] = [
	{ code: 'kc_tight', perSecondLimit: 3, quota: 5, isTrial: false },
	{ code: 'kc_monthly', perSecondLimit: null, quota: 4, isTrial: false },
	{ code: 'kc_second', perSecondLimit: 2, quota: null, isTrial: false },
	{ code: 'kc_trial', perSecondLimit: null, quota: 3, isTrial: true }
]

beforeAll(async () => {
	db = await createTestDatabase()
	statements = openStatementConnection(db.url, { applicationName: 'keyed-counter-test' })
	for (const plan of PLANS)
		await insertPlan(db.sql, {
			code: plan.code,
			per_second_limit: plan.perSecondLimit,
			monthly_quota: plan.isTrial ? null : plan.quota,
			trial_daily_cap: plan.isTrial ? plan.quota : null,
			is_trial: plan.isTrial
		})
	for (const row of await db.sql<{ code: string; version: string }[]>`SELECT code, p.xmin::text AS version FROM plans p`)
		planVersions.set(row.code, row.version)
}, 60_000)

afterAll(async () => {
	await statements.close()
	await db.drop()
})

type Caller = { keyId: string; accountId: string; plan: PlanShape }

const claimOf = (caller: Caller, nowMs: number): KeyedClaim => ({
	keyId: caller.keyId,
	accountId: caller.accountId,
	planCode: caller.plan.code,
	planVersion: planVersions.get(caller.plan.code) ?? '',
	isTrial: caller.plan.isTrial,
	perSecondLimit: caller.plan.perSecondLimit,
	quota: caller.plan.quota,
	subject: caller.plan.isTrial ? caller.keyId : caller.accountId,
	secondStartMs: secondWindow(nowMs).startMs,
	quotaWindowStartMs: (caller.plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)).startMs
})

/** One call at a time, as the single-statement counter did: the reference the batches must match. */
function sequentialModel() {
	const rows = new Map<string, { secondStart: number; secondCount: number; quotaStart: number; quotaCount: number }>()
	return (claim: KeyedClaim): KeyedVerdict => {
		const row = rows.get(claim.subject) ?? {
			secondStart: claim.secondStartMs,
			secondCount: 0,
			quotaStart: claim.quotaWindowStartMs,
			quotaCount: 0
		}
		const secondBase = claim.secondStartMs <= row.secondStart ? row.secondCount : 0
		const quotaBase = claim.quotaWindowStartMs <= row.quotaStart ? row.quotaCount : 0
		const admitted =
			(claim.perSecondLimit === null || secondBase + 1 <= claim.perSecondLimit) && (claim.quota === null || quotaBase < claim.quota)
		rows.set(claim.subject, {
			secondStart: Math.max(row.secondStart, claim.secondStartMs),
			secondCount: secondBase + 1,
			quotaStart: Math.max(row.quotaStart, claim.quotaWindowStartMs),
			quotaCount: quotaBase + (admitted ? 1 : 0)
		})
		if (admitted) return { outcome: 'admitted', secondUsed: secondBase + 1, quotaUsed: quotaBase + 1 }
		if (claim.perSecondLimit !== null && secondBase + 1 > claim.perSecondLimit)
			return { outcome: 'per_second_exceeded', secondUsed: secondBase + 1 }
		return { outcome: 'quota_exhausted', quotaUsed: quotaBase }
	}
}

describe('keyed counting in batches', () => {
	test('a sequence of batches answers every call exactly as counting one call at a time would (real PostgreSQL)', async () => {
		const batch = fc.record({
			advanceMs: fc.constantFrom(0, 0, 250, 1000, 86_400_000, 31 * 86_400_000),
			callers: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 25 })
		})
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.constantFrom(...PLANS), { minLength: 1, maxLength: 3 }),
				fc.array(batch, { minLength: 1, maxLength: 6 }),
				async (plans, batches) => {
					const callers: Caller[] = []
					for (const plan of plans) callers.push({ ...(await accountWithKey(db.sql, clock, plan.code)), plan })
					const model = sequentialModel()
					let nowMs = clock.nowMs()
					for (const { advanceMs, callers: picks } of batches) {
						nowMs += advanceMs
						const claims = picks.map((pick) => claimOf(callers[pick % callers.length] as Caller, nowMs))
						expect(await countKeyedClaims(statements, claims)).toEqual(claims.map(model))
					}
				}
			),
			{ numRuns: 40 }
		)
	})

	test('a claim made from a stale cache entry is answered stale and not counted; the others in its batch are', async () => {
		const plan = PLANS[0] as PlanShape
		const caller: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		const second = await accountWithKey(db.sql, clock, plan.code)
		await db.sql`UPDATE api_keys SET account_id = ${caller.accountId} WHERE id = ${second.keyId}`
		await db.sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${second.keyId}`
		const nowMs = clock.nowMs()
		const live = claimOf(caller, nowMs)
		const revoked = { ...claimOf(caller, nowMs), keyId: second.keyId }
		const wrongPlan = { ...live, planCode: 'kc_monthly' }
		const wrongLimits = { ...live, planVersion: planVersions.get('kc_monthly') ?? '' }
		const unknownKey = { ...live, keyId: crypto.randomUUID() }
		const verdicts = await countKeyedClaims(statements, [live, revoked, wrongPlan, live, wrongLimits, unknownKey])
		expect(verdicts).toEqual([
			{ outcome: 'admitted', secondUsed: 1, quotaUsed: 1 },
			{ outcome: 'stale' },
			{ outcome: 'stale' },
			{ outcome: 'admitted', secondUsed: 2, quotaUsed: 2 },
			{ outcome: 'stale' },
			{ outcome: 'stale' }
		])
		const [row] = await db.sql<
			{ second_count: number; quota_count: number }[]
		>`SELECT second_count, quota_count FROM limit_counters WHERE subject = ${caller.accountId}`
		expect(row).toEqual({ second_count: 2, quota_count: 2 })
	})

	test('a batch of one key (counted by the single-group statement) whose key was revoked, or whose plan changed, is answered stale and not counted', async () => {
		const plan = PLANS[0] as PlanShape
		const revoked: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		await db.sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${revoked.keyId}`
		const moved: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		await db.sql`UPDATE accounts SET plan_code = 'kc_monthly' WHERE id = ${moved.accountId}`
		const nowMs = clock.nowMs()
		expect(await countKeyedClaims(statements, [claimOf(revoked, nowMs), claimOf(revoked, nowMs)])).toEqual([
			{ outcome: 'stale' },
			{ outcome: 'stale' }
		])
		expect(await countKeyedClaims(statements, [claimOf(moved, nowMs)])).toEqual([{ outcome: 'stale' }])
		const counted = await db.sql`SELECT subject FROM limit_counters WHERE subject IN (${revoked.accountId}, ${moved.accountId})`
		expect(counted).toHaveLength(0)
	})

	test('an account whose plan was cancelled, or whose plan row changed in any column, after its key was cached is answered stale', async () => {
		const plan = PLANS[1] as PlanShape
		const canceled: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		await db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${canceled.accountId}`
		const caller: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		const claim = claimOf(caller, clock.nowMs())
		await db.sql`UPDATE plans SET watchlist_cap = watchlist_cap + 1 WHERE code = ${plan.code}`
		try {
			expect(await countKeyedClaims(statements, [claimOf(canceled, clock.nowMs()), claim])).toEqual([
				{ outcome: 'stale' },
				{ outcome: 'stale' }
			])
		} finally {
			await db.sql`UPDATE plans SET watchlist_cap = watchlist_cap - 1 WHERE code = ${plan.code}`
		}
	})

	test("an allowance grant's calls it was not given and a lease's unused rest go back to their current windows, where the statement admits them again; a past window ignores them", async () => {
		const plan = PLANS[0] as PlanShape
		const caller: Caller = { ...(await accountWithKey(db.sql, clock, plan.code)), plan }
		const nowMs = clock.nowMs() + 5_000
		const claim = claimOf(caller, nowMs)
		const counters = async () =>
			(
				await db.sql<{ second_count: number; quota_count: number }[]>`
					SELECT second_count, quota_count FROM limit_counters WHERE subject = ${caller.accountId}`
			)[0]
		const grant = await countAllowanceGrant(statements, claim, 5)
		expect(grant).toMatchObject({ valid: true, admittedInBatch: 3 })
		expect(await counters()).toEqual({ second_count: 5, quota_count: 3 })
		const windows = { secondStartMs: claim.secondStartMs, quotaWindowStartMs: claim.quotaWindowStartMs }
		await releaseUnadmittedCalls(statements, caller.accountId, { ...windows, secondCalls: 2, quotaCalls: 0 })
		// The lease admitted one call and ended: its rest of two goes back to both windows.
		await releaseUnadmittedCalls(statements, caller.accountId, { ...windows, secondCalls: 2, quotaCalls: 2 })
		expect(await counters()).toEqual({ second_count: 1, quota_count: 1 })
		await releaseUnadmittedCalls(statements, caller.accountId, {
			secondStartMs: claim.secondStartMs - 1_000,
			secondCalls: 1,
			quotaWindowStartMs: claim.quotaWindowStartMs - 86_400_000,
			quotaCalls: 1
		})
		expect(await counters()).toEqual({ second_count: 1, quota_count: 1 })
		expect((await countKeyedClaims(statements, [claim, claim, claim])).map((verdict) => verdict.outcome)).toEqual([
			'admitted',
			'admitted',
			'per_second_exceeded'
		])
	})
})
