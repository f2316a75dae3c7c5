import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { utcMonthWindow } from '@lv/fixed-window'
import { seedAcmeRegister } from '../test-support/acme-register.ts'
import { readCsvObjects } from '../../../exporter/src/test-support/csv-reader.ts'
import { bearer } from '../../../gateway/src/test-support/accounts.ts'
import { issueApiKey } from '@lv/accounts'
import { readUsage } from '@lv/quota'
import { type BulkChecking, jobFinished, startBulkChecking } from '../test-support/bulk-checking.ts'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'
import { registerFactory } from '../../../checker/src/test-support/register-factory.ts'
import { readFirstSheet } from '@lv/sheets'
import { sharedStringsXml, sheetXml, workbookFile } from '../../../../packages/sheets/src/test-support/workbook-fixture.ts'
import { xlsxBomb } from '../../../../tests/security/support/hostile-publications.ts'
import { findJobForWorker } from '../bulk/job-store.ts'
import { BULK_JOB_RETENTION_DAYS, pruneEndedJobs } from '../bulk/job-retention.ts'
import { formatUtc } from '../pages/format.ts'
import { DAY } from '@lv/clock'
import { waitFor } from '@lv/testing'
import { connectBus } from '@lv/bus'

const h = harnessPerFile()
let checking: BulkChecking

beforeAll(async () => {
	await seedAcmeRegister(h.db.sql, h.clock.now())
	checking = await startBulkChecking(h)
}, 30_000)

afterAll(async () => {
	await checking?.stop()
})

async function userOnPlan(plan: string, browser = new BrowserSession(h.dashboard())) {
	const { email } = await signUp(browser, h.mailbox)
	const [account] = await h.db.sql<{ id: string }[]>`
		UPDATE accounts SET plan_code = ${plan} WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email}) RETURNING id`
	await browser.get('/bulk')
	return { browser, accountId: (account as { id: string }).id }
}

const jobIdOf = (location: string | null) => /^\/bulk\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1] ?? ''
const jobsOf = async (accountId: string) => (await h.db.sql`SELECT id FROM bulk_check_jobs WHERE account_id = ${accountId}`).length
const quotaUsed = async (accountId: string) =>
	(await h.db.sql<{ quota_count: number }[]>`SELECT quota_count FROM limit_counters WHERE subject = ${accountId}`)[0]?.quota_count ?? 0

async function readAndStart(browser: BrowserSession, list: string) {
	const read = await browser.post('/bulk', { list })
	expect(read.status).toBe(303)
	const jobId = jobIdOf(read.location)
	const ready = await browser.get(`/bulk/${jobId}`)
	return { jobId, ready, start: () => browser.post(`/bulk/${jobId}/start`, {}) }
}

