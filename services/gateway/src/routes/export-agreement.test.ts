import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { readNdjson } from '../../../exporter/src/test-support/csv-reader.ts'
import { type SeededLicence, seeder } from '../../../exporter/src/test-support/seed.ts'
import { withdrawHistoryEvent } from '../../../reader/src/ops/withdraw-event.ts'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { exportStackPerFile } from '../test-support/export-stack.ts'

/**
 * An export row says what the lookups say about the same record at the same moment: the same
 * status, dates and provenance, and no withdrawn history event behind its status.
 */
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T06:00:00.000Z')
let account: TestAccount
let stamped: SeededLicence
let withdrawnEventId: string

const env = exportStackPerFile('export-agreement-test', clock, async (sql) => {
	const seed = seeder(sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming')
	const attributed = await seed.licence(acme, { number: '000-039217-R-319300-001', expiry: '2027-03-31' })
	await seed.history(attributed, { at: new Date('2026-02-01T00:00:00Z'), status: 'active', sha: 'a'.repeat(64) })
	await seed.history(attributed, { at: new Date('2026-06-01T00:00:00Z'), status: 'active', sha: 'b'.repeat(64) })
	const [latest] = await sql<{ id: string }[]>`
		SELECT id FROM license_history WHERE license_id = ${attributed.id} ORDER BY changed_at DESC LIMIT 1`
	withdrawnEventId = latest?.id ?? ''
	// A status set before provenance was tracked: no status publication, though every read stamps the licence.
	const beta = await seed.operator('beta-bets', 'Beta Bets')
	stamped = await seed.licence(beta, {
		number: 'MGA/B2C/200/2020',
		jurisdiction: 'MGA',
		status: 'revoked',
		statusSourceUrl: null,
		verifiedAt: new Date('2026-11-01T07:00:00Z')
	})
	await sql`UPDATE licenses SET status_observed_at = ${READ_AT} WHERE id = ${stamped.id}`
	const kh = await seed.licence(beta, { number: 'KH/IG/beta-bets', jurisdiction: 'KH' })
	await seed.link(acme, 'acmebet.co.uk', { licence: attributed })
	await seed.link(beta, 'betabets.com', { licence: stamped, verificationUrl: 'https://cert.example/1', pageStatus: 'Revoked' })
	await seed.link(beta, 'betabets.kh', { licence: kh, status: 'delisted' })
	for (const code of ['UKGC', 'MGA', 'KH']) await seed.finishRun(code, READ_AT)
})

beforeAll(async () => {
	account = await accountWithKey(env.db.sql, clock, 'enterprise')
})

const get = async (path: string) => {
	clock.advanceSeconds(1)
	const response = await env.app.handle(new Request(`http://localhost${path}`, { headers: bearer(account.key) }))
	expect(response.status).toBe(200)
	return response
}
const exported = async (dataset: string) => readNdjson(await (await get(`/v1/export/${dataset}?format=json`)).text())
const licenceFromApi = async (id: string) => (await (await get(`/v1/licenses/${id}`)).json()) as Record<string, unknown>

/** Fields a licence export row and GET /v1/licenses/{id} both carry. */
const LICENCE_FIELDS = [
	'id',
	'license_number',
	'license_reference_is_ours',
	'jurisdiction_code',
	'status',
	'status_qualifier',
	'upstream_status',
	'license_types',
	'license_type_raw',
	'license_category',
	'issued_date',
	'expiry_date',
	'not_listed_since',
	'last_listed_at',
	'last_verified_at',
	'source_url',
	'status_source_url',
	'status_observed_at'
] as const

const pick = (row: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, row[field]]))

describe('an export row agrees with the lookups on the same record', () => {
	test('licences: every shared field as GET /v1/licenses/{id} answers it', async () => {
		const rows = await exported('licences')
		expect(rows).toHaveLength(3)
		for (const row of rows) expect(pick(row, LICENCE_FIELDS)).toEqual(pick(await licenceFromApi(String(row.id)), LICENCE_FIELDS))
		// A status without a publication has no observation time to show (SPEC Licence: null when status_source_url is).
		expect(rows.find((row) => row.id === stamped.id)?.status_observed_at).toBeNull()
	})

	test('operators: the operator as GET /v1/operators/{slug} answers it, the provenance columns as the licence they name', async () => {
		const rows = await exported('operators')
		expect(rows.find((row) => row.slug === 'beta-bets')?.provenance_license_id).toBe(stamped.id)
		for (const row of rows) {
			const { operator } = (await (await get(`/v1/operators/${row.slug}`)).json()) as { operator: Record<string, unknown> }
			const fields = ['id', 'slug', 'display_name', 'registered_name', 'country', 'upstream_ids', 'created_at', 'updated_at']
			expect(pick(row, fields)).toEqual(pick(operator, fields))
			const licence = await licenceFromApi(String(row.provenance_license_id))
			expect(pick(row, ['source_url', 'status_source_url', 'status_observed_at', 'last_verified_at'])).toEqual(
				pick(licence, ['source_url', 'status_source_url', 'status_observed_at', 'last_verified_at'])
			)
		}
	})

	test('domains: link fields as the operator detail answers them, licence fields as the licence lookup does', async () => {
		for (const row of await exported('domains')) {
			const detail = (await (await get(`/v1/operators/${row.operator_slug}`)).json()) as { domains: Record<string, unknown>[] }
			const domain = detail.domains.find((entry) => entry.hostname === row.hostname)
			const linkFields = ['association', 'verification_url', 'verification_page_status', 'verification_page_read_at', 'last_listed_at']
			expect({ ...pick(row, linkFields), status: row.link_status }).toEqual({ ...pick(domain ?? {}, linkFields), status: domain?.status })
			const licence = await licenceFromApi(String(row.license_id))
			expect([row.license_number, row.license_status, row.status_source_url, row.status_observed_at, row.last_verified_at]).toEqual([
				licence.license_number,
				licence.status,
				licence.status_source_url,
				licence.status_observed_at,
				licence.last_verified_at
			])
		}
	})

	test('a history event withdrawn after an export is no longer the status event of the next export', async () => {
		const before = (await exported('licences')).find((row) => row.license_number === '000-039217-R-319300-001')
		expect(before).toMatchObject({ status_changed_at: '2026-06-01T00:00:00.000Z', snapshot_sha256: 'b'.repeat(64) })
		await withdrawHistoryEvent(env.db.sql, clock, withdrawnEventId, 'matched the wrong licence')
		const after = (await exported('licences')).find((row) => row.license_number === '000-039217-R-319300-001')
		expect(after).toMatchObject({ status_changed_at: '2026-02-01T00:00:00.000Z', snapshot_sha256: 'a'.repeat(64) })
	})
})
