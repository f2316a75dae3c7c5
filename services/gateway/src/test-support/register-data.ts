import type { Sql } from '@lv/db'

/** Small factories for register rows (the reader fills these in production). Each returns the row's id. */

export async function insertOperator(
	sql: Sql,
	input: { slug: string; display_name?: string; registered_name?: string; at?: Date }
): Promise<string> {
	const id = crypto.randomUUID()
	const at = input.at ?? new Date('2026-10-01T00:00:00.000Z')
	await sql`
		INSERT INTO operators (id, slug, display_name, registered_name, country, upstream_ids, created_at, updated_at)
		VALUES (${id}, ${input.slug}, ${input.display_name ?? input.slug}, ${input.registered_name ?? `${input.display_name ?? input.slug} Ltd`}, 'GB',
			${sql.json({ UKGC: '1234' })}, ${at}, ${at})`
	return id
}

export type LicenceInput = {
	id?: string
	operatorId: string
	jurisdiction: string
	number?: string
	status?: string
	verifiedAt?: Date
	statusSourceUrl?: string | null
	coversWebsites?: boolean
	issued?: string | null
}

export async function insertLicence(sql: Sql, input: LicenceInput): Promise<string> {
	const id = input.id ?? crypto.randomUUID()
	const number = input.number ?? `${input.jurisdiction}-${id.slice(0, 8)}`
	const at = input.verifiedAt ?? new Date('2026-11-04T06:00:00.000Z')
	await sql`
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, status, upstream_status,
			license_types, license_type_raw, license_category, issued_date, covers_websites, last_verified_at, last_listed_at, source_url,
			status_source_url, status_observed_at, raw_data, first_observed_at, created_at, updated_at)
		VALUES (${id}, ${input.operatorId}, ${input.jurisdiction}, ${id}, ${number}, ${number.toLowerCase()}, ${input.status ?? 'active'}, 'Active',
			${['Remote']}, 'Remote', 'remote', ${input.issued === undefined ? '2020-01-15' : input.issued}, ${input.coversWebsites ?? true}, ${at}, ${at},
			${`https://register.example/${input.jurisdiction}`}, ${input.statusSourceUrl === undefined ? null : input.statusSourceUrl},
			${input.statusSourceUrl ? at : null}, ${sql.json({ row: 1 })}, ${at}, ${at}, ${at})`
	return id
}

export async function insertHistory(
	sql: Sql,
	input: { licenceId: string; changedAt: string; previous: string | null; next: string; changeType?: string; correctedAt?: string }
): Promise<string> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url, detected_by, corrected_at)
		VALUES (${id}, ${input.licenceId}, ${input.changedAt}, ${input.previous}, ${input.next},
			${input.changeType ?? (input.previous === null ? 'created' : 'status_change')}, 'https://register.example/x', 'reader',
			${input.correctedAt ?? null})`
	return id
}

export async function insertDomain(
	sql: Sql,
	input: { operatorId: string; licenceId: string | null; jurisdiction: string; hostname: string; verificationUrl?: string }
): Promise<void> {
	const at = new Date('2026-11-04T06:00:00.000Z')
	await sql`
		INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status, association,
			verification_url, first_seen_at, last_listed_at, updated_at)
		VALUES (${crypto.randomUUID()}, ${input.operatorId}, ${input.licenceId}, ${input.jurisdiction}, ${input.hostname}, ${input.hostname},
			'active', 'direct', ${input.verificationUrl ?? null}, ${at}, ${at}, ${at})`
}

export async function insertRegulatoryAction(
	sql: Sql,
	input: { operatorId: string; jurisdiction: string; type: string; amount: number | null; date: string | null }
): Promise<string> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO regulatory_actions (id, jurisdiction_code, upstream_key, operator_id, entity_name, action_type, amount_minor_units, currency,
			decision_date, summary, source_url, first_seen_at)
		VALUES (${id}, ${input.jurisdiction}, ${id}, ${input.operatorId}, 'Entity Ltd', ${input.type}, ${input.amount}, 'GBP', ${input.date},
			'A summary.', 'https://register.example/enforcement', ${new Date('2026-11-01T00:00:00.000Z')})`
	return id
}
