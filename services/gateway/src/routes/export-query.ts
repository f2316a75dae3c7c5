import {
	EXPORT_DATASETS,
	EXPORT_FORMATS,
	EXPORT_STATUS_VALUES,
	type ExportBuildRequest,
	type ExportDataset,
	type ExportFormat
} from '@lv/contracts'
import { type AppError, invalidInput, invalidQuery, notFound } from '@lv/errors'

/** The only query parameters exports take; anything else (as_of apart) is 400 invalid_input naming it. */
export const EXPORT_PARAMETERS = ['format', 'jurisdiction', 'status'] as const
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'csv'

export type ExportQuery = { format: ExportFormat; jurisdiction: string | null; status: ExportBuildRequest['status'] }

const JURISDICTION_SHAPE = /^[A-Za-z0-9]{2,16}$/

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value)

/** Path `dataset`, exactly as SPEC names it; anything else is 404 dataset_not_found. */
export function readDataset(value: string): ExportDataset {
	if (isOneOf(EXPORT_DATASETS, value)) return value
	throw notFound('dataset_not_found', 'Exportable datasets are licences, operators and domains.', 'dataset')
}

/**
 * Reads the raw query string strictly: `as_of` anywhere is 400 as_of_not_supported; an unknown or
 * repeated parameter, an empty value, a format other than csv/json, a jurisdiction that is not 2-16
 * letters or digits, or a status outside the dataset's vocabulary is 400 invalid_input with the field.
 * The jurisdiction comes back upper-cased (codes resolve in any letter case); whether the register
 * exists is checked against the database by the caller.
 */
export function readExportQuery(search: URLSearchParams, dataset: ExportDataset): ExportQuery {
	const names = [...search.keys()]
	if (names.includes('as_of'))
		throw invalidQuery('as_of_not_supported', 'Exports are whole current datasets; as_of is not supported.', 'as_of')
	const seen = new Set<string>()
	for (const name of names) {
		if (!isOneOf(EXPORT_PARAMETERS, name))
			throw invalidInput(name.slice(0, 64), `Exports take only ${EXPORT_PARAMETERS.join(', ')}; '${name.slice(0, 64)}' is not one of them.`)
		if (seen.has(name)) throw invalidInput(name, `The parameter '${name}' may be given once.`)
		seen.add(name)
	}
	const format = search.get('format') ?? DEFAULT_EXPORT_FORMAT
	if (!isOneOf(EXPORT_FORMATS, format)) throw invalidInput('format', "format is 'csv' or 'json' (NDJSON).")
	const jurisdiction = search.get('jurisdiction')
	if (jurisdiction !== null && !JURISDICTION_SHAPE.test(jurisdiction))
		throw invalidInput('jurisdiction', 'jurisdiction is a jurisdiction code such as UKGC.')
	const status = search.get('status')
	const statuses = EXPORT_STATUS_VALUES[dataset]
	if (status !== null && !statuses.includes(status))
		throw invalidInput('status', `status on the ${dataset} export is one of ${statuses.join(', ')}.`)
	// status is one of the dataset's values here, and every dataset's values are in the contract's union
	return { format, jurisdiction: jurisdiction === null ? null : jurisdiction.toUpperCase(), status: status as ExportBuildRequest['status'] }
}

export const unknownJurisdiction = (code: string): AppError =>
	invalidInput('jurisdiction', `${code.slice(0, 16)} is not a covered jurisdiction.`)
