import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

/** The datasets of GET /v1/export/{dataset}; anything else is 404 dataset_not_found. */
export const EXPORT_DATASETS = ['licences', 'operators', 'domains'] as const
export type ExportDataset = (typeof EXPORT_DATASETS)[number]

/** `json` delivers NDJSON (one object per line). */
export const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const LICENCE_STATUSES = [
	'active',
	'suspended',
	'revoked',
	'expired',
	'pending',
	'surrendered',
	'not_in_register',
	'unknown'
] as const
export const LINK_STATUSES = ['active', 'parked', 'expired', 'redirecting', 'delisted'] as const

/** What `status=` slices per dataset: licence status for licences and operators, link status for domains. */
export const EXPORT_STATUS_VALUES: Record<ExportDataset, readonly string[]> = {
	licences: LICENCE_STATUSES,
	operators: LICENCE_STATUSES,
	domains: LINK_STATUSES
}

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** Gateway -> exporter on `subjects.exportBuild`: give me the file of this slice at the current data version. */
export const ExportBuildRequest = Type.Object({
	...InternalHeader,
	dataset: literals(EXPORT_DATASETS),
	format: literals(EXPORT_FORMATS),
	jurisdiction: Type.Union([Type.String({ pattern: '^[A-Z0-9]{2,16}$' }), Type.Null()]),
	status: Type.Union([literals([...new Set([...LICENCE_STATUSES, ...LINK_STATUSES])]), Type.Null()])
})
export type ExportBuildRequest = Static<typeof ExportBuildRequest>

/** The reply: a finished file held in the export cache, read chunk by chunk by `file_id`. */
export const ExportFileReply = Type.Object({
	file_id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
	dataset: literals(EXPORT_DATASETS),
	format: literals(EXPORT_FORMATS),
	jurisdiction: Type.Union([Type.String(), Type.Null()]),
	status: Type.Union([Type.String(), Type.Null()]),
	/** Sum of register_status.data_version over every jurisdiction when the file was built. */
	data_version: Type.Integer({ minimum: 0 }),
	/** Opaque identity of the register state the file was built from (the cache key's version part). */
	version_key: Type.String({ minLength: 1 }),
	row_count: Type.Integer({ minimum: 0 }),
	size_bytes: Type.Integer({ minimum: 0 }),
	chunk_count: Type.Integer({ minimum: 0 }),
	sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
	content_type: Type.String(),
	filename: Type.String(),
	built_at: Type.String({ format: 'date-time' })
})
export type ExportFileReply = Static<typeof ExportFileReply>
