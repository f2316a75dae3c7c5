import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type Builder, type ExportRequest, createBuilder } from './builder.ts'
import { pruneFiles } from './cache-store.ts'
import { LICENCE_COLUMNS } from './datasets/licences.ts'
import { readCsv, readCsvObjects, readNdjson } from './test-support/csv-reader.ts'
import { type SeededLicence, registerUrl, seeder } from './test-support/seed.ts'
import { storedFileBytes, storedFileText } from './test-support/stored-file.ts'
import { databasePerFile } from '@lv/testing/per-file'

const READ_AT = new Date('2026-11-01T06:00:00.000Z')
const SHA = 'a'.repeat(64)
const ENFORCEMENT = 'https://registers.example/mga/enforcement'
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const env = databasePerFile()
let builder: Builder
let seed: ReturnType<typeof seeder>
let acmeLicence: SeededLicence

const request = (
	dataset: ExportRequest['dataset'],
	format: ExportRequest['format'] = 'csv',
	slices: Partial<Pick<ExportRequest, 'jurisdiction' | 'status'>> = {}
) => ({
	dataset,
	format,
	jurisdiction: slices.jurisdiction ?? null,
	status: slices.status ?? null
})

const newBuilder = (chunkBytes = 1 << 16) =>
	createBuilder({ sql: env.db.sql, clock, logger: silentLogger, chunkBytes, batchRows: 2, maxConcurrentBuilds: 2 })

