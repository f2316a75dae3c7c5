import { type Column, col } from './columns.ts'

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
	col('status_observed_at', 'timestamp', 'latest read of status_source_url that still said this status; empty when status_source_url is'),
	col('status_changed_at', 'timestamp', 'when the latest standing history event recording this status happened'),
	col('snapshot_sha256', 'text', 'SHA-256 of the filed payload that event was read from'),
	col('snapshot_fetched_at', 'timestamp', 'when that payload was fetched'),
	col('confidence_hint', 'text', 'authoritative (UKGC export) or scraped')
]
