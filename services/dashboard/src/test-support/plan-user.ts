import { awaitKeyChangesApplied } from '@lv/accounts'
import { BrowserSession, signUp } from './browser-session.ts'
import type { Harness } from './harness.ts'

/**
 * A user signed up through the forms whose account is then moved to `plan`, with the account's id. The move is
 * written by hand, so it waits for the gateway's replicas as the product's writers do (ADR 0031).
 */
export async function signedUpOnPlan(h: Harness, plan: string): Promise<{ browser: BrowserSession; accountId: string }> {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	const [account] = await h.db.sql<{ id: string }[]>`
		UPDATE accounts SET plan_code = ${plan} WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email}) RETURNING id`
	if (!account) throw new Error(`no account for ${email}`)
	await awaitKeyChangesApplied(h.db.sql, h.clock)
	return { browser, accountId: account.id }
}
