import type { Sql, TransactionSql } from '@lv/db'

/**
 * The register rows the exporter writes into its files, each dataset in a fixed order so equal data
 * gives equal files. Run inside the build's REPEATABLE READ transaction. A licence's
 * status_observed_at is null when its status_source_url is, as the lookups answer it (SPEC Licence),
 * though every read stamps each licence it touched.
 */

/** Which rows an export holds: optional jurisdiction and status slices (link status for domains). */
export type ExportFilter = { jurisdiction: string | null; status: string | null }

/** A row as the dataset query returns it: timestamps as Date, dates already `YYYY-MM-DD` text. */
export type ExportRow = Record<string, unknown>

/** Every licence of the slice, ordered by jurisdiction (the API's order), number and id so equal data gives equal files. */
export const licenceExportRows = (tx: TransactionSql, slice: ExportFilter) => tx<ExportRow[]>`
	SELECT l.id, l.license_number, l.license_reference_is_ours, l.jurisdiction_code, l.operator_id,
		o.slug AS operator_slug, o.display_name AS operator_name, l.status, l.status_qualifier, l.upstream_status,
		l.license_types, l.license_type_raw, l.license_category, l.issued_date::text AS issued_date,
		l.expiry_date::text AS expiry_date, l.not_listed_since, l.last_listed_at, l.last_verified_at, l.source_url,
		l.status_source_url, CASE WHEN l.status_source_url IS NOT NULL THEN l.status_observed_at END AS status_observed_at, h.changed_at AS status_changed_at, h.snapshot_sha256,
		h.snapshot_fetched_at, j.confidence_hint
	FROM licenses l
	JOIN operators o ON o.id = l.operator_id
	JOIN jurisdictions j ON j.code = l.jurisdiction_code
	LEFT JOIN LATERAL (
		SELECT changed_at, snapshot_sha256, snapshot_fetched_at FROM license_history
		WHERE license_id = l.id AND corrected_at IS NULL AND new_status = l.status
		ORDER BY changed_at DESC LIMIT 1
	) h ON true
	WHERE (${slice.jurisdiction}::text IS NULL OR l.jurisdiction_code = ${slice.jurisdiction})
		AND (${slice.status}::text IS NULL OR l.status = ${slice.status})
	ORDER BY j.position, l.jurisdiction_code, l.license_number COLLATE "C", l.id`

/**
 * One row per operator. Unsliced, every operator (an operator without licences has empty counts and
 * provenance); with a jurisdiction or status slice, the operators holding at least one licence in it.
 */
export const operatorExportRows = (tx: TransactionSql, slice: ExportFilter) => {
	const sliced = slice.jurisdiction !== null || slice.status !== null
	return tx<ExportRow[]>`
		WITH in_slice AS (
			SELECT id, operator_id, jurisdiction_code, status, source_url, status_source_url, CASE WHEN status_source_url IS NOT NULL THEN status_observed_at END AS status_observed_at, last_verified_at
			FROM licenses
			WHERE (${slice.jurisdiction}::text IS NULL OR jurisdiction_code = ${slice.jurisdiction})
				AND (${slice.status}::text IS NULL OR status = ${slice.status})
		),
		counts AS (
			SELECT operator_id,
				array_agg(DISTINCT jurisdiction_code ORDER BY jurisdiction_code) AS jurisdictions,
				count(*)::int AS license_count,
				(count(*) FILTER (WHERE status = 'active'))::int AS active_license_count,
				array_agg(DISTINCT status ORDER BY status) AS license_statuses
			FROM in_slice GROUP BY operator_id
		),
		provenance AS (
			SELECT DISTINCT ON (operator_id) operator_id, id, source_url, status_source_url, status_observed_at, last_verified_at
			FROM in_slice ORDER BY operator_id, last_verified_at DESC, id
		)
		SELECT o.id, o.slug, o.display_name, o.registered_name, o.country, o.upstream_ids,
			c.jurisdictions, coalesce(c.license_count, 0) AS license_count, coalesce(c.active_license_count, 0) AS active_license_count,
			c.license_statuses, o.created_at, o.updated_at, p.id AS provenance_license_id, p.source_url, p.status_source_url,
			p.status_observed_at, p.last_verified_at
		FROM operators o
		LEFT JOIN counts c ON c.operator_id = o.id
		LEFT JOIN provenance p ON p.operator_id = o.id
		WHERE ${!sliced} OR c.operator_id IS NOT NULL
		ORDER BY o.slug COLLATE "C", o.id`
}

/** Every domain link of the slice (status = link status), ordered by hostname, jurisdiction, operator, id. */
export const domainExportRows = (tx: TransactionSql, slice: ExportFilter) => tx<ExportRow[]>`
	WITH registers AS (
		SELECT DISTINCT ON (jurisdiction_code) jurisdiction_code, source_url
		FROM register_reads
		WHERE publication = 'register' AND outcome IN ('succeeded', 'not_modified')
		ORDER BY jurisdiction_code, started_at DESC
	)
	SELECT d.id, d.hostname, d.registrable_domain, d.link_status, d.association, d.jurisdiction_code, d.operator_id,
		o.slug AS operator_slug, d.license_id, l.license_number, l.status AS license_status, d.verification_url,
		d.verification_page_status, d.verification_page_read_at, d.first_seen_at, d.last_listed_at,
		coalesce(l.source_url, r.source_url) AS source_url, l.status_source_url, CASE WHEN l.status_source_url IS NOT NULL THEN l.status_observed_at END AS status_observed_at, l.last_verified_at,
		j.confidence_hint
	FROM domain_links d
	JOIN operators o ON o.id = d.operator_id
	JOIN jurisdictions j ON j.code = d.jurisdiction_code
	LEFT JOIN licenses l ON l.id = d.license_id
	LEFT JOIN registers r ON r.jurisdiction_code = d.jurisdiction_code
	WHERE (${slice.jurisdiction}::text IS NULL OR d.jurisdiction_code = ${slice.jurisdiction})
		AND (${slice.status}::text IS NULL OR d.link_status = ${slice.status})
	ORDER BY d.hostname COLLATE "C", j.position, o.slug COLLATE "C", d.id`

export type RegisterStateRow = { data_version: string; state: string; links_changed_at: string | null }

/**
 * Every register's data_version summed, each register's code, data_version and last successful read
 * in one string, and (`withLinks`) the latest change to any domain link or its verification reading.
 */
export async function registerStateRow(tx: Sql | TransactionSql, withLinks: boolean): Promise<RegisterStateRow | undefined> {
	const [row] = await tx<RegisterStateRow[]>`
		SELECT coalesce(sum(data_version), 0)::text AS data_version,
			coalesce(string_agg(jurisdiction_code || ':' || data_version || ':' ||
				coalesce((extract(epoch FROM last_successful_read_at) * 1000)::bigint::text, '-'), ',' ORDER BY jurisdiction_code), '') AS state,
			CASE WHEN ${withLinks}
				THEN (SELECT (extract(epoch FROM max(greatest(updated_at, verification_page_read_at))) * 1000)::bigint::text FROM domain_links)
			END AS links_changed_at
		FROM register_status`
	return row
}
