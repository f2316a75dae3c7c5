import { afterAll, expect, test } from 'bun:test'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EvidenceRecord } from './record.ts'
import { evidenceReportPdf } from './report-pdf.ts'

const SHA = 'ab'.repeat(32)
const record: EvidenceRecord = {
	version: 1,
	id: 'ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P',
	kind: 'check',
	checked_at: '2026-11-04T09:15:00.000Z',
	account_id: '5d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
	checks: [
		{
			query: { domain: 'betexample.com' },
			verdict: 'licensed',
			verdict_detail: 'betexample.com is listed by the Malta Gaming Authority for Bet Example Ltd \u2014 its licence is active.',
			licence: {
				license_id: null,
				license_number: 'MGA/B2C/123/2019',
				operator: 'Bet Example',
				operator_slug: 'bet-example',
				jurisdiction: 'MGA',
				regulator_name: 'Malta Gaming Authority',
				status: 'active',
				status_source_url: null,
				status_observed_at: null
			},
			domain_link: { matched_domain: 'betexample.com', domain_status: 'active', domain_association: 'direct', domain_last_listed_at: null }
		}
	],
	checked_jurisdictions: ['MGA'],
	publications: [
		{
			jurisdiction: 'MGA',
			publication: 'register',
			source_url: 'https://www.mga.org.mt/licensee-register/',
			read_at: '2026-11-04T05:48:30.112Z',
			sha256: SHA
		}
	]
}
const links = {
	verifyUrl: 'https://api.example.test/v1/evidence/ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P',
	jwksUrl: 'https://api.example.test/.well-known/jwks.json',
	kid: '2026-11'
}
const directory = await mkdtemp(join(tmpdir(), 'evidence-pdf-'))
afterAll(() => rm(directory, { recursive: true, force: true }))

async function run(command: string[]): Promise<string> {
	const child = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' })
	const [output, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
	if (code !== 0) throw new Error(`${command[0]} exited ${code}: ${await new Response(child.stderr).text()}`)
	return output
}

test('the report renders to one page holding the verdict, detail, licence, regulator, read time, hash and verify link', async () => {
	const file = join(directory, 'report.pdf')
	await Bun.write(file, await evidenceReportPdf(record, links))
	const text = (await run(['pdftotext', '-layout', file, '-'])).replace(/\s+/g, ' ')
	for (const expected of [
		'Verdict: licensed',
		'betexample.com is listed by the Malta Gaming Authority for Bet Example Ltd - its licence is active.',
		'MGA/B2C/123/2019',
		'Regulator: Malta Gaming Authority',
		'read 2026-11-04T05:48:30.112Z',
		`SHA-256 ${SHA}`,
		links.verifyUrl
	])
		expect(text).toContain(expected)
	await run(['pdftoppm', '-png', '-r', '40', file, join(directory, 'page')])
	expect((await readdir(directory)).filter((name) => name.endsWith('.png'))).toEqual(['page-1.png'])
})

test('a batch of 100 rows resting on every register stays within two pages', async () => {
	const many: EvidenceRecord = {
		...record,
		kind: 'check_batch',
		checks: Array.from({ length: 100 }, (_, index) => ({ ...record.checks[0]!, query: { domain: `site${index}.example` } })),
		publications: Array.from({ length: 14 }, () => record.publications[0]!)
	}
	const file = join(directory, 'batch.pdf')
	await Bun.write(file, await evidenceReportPdf(many, links))
	expect(await run(['pdftotext', file, '-'])).toContain('site99.example: licensed, licence MGA/B2C/123/2019 (Malta Gaming Authority)')
	const info = await run(['pdfinfo', file])
	expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeLessThanOrEqual(2)
})

test('a service reference is never printed as a licence number, and a missing status is not the status unknown', async () => {
	const check = record.checks[0]!
	const reference: EvidenceRecord = {
		...record,
		checks: [
			{
				...check,
				licence: {
					...check.licence!,
					license_number: 'KH/IG/bet-example',
					license_reference_is_ours: true,
					jurisdiction: 'KH',
					status_qualifier: 'provisional_under_assessment',
					expires_at: '2026-12-31'
				}
			},
			{ ...check, verdict: 'licence_not_active', licence: { ...check.licence!, license_number: null, status: null } }
		]
	}
	const single = join(directory, 'reference.pdf')
	await Bun.write(single, await evidenceReportPdf({ ...reference, checks: [reference.checks[0]!] }, links))
	const text = (await run(['pdftotext', single, '-'])).replace(/\s+/g, ' ')
	expect(text).toContain('Licence with service reference KH/IG/bet-example (not a regulator number)')
	expect(text).toContain('status active (provisional_under_assessment), expires 2026-12-31')
	const batch = join(directory, 'reference-batch.pdf')
	await Bun.write(batch, await evidenceReportPdf({ ...reference, kind: 'check_batch' }, links))
	const rows = (await run(['pdftotext', batch, '-'])).replace(/\s+/g, ' ')
	expect(rows).toContain('licence with service reference KH/IG/bet-example (not a regulator number)')
	const missing = join(directory, 'no-status.pdf')
	await Bun.write(missing, await evidenceReportPdf({ ...reference, checks: [reference.checks[1]!] }, links))
	const noStatus = (await run(['pdftotext', missing, '-'])).replace(/\s+/g, ' ')
	expect(noStatus).toContain('no licence status')
	expect(noStatus).not.toContain('status unknown')
})
