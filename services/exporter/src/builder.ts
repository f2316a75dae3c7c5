import type { Clock } from '@lv/clock'
import type { ExportBuildRequest, ExportFileReply, ExportFormat } from '@lv/contracts'
import type { Sql, TransactionSql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type ExportFileRow, findFile, insertChunk, insertFile, toReply, touchFile } from './cache-store.ts'
import { ChunkedWriter } from './chunked-writer.ts'
import { DATASETS } from './datasets/index.ts'
import { type Slice, sliceKey } from './datasets/slice.ts'
import { csvHeader, csvLine, ndjsonLine } from './encode/row-format.ts'
import { CONTENT_TYPES, exportFilename } from './file-naming.ts'
import { Limiter } from './limiter.ts'
import type { ExporterMetrics } from './metrics.ts'
import { readRegisterState } from './register-state.ts'

export type BuilderOptions = {
	sql: Sql
	/** DATABASE_READ_URL's pool: the register state and rows a build reads; the primary's when unset. */
	readSql?: Sql
	clock: Clock
	logger: Logger
	/** Bytes per stored chunk (and the most file data held in memory at once). */
	chunkBytes: number
	/** Rows fetched per cursor round trip. */
	batchRows: number
	/** Builds running at once in this process; each holds two connections. */
	maxConcurrentBuilds: number
	metrics?: ExporterMetrics
}

export type ExportRequest = Pick<ExportBuildRequest, 'dataset' | 'format' | 'jurisdiction' | 'status'>

/** Advisory-lock namespace of export builds (any constant distinct from the migration lock). */
export const BUILD_LOCK_PREFIX = 'lv-export-build:'

/**
 * The export cache: answers with the file of a slice at the current register state, building it
 * when it is not there yet. A build reads one REPEATABLE READ snapshot (the state key and the rows
 * come from the same instant) and writes the file in one transaction under an advisory lock on the
 * slice, so replicas asked for the same file at once build it once and a crash leaves nothing half-written.
 */
export function createBuilder(options: BuilderOptions) {
	const { sql, clock, logger } = options
	const readSql = options.readSql ?? sql
	const limiter = new Limiter(options.maxConcurrentBuilds)

	async function fileFor(request: ExportRequest): Promise<ExportFileReply> {
		const slice: Slice = { dataset: request.dataset, jurisdiction: request.jurisdiction, status: request.status }
		const key = sliceKey(slice, request.format)
		const state = await readRegisterState(readSql, slice.dataset)
		const cached = await findFile(sql, key, state.versionKey)
		if (cached) {
			await touchFile(sql, cached.id, clock.now())
			options.metrics?.fromCache(slice.dataset)
			return toReply(cached)
		}
		const startedAt = performance.now()
		const seconds = () => (performance.now() - startedAt) / 1000
		try {
			const built = await limiter.run(() => buildLocked(slice, request.format, key))
			options.metrics?.built(slice.dataset, request.format, 'succeeded', seconds())
			return toReply(built)
		} catch (error) {
			options.metrics?.built(slice.dataset, request.format, 'failed', seconds())
			throw error
		}
	}

	function buildLocked(slice: Slice, format: ExportFormat, key: string): Promise<ExportFileRow> {
		return sql.begin(async (write) => {
			await write`SELECT pg_advisory_xact_lock(hashtextextended(${BUILD_LOCK_PREFIX + key}, 0))`
			return readSql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (read) => {
				const state = await readRegisterState(read, slice.dataset)
				const existing = await findFile(write, key, state.versionKey)
				if (existing) return existing
				const startedMs = clock.nowMs()
				const fileId = crypto.randomUUID()
				const writer = new ChunkedWriter(options.chunkBytes, (seq, data) => insertChunk(write, fileId, seq, data))
				const rowCount = await writeRows(writer, read, slice, format, options.batchRows)
				const totals = await writer.finish()
				const builtAt = clock.now()
				const file = {
					id: fileId,
					slice_key: key,
					dataset: slice.dataset,
					format,
					jurisdiction_code: slice.jurisdiction,
					status: slice.status,
					version_key: state.versionKey,
					data_version: state.dataVersion,
					row_count: rowCount,
					size_bytes: totals.sizeBytes,
					chunk_count: totals.chunkCount,
					sha256: totals.sha256,
					content_type: CONTENT_TYPES[format],
					filename: exportFilename(slice, format, builtAt),
					built_at: builtAt,
					build_ms: Math.max(0, clock.nowMs() - startedMs)
				}
				await insertFile(write, file)
				logger.info('export built', {
					slice: key,
					version_key: state.versionKey,
					rows: rowCount,
					bytes: totals.sizeBytes,
					build_ms: file.build_ms
				})
				return { ...file, data_version: String(file.data_version), size_bytes: String(file.size_bytes) }
			})
		})
	}

	return { fileFor, limiter }
}

export type Builder = ReturnType<typeof createBuilder>

/** The slice's rows in `format` (CSV with its header row, or NDJSON), read in batches of `batchRows`; the row count. */
async function writeRows(
	writer: ChunkedWriter,
	read: TransactionSql,
	slice: Slice,
	format: ExportFormat,
	batchRows: number
): Promise<number> {
	const { columns, rows } = DATASETS[slice.dataset]
	const line = format === 'csv' ? csvLine : ndjsonLine
	if (format === 'csv') await writer.write(csvHeader(columns))
	let rowCount = 0
	for await (const batch of rows(read, slice).cursor(batchRows)) {
		let text = ''
		for (const row of batch) text += line(columns, row)
		rowCount += batch.length
		await writer.write(text)
	}
	return rowCount
}
