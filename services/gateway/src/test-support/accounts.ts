import { createAccount, issueApiKey } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'

export type TestPlan = {
	code: string
	monthly_quota?: number | null
	per_second_limit?: number | null
	trial_daily_cap?: number | null
	is_trial?: boolean
}

/** A plan row made for one test (small caps make limits reachable in a few calls). */
export async function insertPlan(sql: Sql, plan: TestPlan): Promise<string> {
	await sql`
		INSERT INTO plans (code, name, monthly_quota, per_second_limit, watchlist_cap, webhook_cap, polls_per_hour, exports_per_day, trial_daily_cap, is_trial, rank)
		VALUES (${plan.code}, ${plan.code}, ${plan.monthly_quota ?? null}, ${plan.per_second_limit ?? null}, 5, 1, 10, 0,
			${plan.trial_daily_cap ?? null}, ${plan.is_trial ?? false}, 9)`
	return plan.code
}

export type TestAccount = { accountId: string; keyId: string; key: string }

/** An account on `plan` with one issued key. */
export async function accountWithKey(
	sql: Sql,
	clock: Clock,
	plan: string,
	name = `account ${crypto.randomUUID().slice(0, 8)}`
): Promise<TestAccount> {
	const { id } = await createAccount(sql, clock, { name, plan: 'starter' })
	await sql`UPDATE accounts SET plan_code = ${plan} WHERE id = ${id}`
	const issued = await issueApiKey(sql, clock, id, 'test key')
	return { accountId: id, keyId: issued.id, key: issued.key }
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
