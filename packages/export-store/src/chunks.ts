import type { Sql } from '@lv/db'

/**
 * The exporter's built files as others read them (tables export_files and export_chunks belong to
 * the exporter). Piece `seq` of a file, or undefined once a prune has removed it.
 */
export async function readExportChunk(sql: Sql, fileId: string, seq: number): Promise<Uint8Array | undefined> {
	const [row] = await sql<{ data: Uint8Array }[]>`SELECT data FROM export_chunks WHERE file_id = ${fileId} AND seq = ${seq}`
	return row?.data
}
