import type { Sql } from '@lv/db'
import { registrableDomain } from '@lv/hostnames'
import { type LicenceStatus, licenseNumberKey } from '@lv/verdict'

/**
 * Test rows written the way a reader run writes them (every NOT NULL column filled, keys derived
 * the same way), so checker tests run on the real schema rather than on hand-made index rows.
 */
export type OperatorFixture = { id: string; slug: string; display_name: string }
export type LicenceFixture = { id: string; operator_id: string; jurisdiction_code: string; license_number: string }

export type LicenceFields = {
	jurisdiction?: string
	license_number: string
	status?: LicenceStatus
	status_qualifier?: 'provisional_under_assessment' | null
	upstream_status?: string | null
	license_reference_is_ours?: boolean
	covers_websites?: boolean
	license_types?: string[]
	expiry_date?: string | null
	not_listed_since?: Date | null
	status_source_url?: string | null
	first_observed_at?: Date
}

export type LinkFields = {
	link_status?: 'active' | 'parked' | 'expired' | 'redirecting' | 'delisted'
	association?: 'direct' | 'white_label' | null
	verification_url?: string | null
	verification_page_status?: string | null
	verification_page_read_at?: Date | null
}

export type HistoryFields = {
	changed_at: Date
	previous_status: LicenceStatus | null
	new_status: LicenceStatus
	change_type?: 'created' | 'status_change' | 'renewed' | 'revoked' | 'data_update'
	corrected_at?: Date | null
	correction_note?: string | null
}

const SOURCE = (code: string) => `https://registers.example/${code.toLowerCase()}/register`

/** A licence row of `owner` as the reader leaves it after a read at `readAt`; every field has a listed, active default. */
async function insertLicence(sql: Sql, readAt: Date, owner: OperatorFixture, fields: LicenceFields): Promise<LicenceFixture> {
	const id = crypto.randomUUID()
	const code = fields.jurisdiction ?? 'UKGC'
	const status = fields.status ?? 'active'
	const notListed = status === 'not_in_register' ? (fields.not_listed_since ?? readAt) : (fields.not_listed_since ?? null)
	const upstream = fields.upstream_status === undefined ? (status === 'not_in_register' ? null : 'Active') : fields.upstream_status
	const statusSource = fields.status_source_url === undefined ? SOURCE(code) : fields.status_source_url
	await sql`
			INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key,
				license_reference_is_ours, status, status_qualifier, upstream_status, license_types, license_type_raw,
				license_category, issued_date, expiry_date, covers_websites, not_listed_since, missed_reads, last_verified_at,
				last_listed_at, source_url, status_source_url, status_observed_at, raw_data, first_observed_at, created_at, updated_at)
			VALUES (${id}, ${owner.id}, ${code}, ${fields.license_number}, ${fields.license_number}, ${licenseNumberKey(fields.license_number)},
				${fields.license_reference_is_ours ?? ['KH', 'TGC', 'IOM'].includes(code)}, ${status}, ${fields.status_qualifier ?? null},
				${upstream}, ${fields.license_types ?? ['Remote']}, ${(fields.license_types ?? ['Remote']).join(', ')}, 'remote', NULL,
				${fields.expiry_date ?? null}, ${fields.covers_websites ?? true}, ${notListed}, 0, ${readAt},
				${notListed === null ? readAt : notListed}, ${SOURCE(code)}, ${statusSource}, ${statusSource === null ? null : readAt},
				'{}'::jsonb, ${fields.first_observed_at ?? new Date('2026-01-01T00:00:00Z')}, ${readAt}, ${readAt})`
	return { id, operator_id: owner.id, jurisdiction_code: code, license_number: fields.license_number }
}

