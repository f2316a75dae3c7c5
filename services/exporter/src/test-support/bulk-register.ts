import type { Sql } from '@lv/db'

export type BulkScale = { operators: number; licences: number; domains: number }

const CODES = ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']
const STATUSES = [
	'active',
	'active',
	'active',
	'active',
	'expired',
	'revoked',
	'surrendered',
	'not_in_register',
	'suspended',
	'unknown',
	'pending'
]

/**
 * Fills the register tables at scale in a few set-based statements (for the export bench and the
 * end-to-end test): operators, licences spread over every jurisdiction and status with full
 * provenance, one standing history event with a snapshot SHA-256 per licence, and domain links.
 * Text carries commas, quotes and non-ASCII so the CSV quoting path is exercised on every row.
 */
export async function bulkRegister(sql: Sql, scale: BulkScale, readAt: Date): Promise<void> {
	await sql`
		INSERT INTO operators (id, slug, display_name, registered_name, country, upstream_ids, created_at, updated_at)
		SELECT gen_random_uuid(), 'bulk-operator-' || g, 'Bulk Operator ' || g || ', "Gaming" Group', 'Bulk Opérateur ' || g || ' Limited',
			'GB', jsonb_build_object('UKGC', g::text, 'MGA', 'C' || g), ${readAt}, ${readAt}
		FROM generate_series(1, ${scale.operators}) g`
	await sql`
		WITH owners AS (SELECT id, row_number() OVER (ORDER BY slug) - 1 AS n FROM operators WHERE slug LIKE 'bulk-operator-%')
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, license_reference_is_ours,
			status, upstream_status, license_types, license_type_raw, license_category, issued_date, expiry_date, not_listed_since,
			last_verified_at, last_listed_at, source_url, status_source_url, status_observed_at, raw_data, first_observed_at, created_at, updated_at)
		SELECT gen_random_uuid(), o.id, j.code, 'bulk-' || g, j.code || '-' || lpad(g::text, 7, '0'), lower(j.code) || lpad(g::text, 7, '0'),
			j.code IN ('KH', 'TGC', 'IOM'), s.status, CASE WHEN s.status = 'not_in_register' THEN NULL ELSE initcap(s.status) END,
			ARRAY['Remote', 'Ancillary Remote'], 'Remote, Ancillary Remote', 'remote', DATE '2020-01-01' + (g % 1500),
			DATE '2027-01-01' + (g % 700), CASE WHEN s.status = 'not_in_register' THEN ${readAt}::timestamptz END,
			${readAt}, ${readAt}, 'https://registers.example/' || lower(j.code) || '/register',
			'https://registers.example/' || lower(j.code) || '/register', ${readAt}, '{}'::jsonb, ${readAt}, ${readAt}, ${readAt}
		FROM generate_series(1, ${scale.licences}) g
		JOIN owners o ON o.n = g % ${scale.operators}
		CROSS JOIN LATERAL (SELECT (${CODES}::text[])[1 + g % ${CODES.length}] AS code) j
		CROSS JOIN LATERAL (SELECT (${STATUSES}::text[])[1 + (g / 7) % ${STATUSES.length}] AS status) s`
	await sql`
		INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url, detected_by,
			snapshot_sha256, snapshot_fetched_at)
		SELECT gen_random_uuid(), l.id, ${readAt}::timestamptz - interval '30 days', NULL, l.status, 'created', l.source_url, 'reader',
			encode(sha256(convert_to(l.jurisdiction_code, 'UTF8')), 'hex'), ${readAt}::timestamptz - interval '30 days'
		FROM licenses l WHERE l.upstream_key LIKE 'bulk-%'`
	await sql`
		WITH held AS (SELECT id, operator_id, jurisdiction_code, row_number() OVER (ORDER BY upstream_key) - 1 AS n FROM licenses WHERE upstream_key LIKE 'bulk-%')
		INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status, association,
			upstream_value, verification_url, verification_page_status, verification_page_read_at, first_seen_at, last_listed_at, updated_at)
		SELECT gen_random_uuid(), h.operator_id, h.id, h.jurisdiction_code, 'www.bulk-site-' || g || '.example', 'bulk-site-' || g || '.example',
			CASE WHEN g % 9 = 0 THEN 'delisted' ELSE 'active' END, 'direct', 'bulk-site-' || g || '.example',
			CASE WHEN h.jurisdiction_code IN ('CW', 'TGC') THEN 'https://verify.example/' || g END,
			CASE WHEN h.jurisdiction_code IN ('CW', 'TGC') THEN 'Valid, "in force"' END,
			CASE WHEN h.jurisdiction_code IN ('CW', 'TGC') THEN ${readAt}::timestamptz END,
			${readAt}, CASE WHEN g % 9 = 0 THEN NULL ELSE ${readAt}::timestamptz END, ${readAt}
		FROM generate_series(1, ${scale.domains}) g
		JOIN held h ON h.n = g % ${scale.licences}`
	await sql`UPDATE register_status SET last_successful_read_at = ${readAt}, last_attempt_at = ${readAt}, data_version = data_version + 1`
	await sql`ANALYZE`
}
