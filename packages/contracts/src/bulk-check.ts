import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

/**
 * Check batches `batch` to `batch + batches - 1` (0-based, up to 100 entries each; one batch when
 * `batches` is absent) of bulk check job `job_id`; the entries are in PostgreSQL.
 */
export const BulkCheckBatch = Type.Object({
	...InternalHeader,
	job_id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
	batch: Type.Integer({ minimum: 0, maximum: 10_000 }),
	batches: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
})
export type BulkCheckBatch = Static<typeof BulkCheckBatch>
