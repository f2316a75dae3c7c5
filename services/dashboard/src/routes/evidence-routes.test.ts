import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { insertPlan } from '../../../gateway/src/test-support/accounts.ts'
import { seedAcmeRegister } from '../test-support/acme-register.ts'
import type { BrowserSession } from '../test-support/browser-session.ts'
import { type BulkChecking, jobFinished, startBulkChecking } from '../test-support/bulk-checking.ts'
import { harnessPerFile } from '../test-support/harness.ts'
import { signedUpOnPlan } from '../test-support/plan-user.ts'

const h = harnessPerFile()
let checking: BulkChecking

beforeAll(async () => {
	await seedAcmeRegister(h.db.sql, h.clock.now())
	await insertPlan(h.db.sql, { code: 'evidence_one_call', monthly_quota: 1, per_second_limit: 10 })
	checking = await startBulkChecking(h)
}, 30_000)

afterAll(async () => {
	await checking?.stop()
})

/** Runs a job over `acmebet.co.uk` and one unknown site; the path of the acmebet entry's evidence button. */
async function finishedJob(browser: BrowserSession): Promise<{ jobId: string; evidencePath: string }> {
	const read = await browser.post('/bulk', { list: 'acmebet.co.uk\nunknown-site.example' })
	const jobId = /^\/bulk\/([0-9a-f-]{36})$/.exec(read.location ?? '')?.[1] ?? ''
	await browser.get(`/bulk/${jobId}`)
	await browser.post(`/bulk/${jobId}/start`, {})
	expect(await jobFinished(h.db.sql, jobId)).toBe('done')
	const [entry] = await h.db.sql<{ position: number }[]>`
		SELECT position FROM bulk_check_entries WHERE job_id = ${jobId} AND domain = 'acmebet.co.uk'`
	return { jobId, evidencePath: `/bulk/${jobId}/entries/${entry?.position}/evidence` }
}

const recordsOf = async (accountId: string) =>
	(await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evidence_records WHERE account_id = ${accountId}`)[0]?.n
const quotaUsed = async (accountId: string) =>
	(await h.db.sql<{ quota_count: number }[]>`SELECT quota_count FROM limit_counters WHERE subject = ${accountId}`)[0]?.quota_count ?? 0
/** Whether each evidence action key of the account is revoked. */
const evidenceKeysOf = async (accountId: string) =>
	(
		await h.db.sql<{ revoked: boolean }[]>`
			SELECT k.revoked_at IS NOT NULL AS revoked FROM api_keys k JOIN dashboard_action_keys a ON a.key_id = k.id
			WHERE k.account_id = ${accountId} AND a.action = 'evidence'`
	).map((key) => key.revoked)

/** Presses the button of a finished job after `change` to the account: the API's refusal is shown, no record made. */
async function expectApiRefusal(change: (accountId: string) => Promise<unknown>, status: number, codes: string) {
	const { browser, accountId } = await signedUpOnPlan(h, 'pro')
	const { evidencePath } = await finishedJob(browser)
	await change(accountId)
	await browser.get(evidencePath.replace(/\/evidence$/, ''))
	const page = await browser.post(evidencePath, {})
	expect(page.status).toBe(status)
	expect(page.html).toContain('Evidence refused:')
	expect(page.html).toContain(codes)
	expect(await recordsOf(accountId)).toBe(0)
}

describe('Evidence (PDF) next to a bulk check answer', () => {
	test('the results rows and the answer page carry the button and say the PDF records a new check, counted as the API counts it', async () => {
		const { browser } = await signedUpOnPlan(h, 'pro')
		const { jobId, evidencePath } = await finishedJob(browser)
		const results = await browser.get(`/bulk/${jobId}`)
		expect(results.html.match(/data-evidence>/g)).toHaveLength(2)
		expect(results.html).toContain(`action="${evidencePath}"`)
		expect(results.html).toContain("the PDF states the instant of the new check, not the job's")
		const answer = await browser.get(evidencePath.replace(/\/evidence$/, ''))
		expect(answer.html).toContain(`action="${evidencePath}"`)
		expect(answer.html).toContain('uses two requests of your monthly quota')
	}, 30_000)

	test('pressing it downloads the signed record of a fresh check as a PDF attachment, counted as the check and the report fetch, with its action keys revoked', async () => {
		const { browser, accountId } = await signedUpOnPlan(h, 'pro')
		const { jobId, evidencePath } = await finishedJob(browser)
		await browser.get(`/bulk/${jobId}`)
		expect(await quotaUsed(accountId)).toBe(1)
		const response = await h.dashboard().handle(
			new Request(`http://localhost${evidencePath}`, {
				method: 'POST',
				headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}`, 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ csrf: browser.csrfToken() }).toString()
			})
		)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/pdf')
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="evidence-acmebet\.co\.uk-ev_[0-9A-Z]{26}\.pdf"$/)
		expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
		expect(await recordsOf(accountId)).toBe(1)
		expect(await quotaUsed(accountId)).toBe(3)
		expect(await evidenceKeysOf(accountId)).toEqual([true, true])
	}, 30_000)

	test("another account's job row is 404 and asks the gateway nothing", async () => {
		const owner = await signedUpOnPlan(h, 'pro')
		const { evidencePath } = await finishedJob(owner.browser)
		const other = await signedUpOnPlan(h, 'pro')
		await other.browser.get('/bulk')
		const page = await other.browser.post(evidencePath, {})
		expect(page.status).toBe(404)
		expect(page.html).toContain('Job not found')
		expect([await recordsOf(owner.accountId), await recordsOf(other.accountId)]).toEqual([0, 0])
		expect(await evidenceKeysOf(other.accountId)).toEqual([])
	}, 30_000)

	test('without the form token it is 403 on the answer page and asks the gateway nothing', async () => {
		const { browser, accountId } = await signedUpOnPlan(h, 'pro')
		const { evidencePath } = await finishedJob(browser)
		const page = await browser.post(evidencePath, {}, { csrf: 'none' })
		expect(page.status).toBe(403)
		expect(page.html).toContain('This form expired. Please press the button again.')
		expect(page.html).toContain('data-answer')
		expect(await recordsOf(accountId)).toBe(0)
		expect(await evidenceKeysOf(accountId)).toEqual([])
	}, 30_000)

	test(
		"an account whose plan has ended sees the API's refusal, 402 plan_inactive, and no record is made",
		() =>
			expectApiRefusal(
				(accountId) => h.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${accountId}`,
				402,
				'(payment_required / plan_inactive)'
			),
		30_000
	)

	test(
		"an evidence check is a counted call: with the month's quota used up it is the API's 429 and no record is made",
		() =>
			// The job's one call is the whole month's quota of this plan.
			expectApiRefusal(
				(accountId) => h.db.sql`UPDATE accounts SET plan_code = 'evidence_one_call' WHERE id = ${accountId}`,
				429,
				'(quota_exceeded / monthly_request_limit_reached)'
			),
		30_000
	)
})
