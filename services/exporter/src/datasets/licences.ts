import type { TransactionSql } from '@lv/db'
import { type Column, type Row, col } from './columns.ts'
import type { Slice } from './slice.ts'

export const LICENCE_COLUMNS: readonly Column[] = [
	col('id', 'text', 'licence id (uuid)'),
	col('license_number', 'text', "as the register prints it, or the service's reference for KH/TGC/IOM"),
	col('license_reference_is_ours', 'boolean', 'true when license_number is the service reference, not a regulator number'),
	col('jurisdiction_code', 'text', 'UKGC, MGA, CW, KH, AN, TGC or IOM'),
	col('operator_id', 'text', 'operator id (uuid)'),
	col('operator_slug', 'text', 'operator slug'),
	col('operator_name', 'text', "operator's display name"),
	col('status', 'text', 'licence status'),
	col('status_qualifier', 'text', 'provisional_under_assessment or empty'),
	col('upstream_status', 'text', "the regulator's status words verbatim"),
	col('license_types', 'text_list', "regulator's licence types (CSV: joined with |)"),
	col('license_type_raw', 'text', "the regulator's raw type text"),
	col('license_category', 'text', 'harmonised category'),
	col('issued_date', 'date', 'YYYY-MM-DD'),
	col('expiry_date', 'date', 'YYYY-MM-DD'),
	col('not_listed_since', 'timestamp', 'first read that missed the licence; empty while listed'),
	col('last_listed_at', 'timestamp', 'last time the licence was seen listed'),
	col('last_verified_at', 'timestamp', 'last reconciliation against the register'),
	col('source_url', 'text', 'the register the licence is listed in'),
	col('status_source_url', 'text', 'the publication that published this status'),
	col('status_observed_at', 'timestamp', 'latest read of status_source_url that still said this status'),
	col('status_changed_at', 'timestamp', 'when the latest standing history event recording this status happened'),
	col('snapshot_sha256', 'text', 'SHA-256 of the filed payload that event was read from'),
	col('snapshot_fetched_at', 'timestamp', 'when that payload was fetched'),
	col('confidence_hint', 'text', 'authoritative (UKGC export) or scraped')
]

/** Every licence of the slice, ordered by jurisdiction (the API's order), number and id so equal data gives equal files. */
export const licenceRows = (tx: TransactionSql, slice: Slice) => tx<Row[]>`
	SELECT l.id, l.license_number, l.license_reference_is_ours, l.jurisdiction_code, l.operator_id,
		o.slug AS operator_slug, o.display_name AS operator_name, l.status, l.status_qualifier, l.upstream_status,
		l.license_types, l.license_type_raw, l.license_category, l.issued_date::text AS issued_date,
		l.expiry_date::text AS expiry_date, l.not_listed_since, l.last_listed_at, l.last_verified_at, l.source_url,
		l.status_source_url, l.status_observed_at, h.changed_at AS status_changed_at, h.snapshot_sha256,
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