describe('bulk check', () => {
	test('a pasted list is read with its report, says the calls it will use, runs through the checker in batches and its CSV matches /v1/check', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const domains = Array.from({ length: 248 }, (_, index) => `site${index}.example`)
		const list = ['Website', 'https://www.AcmeBet.co.uk/promo', 'acmebet.co.uk', 'acmebet.co.uk', '', '=cmd|"/C calc"!A0', ...domains].join(
			'\n'
		)
		const { jobId, ready, start } = await readAndStart(browser, list)
		expect(ready.html).toContain('This job will use <strong data-calls>3</strong> requests of your monthly quota')
		expect(ready.html).toContain('header row <code>Website</code> skipped')
		expect(ready.html).toContain('1 duplicates skipped')
		expect(ready.html).toContain('line 6: <code>=cmd|&quot;/C calc&quot;!A0</code>')
		expect((await start()).status).toBe(303)
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		expect(await quotaUsed(accountId)).toBe(3)
		// The job is marked done first, its key revoked right after by the same worker.
		const jobKey = await waitFor(
			async () => {
				const [key] = await h.db.sql<{ revoked: boolean; hidden: boolean }[]>`
				SELECT k.revoked_at IS NOT NULL AS revoked, EXISTS (SELECT 1 FROM dashboard_action_keys a WHERE a.key_id = k.id) AS hidden
				FROM api_keys k WHERE k.id = (SELECT key_id FROM bulk_check_jobs WHERE id = ${jobId})`
				return key?.revoked ? key : undefined
			},
			{ what: 'the job key to be revoked' }
		)
		expect(jobKey).toEqual({ revoked: true, hidden: true })
		// Each batch is in the daily usage record too, under the job's key, on the day it was counted.
		const usage = await readUsage(h.db.sql, accountId, '2026-01-01', '2027-01-01')
		expect(usage.map(({ outcome, count, day }) => ({ outcome, count, day }))).toEqual([
			{ outcome: 'call', count: 3, day: h.clock.now().toISOString().slice(0, 10) }
		])

		const page = await browser.get(`/bulk/${jobId}`)
		expect(page.html).toContain('Done: all 250 domains checked.')
		expect(page.html).toContain('<td data-count="licensed">2</td>')
		const filtered = await browser.get(`/bulk/${jobId}?verdict=licensed&jurisdiction=UKGC`)
		expect(filtered.html).toContain('2 rows match')
		expect(filtered.html).toContain('acmebet.co.uk</a>')

		const csv = await h.dashboard().handle(
			new Request(`http://localhost/bulk/${jobId}/results.csv`, {
				headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
			})
		)
		expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		const rows = readCsvObjects(await csv.text())
		expect(rows.length).toBe(250)
		const { key } = await issueApiKey(h.db.sql, h.clock, accountId, 'compare')
		for (const row of [rows[0], rows[1], rows[249]]) {
			const answer = await (
				await h.gateway.handle(new Request(`http://api.localhost/v1/check?domain=${row?.domain}`, { headers: bearer(key) }))
			).json()
			expect(row).toMatchObject({
				domain: answer.query.domain,
				verdict: answer.verdict,
				verdict_detail: answer.verdict_detail,
				jurisdiction: answer.match?.jurisdiction ?? '',
				operator: answer.match?.operator ?? '',
				license_number: answer.match?.license_number ?? ''
			})
		}
		expect(rows[0]).toMatchObject({ operator: 'Acme Gaming', license_number: '000-012345-R-123456-002' })
		expect(rows[0]).toMatchObject({ input: 'https://www.AcmeBet.co.uk/promo', domain: 'www.acmebet.co.uk', line: '2' })

		// The table's cells are kept on each answer's row: with the batches' replies gone the page still shows them, the full answer not.
		await h.db.sql`UPDATE bulk_check_batches SET answers = NULL WHERE job_id = ${jobId}`
		const withoutReplies = await browser.get(`/bulk/${jobId}?verdict=licensed`)
		expect(withoutReplies.html).toContain('<td>licensed</td><td>Acme Gaming</td><td>UKGC</td><td>000-012345-R-123456-002</td>')
		expect((await browser.get(`/bulk/${jobId}/entries/0`)).html).toContain('Not checked yet.')
	})

	test('the results come a page at a time in list order, with First, Previous, Next and Last links that keep the filter', async () => {
		const { browser } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(
			browser,
			['acmebet.co.uk', ...Array.from({ length: 249 }, (_, index) => `pg${index}.example`)].join('\n')
		)
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		const pagerLinks = (html: string) =>
			Object.fromEntries(
				[...(html.match(/<nav class="pager"[\s\S]*?<\/nav>/)?.[0] ?? '').matchAll(/<a href="([^"]+)"[^>]*>([A-Za-z]+)<\/a>/g)].map(
					(link) => [link[2], (link[1] as string).replaceAll('&amp;', '&')]
				)
			)
		const lines = (html: string) => [...html.matchAll(/<tr><td>(\d+)<\/td>/g)].map((match) => Number(match[1]))
		const first = await browser.get(`/bulk/${jobId}?verdict=not_found`)
		expect(first.html).toContain('249 rows match; this page shows 100 of them, lines 2–101 of the list.')
		expect(lines(first.html)).toEqual(Array.from({ length: 100 }, (_, index) => index + 2))
		expect(Object.keys(pagerLinks(first.html))).toEqual(['Next', 'Last'])
		const second = await browser.get(pagerLinks(first.html).Next as string)
		expect(pagerLinks(first.html).Next).toBe(`/bulk/${jobId}?verdict=not_found&jurisdiction=&after=100`)
		expect(lines(second.html)[0]).toBe(102)
		expect(Object.keys(pagerLinks(second.html))).toEqual(['First', 'Previous', 'Next', 'Last'])
		const last = await browser.get(pagerLinks(second.html).Last as string)
		expect(last.html).toContain('lines 151–250 of the list.')
		expect(Object.keys(pagerLinks(last.html))).toEqual(['First', 'Previous'])
		const back = await browser.get(pagerLinks(last.html).Previous as string)
		expect(lines(back.html)).toEqual(Array.from({ length: 100 }, (_, index) => index + 51))
		expect((await browser.get(pagerLinks(back.html).First as string)).html).toContain('lines 2–101 of the list.')
		const licensed = await browser.get(`/bulk/${jobId}?verdict=licensed&after=5`)
		expect(licensed.html).toContain('1 rows match.')
		expect(Object.keys(pagerLinks(licensed.html))).toEqual(['First', 'Previous'])
	}, 30_000)

	test("a finished job's counts are kept when it ends and read, not counted, on each page load; counted again once more answers are stored", async () => {
		const { browser } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(browser, ['acmebet.co.uk', 'unlisted-one.example', 'unlisted-two.example'].join('\n'))
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		const kept = await waitFor(
			async () => (await h.db.sql<{ answered: number }[]>`SELECT answered FROM bulk_check_summaries WHERE job_id = ${jobId}`)[0],
			{ what: 'the summary counted when the job ended' }
		)
		expect(kept.answered).toBe(3)
		await h.db
			.sql`UPDATE bulk_check_summaries SET tallies = '[{"verdict": "not_found", "jurisdiction": null, "count": 7}]' WHERE job_id = ${jobId}`
		expect((await browser.get(`/bulk/${jobId}`)).html).toContain('<td data-count="not_found">7</td>')
		await h.db.sql`UPDATE bulk_check_summaries SET answered = 2 WHERE job_id = ${jobId}`
		const recounted = await browser.get(`/bulk/${jobId}`)
		expect(recounted.html).toContain('<td data-count="not_found">2</td>')
		expect(recounted.html).toContain('<td data-count="licensed">1</td>')
	}, 30_000)

	test('an .xlsx upload is read from its first sheet and the results download as .xlsx with the CSV columns', async () => {
		const { browser } = await userOnPlan('pro')
		const cell = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`
		const sheet = sheetXml(
			`<row r="1">${cell('A1', 'Notes')}${cell('B1', 'URL')}</row><row r="2">${cell('B2', 'https://www.AcmeBet.co.uk/promo')}</row><row r="3">${cell('B3', 'unlisted.example')}</row><row r="4"><c r="B4" t="str"><f>cmd|' /C calc'!A0</f><v>x.example</v></c></row>`
		)
		const form = new FormData()
		form.set('file', new File([new Uint8Array(workbookFile({ sheet }))], 'affiliates.xlsx'))
		const read = await browser.postMultipart('/bulk', form)
		expect(read.status).toBe(303)
		const jobId = jobIdOf(read.location)
		const ready = await browser.get(`/bulk/${jobId}`)
		expect(ready.html).toContain('header row <code>Notes,URL</code> skipped')
		expect(ready.html).toContain('line 4: <code>=cmd|&#39; /C calc&#39;!A0</code>')
		expect((await browser.post(`/bulk/${jobId}/start`, {})).status).toBe(303)
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')

		const download = await h.dashboard().handle(
			new Request(`http://localhost/bulk/${jobId}/results.xlsx`, {
				headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
			})
		)
		expect(download.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
		const workbook = readFirstSheet(new Uint8Array(await download.arrayBuffer()))
		if (!workbook.ok) throw new Error(workbook.message)
		const csv = await h.dashboard().handle(
			new Request(`http://localhost/bulk/${jobId}/results.csv`, {
				headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
			})
		)
		const csvRows = readCsvObjects(await csv.text())
		const [header, ...rows] = workbook.records.map((record) => record.fields)
		expect(header).toEqual(Object.keys(csvRows[0] ?? {}))
		expect(rows.map((fields) => Object.fromEntries((header ?? []).map((name, index) => [name, fields[index] ?? ''])))).toEqual(csvRows)
		expect(csvRows[0]).toMatchObject({
			line: '2',
			domain: 'www.acmebet.co.uk',
			verdict: 'licensed',
			license_number: '000-012345-R-123456-002'
		})
		expect(csvRows[0]?.register_last_read_at).not.toBe('')

		const other = await userOnPlan('pro')
		const foreign = await h.dashboard().handle(
			new Request(`http://localhost/bulk/${jobId}/results.xlsx`, {
				headers: { cookie: `lv_session=${other.browser.cookies.get('lv_session')}` }
			})
		)
		expect(foreign.status).toBe(404)
	}, 30_000)

	test('Watch these adds the licensed operators a finished job found through the API, then counts them as already watched', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(browser, ['acmebet.co.uk', 'www.acmebet.co.uk', 'unlisted.example'].join('\n'))
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		const page = await browser.get(`/bulk/${jobId}`)
		expect(page.html).toContain('Watch these (1 licensed operator)')
		const pressed = await browser.post(`/bulk/${jobId}/watch`, {})
		expect(pressed.status).toBe(303)
		const first = await browser.get(pressed.location as string)
		expect(first.status).toBe(200)
		expect(first.html).toContain('1 operator added to your watchlist; 0 were already watched.')
		const watched = await h.db.sql`
			SELECT o.slug FROM watchlist_entries e JOIN operators o ON o.id = e.operator_id WHERE e.account_id = ${accountId}`
		expect(watched.map((row) => row.slug)).toEqual(['acme-gaming'])
		h.clock.advanceSeconds(1)
		const again = await browser.get((await browser.post(`/bulk/${jobId}/watch`, {})).location as string)
		expect(again.html).toContain('0 operators added to your watchlist; 1 was already watched.')
		const forged = await browser.postRaw(`/bulk/${jobId}/watch`, 'csrf=forged', 'application/x-www-form-urlencoded')
		expect(forged.status).toBe(303)
	}, 30_000)

	test('refreshing the page Watch these redirected to shows the outcome again and adds nothing; an altered outcome shows nothing', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(browser, 'acmebet.co.uk')
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		await browser.get(`/bulk/${jobId}`)
		const location = (await browser.post(`/bulk/${jobId}/watch`, {})).location as string
		expect(location).toStartWith(`/bulk/${jobId}?watched=`)
		await browser.get(location)
		await h.db.sql`DELETE FROM watchlist_entries WHERE account_id = ${accountId}`
		const refreshed = await browser.get(location)
		expect(refreshed.html).toContain('1 operator added to your watchlist; 0 were already watched.')
		expect(await h.db.sql`SELECT 1 FROM watchlist_entries WHERE account_id = ${accountId}`).toHaveLength(0)
		const altered = await browser.get(`${location.slice(0, -2)}xx`)
		expect(altered.status).toBe(200)
		expect(altered.html).not.toContain('data-watch-outcome')
	}, 30_000)

	test('Watch these on a full watchlist says the plan cap was reached and adds nothing', async () => {
		const { browser, accountId } = await userOnPlan('starter')
		const make = registerFactory(h.db.sql, h.clock.now())
		for (let index = 0; index < 25; index++) {
			const operator = await make.operator(`filler-${accountId.slice(0, 8)}-${index}`, `Filler ${index}`)
			await h.db
				.sql`INSERT INTO watchlist_entries (id, account_id, operator_id, added_at) VALUES (gen_random_uuid(), ${accountId}, ${operator.id}, ${h.clock.now()})`
		}
		const { jobId, start } = await readAndStart(browser, 'acmebet.co.uk')
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		h.clock.advanceSeconds(1)
		await browser.get(`/bulk/${jobId}`)
		const pressed = await browser.get((await browser.post(`/bulk/${jobId}/watch`, {})).location as string)
		expect(pressed.html).toContain('Your watchlist is full:</strong> 1 operator was not added.')
		expect(pressed.html).toContain('watchlist_quota_exceeded')
		expect(await h.db.sql`SELECT 1 FROM watchlist_entries WHERE account_id = ${accountId}`).toHaveLength(25)
	}, 30_000)

	test('a pasted list sent with the empty file part a browser sends for an unused file input is read as the list', async () => {
		const { browser } = await userOnPlan('pro')
		const form = new FormData()
		form.set('file', new File([], '', { type: 'application/octet-stream' }))
		form.set('list', 'acmebet.co.uk')
		const read = await browser.postMultipart('/bulk', form)
		expect(read.status).toBe(303)
		expect((await browser.get(read.location ?? '')).html).toContain('Pasted list')
	})

	test('a list over the plan limit is refused whole with the limit, and nothing is stored', async () => {
		const { browser, accountId } = await userOnPlan('starter')
		const page = await browser.post('/bulk', { list: Array.from({ length: 501 }, (_, index) => `s${index}.example`).join('\n') })
		expect(page.status).toBe(400)
		expect(page.html).toContain('more than 500 distinct domains')
		expect(await jobsOf(accountId)).toBe(0)
	})

	test('a binary file renamed .csv or .xlsx, a damaged workbook, an XLSX bomb, control characters and mixed encodings are refused with a message, and nothing is stored', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const controlCharacters = workbookFile({
			sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
			sharedStrings: sharedStringsXml(['bet_x0007_.example'])
		})
		const files = [
			[new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), 'domains.csv', 'not text'],
			[new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), 'domains.xlsx', 'not an Excel workbook'],
			[new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'domains.xlsx', 'holds no Excel workbook'],
			[await xlsxBomb(256 * 1024 * 1024), 'domains.xlsx', 'unpacks to more than 48 MB'],
			[controlCharacters, 'domains.xlsx', 'Cell A1 holds control characters'],
			[
				new Uint8Array([...new TextEncoder().encode('bücher.example\n'), 0x62, 0xfc, 0x2e, 0x65, 0x78, 0x0a]),
				'domains.csv',
				'Line 2 is not UTF-8'
			]
		] as const
		for (const [bytes, name, message] of files) {
			const form = new FormData()
			form.set('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }))
			const page = await browser.postMultipart('/bulk', form)
			expect(page.status).toBe(400)
			expect(page.html).toContain(message)
		}
		expect(await jobsOf(accountId)).toBe(0)
	}, 30_000)

	test('a CSV of 1,000,000 rows under the size limit is refused whole with the plan limit, and no job or quota is used', async () => {
		const { browser, accountId } = await userOnPlan('business')
		const rows = Array.from({ length: 1_000_000 }, (_, index) => `${(index % 60_000).toString(36)}.io`).join('\n')
		const form = new FormData()
		form.set('file', new File([rows], 'million.csv', { type: 'text/csv' }))
		const page = await browser.postMultipart('/bulk', form)
		expect(page.status).toBe(400)
		expect(page.html).toContain('more than 50,000 distinct domains')
		expect(page.html).toContain('1,000,000 lines read')
		expect(await jobsOf(accountId)).toBe(0)
		expect(await quotaUsed(accountId)).toBe(0)
	}, 60_000)

	test('UTF-16 lists (Excel "Unicode Text") are read by their first tab-separated column, formula cells in them reported and not run; UTF-16 without a byte order mark is refused with no job', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const utf16le = (text: string) =>
			new Uint8Array([0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])])
		const upload = async (bytes: Uint8Array) => {
			const form = new FormData()
			form.set('file', new File([new Uint8Array(bytes)], 'unicode.csv', { type: 'text/csv' }))
			return browser.postMultipart('/bulk', form)
		}
		const bomless = await upload(utf16le('acmebet.co.uk\n').subarray(2))
		expect(bomless.status).toBe(400)
		expect(bomless.html).toContain('UTF-16 text without a byte order mark')
		expect(await jobsOf(accountId)).toBe(0)
		const read = await upload(utf16le("Website\tNotes\r\nacmebet.co.uk\tmain brand\r\n=cmd|' /C calc'!A0\t\r\nbücher.example\tnote\r\n"))
		expect(read.status).toBe(303)
		const ready = await browser.get(read.location as string)
		expect(ready.html).toContain('line 3: <code>=cmd|&#39; /C calc&#39;!A0</code> (A spreadsheet formula, not a domain; it was not run.)')
		expect(ready.html).toContain('<li data-junk>1 lines are not')
		expect(ready.html).toContain('header row <code>Website,Notes</code> skipped')
		expect(ready.html).toContain('This job will use <strong data-calls>1</strong> requests')
		expect(await quotaUsed(accountId)).toBe(0)
	})

	test('an upload stated at 100 MB is refused 413 with the limit before it is read', async () => {
		const { browser } = await userOnPlan('business')
		const page = await browser.postRaw('/bulk', 'x', 'multipart/form-data; boundary=x')
		expect(page.status).toBe(400)
		const response = await h.dashboard().handle(
			new Request('http://localhost/bulk', {
				method: 'POST',
				headers: { 'content-length': String(100 * 1024 * 1024), 'content-type': 'text/csv' },
				body: 'a'
			})
		)
		expect(response.status).toBe(413)
		expect(await response.text()).toContain('the limit is 8 MB')
	})

	test('a job runs out of monthly quota: it stops with the results so far and says why', async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const [plan] = await h.db.sql<{ monthly_quota: number }[]>`SELECT monthly_quota FROM plans WHERE code = 'pro'`
		const monthStart = new Date(utcMonthWindow(h.clock.now().getTime()).startMs)
		await h.db.sql`
			INSERT INTO limit_counters (subject, second_start, second_count, quota_window_start, quota_count, last_batch_admitted)
			VALUES (${accountId}, ${monthStart}, 0, ${monthStart}, ${(plan?.monthly_quota ?? 0) - 2}, 0)`
		const { jobId, ready, start } = await readAndStart(browser, Array.from({ length: 300 }, (_, index) => `q${index}.example`).join('\n'))
		expect(ready.html).toContain('The quota left is not enough for the whole list')
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('stopped')
		const page = await browser.get(`/bulk/${jobId}`)
		expect(page.html).toContain('the monthly quota is used up')
		// the two batches counted before the refusal are stored even if they finish after the stop
		await waitFor(async () => (await findJobForWorker(h.db.sql, jobId))?.done === 200, { what: 'the counted batches to be stored' })
	})

	test('a job whose batches cannot be queued answers 503 with a button to start it again, which once the bus is back queues it and it runs to the end', async () => {
		const closedBus = await connectBus({ servers: h.natsUrl, name: 'bulk-closed-bus' })
		await closedBus.close()
		let dashboard = h.dashboard({}, { bus: closedBus })
		const { browser } = await userOnPlan('pro', new BrowserSession({ handle: (request) => dashboard.handle(request), server: null }))
		const { jobId, start } = await readAndStart(browser, 'acme-casino.example\nq1.example\nq2.example')
		const failed = await start()
		expect(failed.status).toBe(503)
		expect(failed.html).toContain('could not be queued')
		expect(failed.html).toContain(`action="/bulk/${jobId}/start"`)
		dashboard = h.dashboard()
		expect((await browser.post(`/bulk/${jobId}/start`, {})).status).toBe(303)
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
	})

	test('another account cannot see, start or download a job', async () => {
		const owner = await userOnPlan('pro')
		const { jobId } = await readAndStart(owner.browser, 'acmebet.co.uk')
		const other = await userOnPlan('pro')
		for (const path of [`/bulk/${jobId}`, `/bulk/${jobId}/results.csv`, `/bulk/${jobId}/progress`, `/bulk/${jobId}/entries/0`])
			expect((await other.browser.get(path)).status).toBe(404)
		await other.browser.get('/bulk')
		expect((await other.browser.post(`/bulk/${jobId}/start`, {})).status).toBe(404)
		expect((await h.db.sql<{ state: string }[]>`SELECT state FROM bulk_check_jobs WHERE id = ${jobId}`)[0]?.state).toBe('ready')
	})

	test('a job is deleted 90 days after it ended, on the date its pages gave; its page, downloads and answers then answer 404 saying so', async () => {
		const { browser } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(browser, 'acmebet.co.uk')
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		const [job] = await h.db.sql<{ finished_at: Date }[]>`SELECT finished_at FROM bulk_check_jobs WHERE id = ${jobId}`
		const deletionMs = (job as { finished_at: Date }).finished_at.getTime() + BULK_JOB_RETENTION_DAYS * DAY
		const deletedOn = formatUtc(new Date(deletionMs))
		expect((await browser.get(`/bulk/${jobId}`)).html).toContain(`deleted on ${deletedOn}, 90 days after it ended`)
		const list = await browser.get('/bulk')
		expect(list.html).toContain(`<td>${deletedOn}</td>`)
		expect(list.html).toContain('A job and its results are deleted 90 days after it ends')

		await pruneEndedJobs(h.db.sql, new Date(deletionMs + 1))

		for (const path of [`/bulk/${jobId}`, `/bulk/${jobId}/results.csv`, `/bulk/${jobId}/results.xlsx`, `/bulk/${jobId}/entries/0`]) {
			const gone = await browser.get(path)
			expect(gone.status).toBe(404)
			expect(gone.html).toContain('A job and its results are deleted 90 days after it ends')
		}
	})

	// Last in the file: it moves the shared clock past the register's SLA.
	test('a not_found answered while a register was past its SLA is marked weakened on the page, in the CSV and on its answer page, as /v1/check says', async () => {
		h.clock.advanceHours(30)
		const { browser, accountId } = await userOnPlan('pro')
		const { jobId, start } = await readAndStart(browser, 'acmebet.co.uk\nunlisted-stale.example')
		await start()
		expect(await jobFinished(h.db.sql, jobId)).toBe('done')
		const { key } = await issueApiKey(h.db.sql, h.clock, accountId, 'compare')
		const answer = await (
			await h.gateway.handle(new Request('http://api.localhost/v1/check?domain=unlisted-stale.example', { headers: bearer(key) }))
		).json()
		const stale = (answer._meta.stale_jurisdictions as { jurisdiction: string }[]).map((entry) => entry.jurisdiction)
		expect(answer.verdict).toBe('not_found')
		expect(stale).toContain('UKGC')

		const page = await browser.get(`/bulk/${jobId}`)
		expect(page.html).toContain(`<td>not_found <span class="weakened" data-weakened`)
		expect(page.html).toContain(`(weakened: ${stale.join(', ')} stale)`)
		expect(page.html).toMatch(/<td>licensed<\/td>/)
		const csv = await h.dashboard().handle(
			new Request(`http://localhost/bulk/${jobId}/results.csv`, {
				headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
			})
		)
		const rows = readCsvObjects(await csv.text())
		expect(rows.map((row) => [row.domain, row.verdict, row.stale_jurisdictions])).toEqual([
			['acmebet.co.uk', 'licensed', stale.join(' ')],
			['unlisted-stale.example', 'not_found', stale.join(' ')]
		])
		expect(rows[1]?.checked_at).toBe(h.clock.now().toISOString())
		const entry = await browser.get(`/bulk/${jobId}/entries/1`)
		expect(entry.html).toContain(`When this was checked, the ${stale.join(', ')} register`)
		expect(entry.html).toContain(`Checked at ${h.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`)
	})
})
