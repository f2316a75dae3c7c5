import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { createAccount } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { MIGRATIONS_DIR, type Sql, createSql, listMigrations, migrate } from '@lv/db'
import { TMP_ROOT, sharedPostgres } from '@lv/testing'
import { createJob } from './job-store.ts'
import { entryOf, resultPage } from './result-store.ts'

const database = `m_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
let sql: Sql
let admin: Sql
const earlierDir = mkdtempSync(join(TMP_ROOT, 'migrations-'))

beforeAll(async () => {
	const pg = await sharedPostgres()
	admin = createSql(pg.adminUrl, { max: 1 })
	await admin.unsafe(`CREATE DATABASE ${database}`)
	sql = createSql(pg.urlFor(database), { max: 2 })
	for (const migration of await listMigrations())
		if (migration.version < 130) symlinkSync(migration.file, join(earlierDir, migration.file.split('/').at(-1) as string))
	await migrate(sql, earlierDir)
})

afterAll(async () => {
	await sql?.end({ timeout: 2 })
	await admin?.unsafe(`DROP DATABASE IF EXISTS ${database}`)
	await admin?.end({ timeout: 2 })
	rmSync(earlierDir, { recursive: true, force: true })
})

const licensed = {
	query: { domain: 'acmebet.co.uk' },
	verdict: 'licensed',
	match: { jurisdiction: 'UKGC', operator: 'Acme Bet', operator_slug: 'acme-bet', license_number: '000-1' },
	_meta: { register: { last_read_at: '2026-11-24T09:00:00.000Z' } }
}
const unlisted = { query: { domain: 'nobody.example' }, verdict: 'not_found', match: null }

describe('migration 0130: answers kept whole per batch', () => {
	test("a job's answers stored as jsonb rows before the migration read the same after it, with their operator kept per row", async () => {
		const { id: accountId } = await createAccount(sql, systemClock, { name: 'migrated', plan: 'pro' })
		const entries = [licensed, unlisted].map((answer, index) => ({
			line: index + 1,
			input: answer.query.domain,
			domain: answer.query.domain
		}))
		const report = { lines: 2, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
		const jobId = await createJob(sql, { accountId, sourceName: 'before 0130', entries, report, now: new Date() })
		await sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at, done_at) VALUES (${jobId}, 0, now(), now())`
		for (const [position, answer] of [licensed, unlisted].entries())
			await sql`INSERT INTO bulk_check_results (job_id, position, verdict, jurisdiction, result)
				VALUES (${jobId}, ${position}, ${answer.verdict}, ${answer.match?.jurisdiction ?? null}, ${sql.json(answer)})`

		expect(await migrate(sql, MIGRATIONS_DIR)).toContain('0130_bulk_check_answers_per_batch')

		const rows = await sql<{ position: number; operator_slug: string | null }[]>`
			SELECT position, operator_slug FROM bulk_check_results WHERE job_id = ${jobId} ORDER BY position`
		expect([...rows]).toEqual([
			{ position: 0, operator_slug: 'acme-bet' },
			{ position: 1, operator_slug: null }
		])
		expect((await entryOf(sql, jobId, 0))?.result).toEqual(licensed)
		expect((await entryOf(sql, jobId, 1))?.result).toEqual(unlisted)
		// Rows stored before migration 0136 keep no table fields: the page reads them from the batch's reply.
		const page = await resultPage(sql, jobId, { verdict: '', jurisdiction: '' }, { after: -1 }, 100)
		expect(page.rows.map((row) => [row.verdict, row.operator, row.licenseNumber])).toEqual([
			['licensed', 'Acme Bet', '000-1'],
			['not_found', null, null]
		])
	})
})
