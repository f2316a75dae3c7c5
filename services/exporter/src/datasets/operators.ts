import type { TransactionSql } from '@lv/db'
import { type Column, type Row, col } from './columns.ts'
import type { Slice } from './slice.ts'

export const OPERATOR_COLUMNS: readonly Column[] = [
	col('id', 'text', 'operator id (uuid)'),
	col('slug', 'text', 'lowercase slug'),
	col('display_name', 'text', 'display name'),
	col('registered_name', 'text', 'the name the register prints next to the entity'),
	col('country', 'text', 'country'),
	col('upstream_ids', 'object', "the operator's id in each register, keyed by jurisdiction code (CSV: JSON text)"),
	col('jurisdictions', 'text_list', 'jurisdictions where the operator holds a licence in the slice'),
	col('license_count', 'integer', 'licences in the slice'),
	col('active_license_count', 'integer', 'of those, licences with status active'),
	col('license_statuses', 'text_list', 'distinct statuses of those licences'),
	col('created_at', 'timestamp', 'operator record created'),
	col('updated_at', 'timestamp', 'operator record last changed'),
	col('provenance_license_id', 'text', 'the licence the provenance columns are taken from: the most recently verified in the slice'),
	col('source_url', 'text', 'that licence: the register it is listed in'),
	col('status_source_url', 'text', 'that licence: the publication that published its status'),
	col('status_observed_at', 'timestamp', 'that licence: latest read that still said its status'),
	col('last_verified_at', 'timestamp', 'that licence: last reconciliation against the register')
]

/**
 * One row per operator. Unsliced, every operator (an operator without licences has empty counts and
 * provenance); with a jurisdiction or status slice, the operators holding at least one licence in it.
 */
export const operatorRows = (tx: TransactionSql, slice: Slice) => {
	const sliced = slice.jurisdiction !== null || slice.status !== null
	return tx<Row[]>`
		WITH in_slice AS (
			SELECT id, operator_id, jurisdiction_code, status, source_url, status_source_url, status_observed_at, last_verified_at
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
