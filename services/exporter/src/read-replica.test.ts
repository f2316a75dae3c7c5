import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type ReplicatedDatabase, createReplicatedDatabase } from '@lv/testing'
import { createBuilder } from './builder.ts'
import { readCsvObjects } from './test-support/csv-reader.ts'
import { seeder } from './test-support/seed.ts'
import { storedFileText } from './test-support/stored-file.ts'

/** DATABASE_READ_URL: an export build reads its rows from a real streaming replica and stores the file on the primary. */
const READ_AT = new Date('2026-11-01T06:00:00.000Z')
const clock = new TestClock('2026-11-01T12:00:00.000Z')
let db: ReplicatedDatabase

beforeAll(async () => {
	db = await createReplicatedDatabase()
	const seed = seeder(db.primary.sql, READ_AT)
	await seed.licence(await seed.operator('replayed-gaming', 'Replayed Gaming'), { number: '000-039217-R-319300-001' })
	await seed.finishRun('UKGC', READ_AT)
	await db.caughtUp()
}, 60_000)

afterAll(async () => {
	await db?.drop()
})

describe('export builds with a read replica', () => {
	test('the rows come from the replica as replayed, the file is stored on the primary', async () => {
		const builder = createBuilder({
			sql: db.primary.sql,
			readSql: db.replica.sql,
			clock,
			logger: silentLogger,
			chunkBytes: 1 << 16,
			batchRows: 50,
			maxConcurrentBuilds: 1
		})
		const request = { dataset: 'licences' as const, format: 'csv' as const, jurisdiction: 'UKGC', status: null }
		const file = await db.withReplayPaused(async () => {
			// written on the primary while the replica does not replay: not in the export
			const seed = seeder(db.primary.sql, READ_AT)
			await seed.licence(await seed.operator('not-yet-replayed', 'Not Yet Replayed'), { number: '000-039217-R-319300-002' })
			return builder.fileFor(request)
		})
		const rows = readCsvObjects(await storedFileText(db.primary.sql, file.file_id))
		expect(rows.map((row) => row.license_number)).toEqual(['000-039217-R-319300-001'])
	})
})
