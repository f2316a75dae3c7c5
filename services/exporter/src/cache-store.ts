import type { ExportDataset, ExportFileReply, ExportFormat } from '@lv/contracts'
import type { Queryable } from './queryable.ts'

/** A finished file in table export_files (migration 0050). */
export type ExportFileRow = {
	id: string
	slice_key: string
	dataset: ExportDataset
	format: ExportFormat
	jurisdiction_code: string | null
	status: string | null
	version_key: string
	data_version: string
	row_count: number
	size_bytes: string
	chunk_count: number
	sha256: string
	content_type: string
	filename: string
	built_at: Date
	build_ms: number
}

export async function findFile(sql: Queryable, sliceKey: string, versionKey: string): Promise<ExportFileRow | undefined> {
	const [row] = await sql<ExportFileRow[]>`
		SELECT id, slice_key, dataset, format, jurisdiction_code, status, version_key, data_version::text AS data_version, row_count,
			size_bytes::text AS size_bytes, chunk_count, sha256, content_type, filename, built_at, build_ms
		FROM export_files WHERE slice_key = ${sliceKey} AND version_key = ${versionKey}`
	return row
}

/** Marks a file as still wanted, which keeps it from the idle prune. */
export async function touchFile(sql: Queryable, fileId: string, at: Date): Promise<void> {
	await sql`UPDATE export_files SET last_requested_at = ${at} WHERE id = ${fileId} AND last_requested_at < ${at}`
}

export async function insertChunk(sql: Queryable, fileId: string, seq: number, data: Uint8Array): Promise<void> {
	await sql`INSERT INTO export_chunks (file_id, seq, data) VALUES (${fileId}, ${seq}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)})`
}

export async function insertFile(
	sql: Queryable,
	file: Omit<ExportFileRow, 'data_version' | 'size_bytes'> & { data_version: number; size_bytes: number }
): Promise<void> {
	await sql`
		INSERT INTO export_files (id, slice_key, dataset, format, jurisdiction_code, status, version_key, data_version, row_count,
			size_bytes, chunk_count, sha256, content_type, filename, built_at, build_ms, last_requested_at)
		VALUES (${file.id}, ${file.slice_key}, ${file.dataset}, ${file.format}, ${file.jurisdiction_code}, ${file.status}, ${file.version_key},
			${file.data_version}, ${file.row_count}, ${file.size_bytes}, ${file.chunk_count}, ${file.sha256}, ${file.content_type},
			${file.filename}, ${file.built_at}, ${file.build_ms}, ${file.built_at})`
}

export type PrunePolicy = { nowMs: number; supersededRetainMs: number; idleRetainMs: number }

/**
 * Drops files (and their chunks) superseded by a newer build of the same slice for longer than
 * `supersededRetainMs` (so a download that started on the old file can finish), and files nobody
 * has asked for in `idleRetainMs`. Returns how many files went.
 */
export async function pruneFiles(sql: Queryable, policy: PrunePolicy): Promise<number> {
	const supersededBefore = new Date(policy.nowMs - policy.supersededRetainMs)
	const idleBefore = new Date(policy.nowMs - policy.idleRetainMs)
	const rows = await sql`
		DELETE FROM export_files f
		WHERE f.last_requested_at < ${idleBefore}
			OR EXISTS (SELECT 1 FROM export_files n WHERE n.slice_key = f.slice_key AND n.built_at > f.built_at AND n.built_at < ${supersededBefore})
		RETURNING f.id`
	return rows.length
}

export const toReply = (row: ExportFileRow): ExportFileReply => ({
	file_id: row.id,
	dataset: row.dataset,
	format: row.format,
	jurisdiction: row.jurisdiction_code,
	status: row.status,
	data_version: Number(row.data_version),
	version_key: row.version_key,
	row_count: row.row_count,
	size_bytes: Number(row.size_bytes),
	chunk_count: row.chunk_count,
	sha256: row.sha256,
	content_type: row.content_type,
	filename: row.filename,
	built_at: row.built_at.toISOString()
})
