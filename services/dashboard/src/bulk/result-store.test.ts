import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { BULK_BATCH_SIZE } from '@lv/bulk-check'
import { systemClock } from '@lv/clock'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { createJob, storeBatches } from './job-store.ts'
import { entryOf, resultBatches, resultPage, resultsCsv } from './result-store.ts'

let db: TestDatabase

beforeAll(async () => {
	db = await createTestDatabase()
})

afterAll(async () => {
	await db.drop()
})

const BATCHES = 5
const domainAt = (position: number) => `site-${position}.example`

/** The answer for entry `position`: the first of each batch a per-row error, the second licensed, the rest unlisted. */
function answerAt(position: number): Record<string, unknown> {
	const domain = domainAt(position)
	if (position % BULK_BATCH_SIZE === 0)
		return { query: { input: domain }, error: 'invalid_hostname', error_detail: 'Not a hostname.', match: null }
	if (position % BULK_BATCH_SIZE === 1)
		return {
			query: { domain },
			verdict: 'licensed',
			verdict_detail: 'Listed.',
			match: {
				jurisdiction: 'MGA',
				operator: `Operator ${position}`,
				operator_slug: `operator-${position}`,
				license_number: `MGA/${position}`
			},
			_meta: { register: { last_read_at: '2026-11-24T06:00:00Z' } }
		}
	return { query: { domain }, verdict: 'not_found', match: null }
}

