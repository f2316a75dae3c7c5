import { beforeAll, describe, expect, test } from 'bun:test'
import { databasePerFile } from '@lv/testing/per-file'
import { publicationsOf } from './evidence-publications.ts'
import { enforcementSourcesRead } from './lookups.ts'

const env = databasePerFile()
const AT = new Date('2026-11-02T06:00:00.000Z')
const LATER = new Date('2026-11-02T06:00:05.000Z')
const ENFORCEMENT = 'https://www.gamblingcommission.gov.uk/public-register/regulatory-actions/print'

const sha = (digit: string) => digit.repeat(64)

/** A succeeded UKGC run started at AT that read these files (rows stored in the order given). */
async function succeededRun(finishedAt: Date, reads: { publication: string; url: string; sha256: string }[]): Promise<void> {
	const runId = crypto.randomUUID()
	await env.db.sql`
		INSERT INTO reader_runs (id, jurisdiction_code, started_at, finished_at, outcome) VALUES (${runId}, 'UKGC', ${AT}, ${finishedAt}, 'succeeded')`
	for (const read of reads) {
		await env.db.sql`
			INSERT INTO snapshots (sha256, content, size_bytes, first_fetched_at) VALUES (${read.sha256}, '\\x00', 1, ${AT}) ON CONFLICT DO NOTHING`
		await env.db.sql`
			INSERT INTO register_reads (id, run_id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, snapshot_sha256, outcome)
			VALUES (${crypto.randomUUID()}, ${runId}, 'UKGC', ${read.publication}, ${read.url}, ${AT}, ${AT}, ${finishedAt}, ${read.sha256}, 'succeeded')`
	}
}

beforeAll(async () => {
	// Two runs started at one instant (one clock reading): the one finished first is stored first.
	await succeededRun(AT, [
		{ publication: 'register', url: 'https://register.example/first.csv', sha256: sha('1') },
		{ publication: 'enforcement', url: ENFORCEMENT, sha256: sha('1') }
	])
	await succeededRun(LATER, [
		{ publication: 'enforcement', url: `${ENFORCEMENT}?page=2`, sha256: sha('3') },
		{ publication: 'enforcement', url: ENFORCEMENT, sha256: sha('2') }
	])
	await env.db.sql`UPDATE register_status SET last_successful_read_at = ${LATER} WHERE jurisdiction_code = 'UKGC'`
})

describe('of reads started at one instant', () => {
	test('the publications an answer rests on are those of the run that finished last', async () => {
		const publications = await publicationsOf(env.db.sql, ['UKGC'], new Map())
		expect(publications.map((read) => read.sha256)).toEqual([sha('2'), sha('3')])
	})

	test('the enforcement publication read is the one finished last, then the first page in code points', async () => {
		const [ukgc] = (await enforcementSourcesRead(env.db.sql)).filter((row) => row.jurisdiction_code === 'UKGC')
		expect(ukgc).toEqual({ jurisdiction_code: 'UKGC', source_url: ENFORCEMENT, last_read_at: LATER })
	})
})