beforeAll(async () => {
	seed = seeder(env.db.sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme, "Gaming"\nGroup', { UKGC: '39217' })
	const beta = await seed.operator('beta-bets', 'Beta Bets')
	await seed.operator('dormant-co', 'Dormant Co')
	acmeLicence = await seed.licence(acme, { number: '000-039217-R-319300-001', types: ['Remote', 'Ancillary Remote'], expiry: '2027-03-31' })
	await seed.history(acmeLicence, { at: new Date('2026-02-01T00:00:00Z'), status: 'active', sha: SHA })
	await seed.history(acmeLicence, {
		at: new Date('2026-03-01T00:00:00Z'),
		status: 'active',
		sha: 'b'.repeat(64),
		correctedAt: new Date('2026-03-02T00:00:00Z')
	})
	const acmeMga = await seed.licence(acme, {
		number: 'MGA/B2C/100/2019',
		jurisdiction: 'MGA',
		verifiedAt: new Date('2026-11-01T08:00:00Z')
	})
	const betaRevoked = await seed.licence(beta, {
		number: 'MGA/B2C/200/2020',
		jurisdiction: 'MGA',
		status: 'revoked',
		statusSourceUrl: ENFORCEMENT
	})
	await seed.link(acme, 'acmebet.co.uk', { licence: acmeLicence })
	await seed.link(acme, 'www.acmebet.co.uk', { licence: acmeLicence, status: 'delisted' })
	await seed.link(beta, 'betabets.com', {
		licence: betaRevoked,
		verificationUrl: 'https://cert.example/123',
		pageStatus: 'Licence revoked'
	})
	await seed.link(beta, 'beta-unlinked.com', { jurisdiction: 'CW' })
	await seed.registerRead('CW')
	void acmeMga
	for (const code of ['UKGC', 'MGA', 'CW']) await seed.finishRun(code, READ_AT)
	builder = newBuilder()
})

const fileText = async (req: ExportRequest) => storedFileText(env.db.sql, (await builder.fileFor(req)).file_id)

describe('licences export', () => {
	test('CSV has the documented header and one RFC 4180 record per licence with its status provenance', async () => {
		const text = await fileText(request('licences'))
		expect(readCsv(text)[0]).toEqual(LICENCE_COLUMNS.map((column) => column.name))
		const rows = readCsvObjects(text)
		expect(rows.map((row) => row.license_number)).toEqual(['000-039217-R-319300-001', 'MGA/B2C/100/2019', 'MGA/B2C/200/2020'])
		expect(rows[0]).toMatchObject({
			operator_slug: 'acme-gaming',
			operator_name: 'Acme, "Gaming"\nGroup',
			status: 'active',
			license_types: 'Remote|Ancillary Remote',
			expiry_date: '2027-03-31',
			issued_date: '2020-01-15',
			source_url: registerUrl('UKGC'),
			status_source_url: registerUrl('UKGC'),
			status_observed_at: READ_AT.toISOString(),
			last_verified_at: READ_AT.toISOString(),
			status_changed_at: '2026-02-01T00:00:00.000Z',
			snapshot_sha256: SHA,
			confidence_hint: 'authoritative',
			not_listed_since: ''
		})
		expect(rows[2]).toMatchObject({ status: 'revoked', status_source_url: ENFORCEMENT, confidence_hint: 'scraped', snapshot_sha256: '' })
	})

	test('NDJSON carries the same rows with typed values', async () => {
		const rows = readNdjson(await fileText(request('licences', 'json')))
		expect(rows).toHaveLength(3)
		expect(rows[0]).toMatchObject({
			license_reference_is_ours: false,
			license_types: ['Remote', 'Ancillary Remote'],
			not_listed_since: null,
			snapshot_sha256: SHA
		})
		expect(Object.keys(rows[0] ?? {})).toEqual(LICENCE_COLUMNS.map((column) => column.name))
	})

	test('jurisdiction and status slices keep only matching licences', async () => {
		expect(readCsvObjects(await fileText(request('licences', 'csv', { jurisdiction: 'MGA' }))).map((row) => row.license_number)).toEqual([
			'MGA/B2C/100/2019',
			'MGA/B2C/200/2020'
		])
		expect(
			readCsvObjects(await fileText(request('licences', 'csv', { jurisdiction: 'MGA', status: 'revoked' }))).map(
				(row) => row.license_number
			)
		).toEqual(['MGA/B2C/200/2020'])
		expect(readCsvObjects(await fileText(request('licences', 'csv', { jurisdiction: 'IOM' })))).toEqual([])
	})

	test('an empty slice is a header-only CSV and an empty NDJSON file', async () => {
		expect(await fileText(request('licences', 'csv', { status: 'pending' }))).toBe(
			`${LICENCE_COLUMNS.map((column) => column.name).join(',')}\r\n`
		)
		const empty = await builder.fileFor(request('licences', 'json', { status: 'pending' }))
		expect({ rows: empty.row_count, size: empty.size_bytes, chunks: empty.chunk_count }).toEqual({ rows: 0, size: 0, chunks: 0 })
	})
})

describe('operators export', () => {
	test('one row per operator with counts and the provenance of its most recently verified licence', async () => {
		const rows = readCsvObjects(await fileText(request('operators')))
		expect(rows.map((row) => row.slug)).toEqual(['acme-gaming', 'beta-bets', 'dormant-co'])
		expect(rows[0]).toMatchObject({
			jurisdictions: 'MGA|UKGC',
			license_count: '2',
			active_license_count: '2',
			license_statuses: 'active',
			upstream_ids: '{"UKGC":"39217"}',
			source_url: registerUrl('MGA'),
			last_verified_at: '2026-11-01T08:00:00.000Z'
		})
		expect(rows[1]).toMatchObject({ license_statuses: 'revoked', active_license_count: '0', status_source_url: ENFORCEMENT })
		expect(rows[2]).toMatchObject({ license_count: '0', jurisdictions: '', provenance_license_id: '', source_url: '' })
	})

	test('a slice keeps the operators holding a licence in it and counts only those licences', async () => {
		const rows = readNdjson(await fileText(request('operators', 'json', { jurisdiction: 'UKGC' })))
		expect(rows.map((row) => [row.slug, row.license_count, row.jurisdictions])).toEqual([['acme-gaming', 1, ['UKGC']]])
		expect(rows[0]?.upstream_ids).toEqual({ UKGC: '39217' })
		const revoked = readNdjson(await fileText(request('operators', 'json', { status: 'revoked' })))
		expect(revoked.map((row) => row.slug)).toEqual(['beta-bets'])
	})
})

describe('domains export', () => {
	test('one row per link with its licence status provenance, the register as source when no licence is linked', async () => {
		const rows = readCsvObjects(await fileText(request('domains')))
		expect(rows.map((row) => [row.hostname, row.link_status])).toEqual([
			['acmebet.co.uk', 'active'],
			['beta-unlinked.com', 'active'],
			['betabets.com', 'active'],
			['www.acmebet.co.uk', 'delisted']
		])
		expect(rows[1]).toMatchObject({ jurisdiction_code: 'CW', license_id: '', source_url: registerUrl('CW'), status_source_url: '' })
		expect(rows[2]).toMatchObject({
			license_status: 'revoked',
			status_source_url: ENFORCEMENT,
			verification_url: 'https://cert.example/123',
			verification_page_status: 'Licence revoked',
			verification_page_read_at: READ_AT.toISOString()
		})
	})

	test('the status slice of domains is the link status', async () => {
		const rows = readNdjson(await fileText(request('domains', 'json', { status: 'delisted' })))
		expect(rows.map((row) => row.hostname)).toEqual(['www.acmebet.co.uk'])
	})
})

describe('export cache', () => {
	test('the same slice at the same register state is the same file, built once', async () => {
		const first = await builder.fileFor(request('licences', 'json', { jurisdiction: 'UKGC' }))
		const again = await newBuilder().fileFor(request('licences', 'json', { jurisdiction: 'UKGC' }))
		expect(again).toEqual(first)
		const [count] = await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_files WHERE id = ${first.file_id}`
		expect(count?.n).toBe(1)
	})

	test('a reader run of any register, even one that changed nothing, gives a new file with the new last_verified_at', async () => {
		const before = await builder.fileFor(request('licences', 'csv', { jurisdiction: 'UKGC' }))
		const later = new Date('2026-11-02T06:00:00.000Z')
		await env.db.sql`UPDATE licenses SET last_verified_at = ${later} WHERE jurisdiction_code = 'UKGC'`
		await seed.finishRun('UKGC', later, false)
		const after = await builder.fileFor(request('licences', 'csv', { jurisdiction: 'UKGC' }))
		expect(after.file_id).not.toBe(before.file_id)
		expect(after.version_key).not.toBe(before.version_key)
		expect(after.data_version).toBe(before.data_version)
		expect(readCsvObjects(await storedFileText(env.db.sql, after.file_id))[0]?.last_verified_at).toBe(later.toISOString())
		await seed.finishRun('MGA', later, true)
		const afterMga = await builder.fileFor(request('licences', 'csv', { jurisdiction: 'UKGC' }))
		expect(afterMga.data_version).toBe(before.data_version + 1)
		expect(afterMga.file_id).not.toBe(after.file_id)
	})

	test('replicas asked for the same missing file at once build it once', async () => {
		await seed.finishRun('CW', new Date('2026-11-03T06:00:00Z'))
		const replicas = [newBuilder(), newBuilder(), newBuilder()]
		const files = await Promise.all(replicas.map((replica) => replica.fileFor(request('domains', 'csv'))))
		expect(new Set(files.map((file) => file.file_id)).size).toBe(1)
		const [count] = await env.db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM export_files WHERE version_key = ${files[0]?.version_key ?? ''} AND dataset = 'domains' AND format = 'csv' AND jurisdiction_code IS NULL AND status IS NULL`
		expect(count?.n).toBe(1)
	})

	test('a file larger than a chunk is stored in order; its size and SHA-256 match the bytes', async () => {
		await seed.finishRun('IOM', new Date('2026-11-03T07:00:00Z'))
		const small = newBuilder(64)
		const file = await small.fileFor(request('licences', 'csv'))
		const bytes = await storedFileBytes(env.db.sql, file.file_id)
		expect(file.chunk_count).toBe(Math.ceil(bytes.length / 64))
		expect(file.size_bytes).toBe(bytes.length)
		expect(file.sha256).toBe(new Bun.CryptoHasher('sha256').update(bytes).digest('hex'))
		expect(readCsvObjects(bytes.toString('utf8'))).toHaveLength(file.row_count)
		expect(file).toMatchObject({ content_type: 'text/csv; charset=utf-8; header=present', filename: 'licences-2026-11-01.csv' })
	})
})

describe('pruning', () => {
	test('drops files superseded longer than the retention and idle files, with their chunks, and keeps the current one', async () => {
		const slice = request('operators', 'csv', { jurisdiction: 'MGA' })
		const old = await builder.fileFor(slice)
		clock.advanceHours(1)
		await seed.finishRun('MGA', clock.now())
		const current = await builder.fileFor(slice)
		expect(await pruneFiles(env.db.sql, { nowMs: clock.nowMs(), supersededRetainMs: 3_600_000, idleRetainMs: 48 * 3_600_000 })).toBe(0)
		clock.advanceHours(2)
		await pruneFiles(env.db.sql, { nowMs: clock.nowMs(), supersededRetainMs: 3_600_000, idleRetainMs: 48 * 3_600_000 })
		const left = await env.db.sql<{ id: string }[]>`SELECT id FROM export_files WHERE id IN ${env.db.sql([old.file_id, current.file_id])}`
		expect(left.map((row) => row.id)).toEqual([current.file_id])
		expect((await storedFileBytes(env.db.sql, old.file_id)).length).toBe(0)
		clock.advanceHours(49)
		await pruneFiles(env.db.sql, { nowMs: clock.nowMs(), supersededRetainMs: 3_600_000, idleRetainMs: 48 * 3_600_000 })
		const [count] = await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_files`
		expect(count?.n).toBe(0)
	})
})