/** A finished job of BATCHES batches stored as the worker stores them, so a rare verdict's rows lie one in each batch. */
async function storedJob(staleIn: (batch: number) => string[] = () => []): Promise<string> {
	const { id: accountId } = await createAccount(db.sql, systemClock, { name: 'rows', plan: 'pro' })
	const entries = Array.from({ length: BATCHES * BULK_BATCH_SIZE }, (_, position) => ({
		line: position + 1,
		input: domainAt(position),
		domain: domainAt(position)
	}))
	const report = { lines: entries.length, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
	const jobId = await createJob(db.sql, { accountId, sourceName: 'rare rows', entries, report, now: new Date() })
	for (let batch = 0; batch < BATCHES; batch++) {
		const first = batch * BULK_BATCH_SIZE
		const results = entries.slice(first, first + BULK_BATCH_SIZE).map((_, index) => answerAt(first + index))
		await db.sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${jobId}, ${batch}, now())`
		const stale = staleIn(batch).map((jurisdiction) => ({ jurisdiction, last_read_at: '2026-11-20T06:00:00Z', sla_hours: 48 }))
		const reply = JSON.stringify({ results, _meta: { checked_at: `2026-11-25T09:0${batch}:00.000Z`, stale_jurisdictions: stale } })
		await storeBatches(db.sql, jobId, [{ batch, first, count: results.length, reply }], new Date())
	}
	return jobId
}

const firstPage = (jobId: string, verdict: string) => resultPage(db.sql, jobId, { verdict, jurisdiction: '' }, { after: -1 }, 100)
const shown = (rows: Awaited<ReturnType<typeof firstPage>>['rows']) =>
	rows.map((row) => [row.line, row.domain, row.verdict ?? row.error, row.operator, row.jurisdiction, row.licenseNumber])

const expectedErrors = Array.from({ length: BATCHES }, (_, batch) => {
	const position = batch * BULK_BATCH_SIZE
	return [position + 1, domainAt(position), 'invalid_hostname', null, null, null]
})
const expectedLicensed = Array.from({ length: BATCHES }, (_, batch) => {
	const position = batch * BULK_BATCH_SIZE + 1
	return [position + 1, domainAt(position), 'licensed', `Operator ${position}`, 'MGA', `MGA/${position}`]
})

describe('bulk check result pages', () => {
	test("a rare filter's page, its rows one in each batch, shows them without reading any batch's reply; the full answer still needs it", async () => {
		const jobId = await storedJob()
		expect((await entryOf(db.sql, jobId, 1))?.result).toEqual(answerAt(1))
		await db.sql`UPDATE bulk_check_batches SET answers = NULL WHERE job_id = ${jobId}`

		expect(shown((await firstPage(jobId, 'error')).rows)).toEqual(expectedErrors)
		expect(shown((await firstPage(jobId, 'licensed')).rows)).toEqual(expectedLicensed)
		expect((await entryOf(db.sql, jobId, 1))?.result).toBeNull()
		const [download] = await Array.fromAsync(resultBatches(db.sql, jobId, { verdict: 'licensed', jurisdiction: '' }))
		expect(download?.map((row) => [row.operator, row.verdictDetail])).toEqual(Array.from({ length: BATCHES }, () => [null, null]))
	})

	test('answers stored before their rows kept the table fields (migration 0136) are shown from their batch reply', async () => {
		const jobId = await storedJob()
		await db.sql`UPDATE bulk_check_results SET operator = NULL, license_number = NULL, error = NULL, table_fields = false
			WHERE job_id = ${jobId} AND position >= ${BULK_BATCH_SIZE}`

		expect(shown((await firstPage(jobId, 'error')).rows)).toEqual(expectedErrors)
		expect(shown((await firstPage(jobId, 'licensed')).rows)).toEqual(expectedLicensed)
	})

	test("answers given while a register was past its SLA say so in the table, the downloads and the answer's page, as the batch's _meta does", async () => {
		const jobId = await storedJob((batch) => (batch === 1 ? ['MGA', 'CW'] : []))
		const weakened = (rows: Awaited<ReturnType<typeof firstPage>>['rows']) =>
			rows.filter((row) => row.weakenedBy.length > 0).map((row) => [row.position, row.verdict, row.weakenedBy])
		// The first page of not_found rows: batch 0's 98, then batch 1's first two.
		const page = (await firstPage(jobId, 'not_found')).rows
		expect(weakened(page)).toEqual([
			[BULK_BATCH_SIZE + 2, 'not_found', ['MGA', 'CW']],
			[BULK_BATCH_SIZE + 3, 'not_found', ['MGA', 'CW']]
		])
		// A licensed answer or a per-row error rests on no register being read in full: not weakened.
		expect(weakened((await firstPage(jobId, 'licensed')).rows)).toEqual([])
		expect(weakened((await firstPage(jobId, 'error')).rows)).toEqual([])

		const csv = (await new Response(resultsCsv(db.sql, jobId, { verdict: 'not_found', jurisdiction: '' })).text()).split('\r\n')
		expect(csv[0]?.endsWith(',checked_at,stale_jurisdictions')).toBe(true)
		expect(csv.find((line) => line.startsWith(`${BULK_BATCH_SIZE + 3},`))?.endsWith(',2026-11-25T09:01:00.000Z,MGA CW')).toBe(true)
		expect(csv.find((line) => line.startsWith('3,'))?.endsWith(',2026-11-25T09:00:00.000Z,')).toBe(true)
		expect((await entryOf(db.sql, jobId, BULK_BATCH_SIZE + 2))?.meta).toEqual({
			checkedAt: '2026-11-25T09:01:00.000Z',
			staleJurisdictions: ['MGA', 'CW']
		})

		const kept = await db.sql<{ stale: string[] }[]>`
			SELECT stale_jurisdictions AS stale FROM bulk_check_batches WHERE job_id = ${jobId} AND batch IN (0, 1) ORDER BY batch`
		expect(kept.map((row) => row.stale)).toEqual([[], ['MGA', 'CW']])

		// Batches stored before the worker kept the codes on their row (migration 0150) are read from the reply.
		await db.sql`UPDATE bulk_check_batches SET stale_jurisdictions = NULL WHERE job_id = ${jobId}`
		expect(weakened((await firstPage(jobId, 'not_found')).rows)).toEqual(weakened(page))
	})

	test('a page of answers stored before migrations 0136 and 0150 reads each of its batches’ replies once, for the table and the stale registers alike', async () => {
		const jobId = await storedJob((batch) => (batch === 1 ? ['MGA'] : []))
		await db.sql`UPDATE bulk_check_results SET operator = NULL, license_number = NULL, error = NULL, table_fields = false WHERE job_id = ${jobId}`
		await db.sql`UPDATE bulk_check_batches SET stale_jurisdictions = NULL WHERE job_id = ${jobId}`
		const repliesRead: number[] = []
		const counting = new Proxy(db.sql, {
			apply(target, self, args: Parameters<typeof db.sql>) {
				const query = Reflect.apply(target, self, args)
				const text = Array.isArray(args[0]) ? args[0].join('') : ''
				if (!/SELECT batch, answers FROM bulk_check_batches/.test(text)) return query
				return query.then((rows: { batch: number }[]) => {
					repliesRead.push(...rows.map((row) => row.batch))
					return rows
				})
			}
		})
		// The first page of not_found rows: batch 0's 98, then batch 1's first two.
		const page = await resultPage(counting, jobId, { verdict: 'not_found', jurisdiction: '' }, { after: -1 }, 100)
		expect(page.rows.filter((row) => row.weakenedBy.length > 0).map((row) => [row.position, row.weakenedBy])).toEqual([
			[BULK_BATCH_SIZE + 2, ['MGA']],
			[BULK_BATCH_SIZE + 3, ['MGA']]
		])
		expect(repliesRead.sort((a, b) => a - b)).toEqual([0, 1])
	})
})
