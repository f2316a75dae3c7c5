import { type Column, col } from './columns.ts'

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