export function registerFactory(sql: Sql, readAt: Date) {
	return {
		async operator(slug: string, display_name: string, registered_name = `${display_name} Limited`): Promise<OperatorFixture> {
			const id = crypto.randomUUID()
			await sql`
				INSERT INTO operators (id, slug, display_name, registered_name, country, upstream_ids, created_at, updated_at)
				VALUES (${id}, ${slug}, ${display_name}, ${registered_name}, NULL, '{}'::jsonb, ${readAt}, ${readAt})`
			return { id, slug, display_name }
		},

		licence: (owner: OperatorFixture, fields: LicenceFields) => insertLicence(sql, readAt, owner, fields),

		async link(owner: OperatorFixture, hostname: string, held: LicenceFixture | null, fields: LinkFields & { jurisdiction?: string } = {}) {
			const status = fields.link_status ?? 'active'
			await sql`
				INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
					association, upstream_value, verification_url, verification_page_status, verification_page_read_at,
					first_seen_at, last_listed_at, updated_at)
				VALUES (${crypto.randomUUID()}, ${owner.id}, ${held?.id ?? null}, ${held?.jurisdiction_code ?? fields.jurisdiction ?? 'UKGC'},
					${hostname}, ${registrableDomain(hostname) ?? hostname}, ${status},
					${fields.association === undefined ? 'direct' : fields.association}, ${hostname},
					${fields.verification_url ?? null}, ${fields.verification_page_status ?? null}, ${fields.verification_page_read_at ?? null},
					${readAt}, ${status === 'active' ? readAt : null}, ${readAt})`
		},

		/** An `Active` trading name; with `notListedSince`, one the register's reads stopped printing then. */
		async tradingName(owner: OperatorFixture, jurisdiction: string, name: string, notListedSince: Date | null = null) {
			await sql`
				INSERT INTO trading_names (id, operator_id, jurisdiction_code, name, status, first_seen_at, last_seen_at, not_listed_since)
				VALUES (${crypto.randomUUID()}, ${owner.id}, ${jurisdiction}, ${name}, 'Active', ${readAt}, ${readAt}, ${notListedSince})`
		},

		async previousNumber(held: LicenceFixture, licenseNumber: string, supersededAt: Date) {
			await sql`
				INSERT INTO license_number_versions (license_id, license_number, license_number_key, first_seen_at, superseded_at)
				VALUES (${held.id}, ${licenseNumber}, ${licenseNumberKey(licenseNumber)}, ${new Date('2025-01-01T00:00:00Z')}, ${supersededAt})`
		},

		async history(held: LicenceFixture, fields: HistoryFields): Promise<string> {
			const id = crypto.randomUUID()
			await sql`
				INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url,
					detected_by, note, corrected_at, correction_note)
				VALUES (${id}, ${held.id}, ${fields.changed_at}, ${fields.previous_status}, ${fields.new_status},
					${fields.change_type ?? (fields.previous_status === null ? 'created' : 'status_change')}, ${SOURCE(held.jurisdiction_code)},
					'reader', NULL, ${fields.corrected_at ?? null}, ${fields.correction_note ?? null})`
			return id
		},

		/** What the end of a successful reader run does to register_status. */
		async finishRun(code: string, at: Date = readAt, changed = true): Promise<bigint> {
			const [row] = await sql<{ data_version: bigint }[]>`
				UPDATE register_status SET last_successful_read_at = ${at}, last_attempt_at = ${at},
					data_version = data_version + ${changed ? 1 : 0}
				WHERE jurisdiction_code = ${code} RETURNING data_version`
			return BigInt(row?.data_version ?? 0n)
		},

		/** Marks every register read at `at`, as after one full round of reader runs. */
		async finishAllRuns(at: Date = readAt) {
			await sql`UPDATE register_status SET last_successful_read_at = ${at}, last_attempt_at = ${at}, data_version = data_version + 1`
		}
	}
}

export type RegisterFactory = ReturnType<typeof registerFactory>

/** One operator, its UKGC licence and `acmebet.co.uk` linked to it, every register read at `readAt`. */
export async function seedOneListedDomain(sql: Sql, readAt: Date): Promise<LicenceFixture> {
	const make = registerFactory(sql, readAt)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const licence = await make.licence(acme, { license_number: '000-012345-R-123456-002' })
	await make.link(acme, 'acmebet.co.uk', licence)
	await make.finishAllRuns()
	return licence
}
