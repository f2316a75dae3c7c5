import type { Sql } from '@lv/db'

/** The bytes of a cached export file, its chunks concatenated in order. */
export async function storedFileBytes(sql: Sql, fileId: string): Promise<Buffer> {
	const rows = await sql<{ data: Buffer }[]>`SELECT data FROM export_chunks WHERE file_id = ${fileId} ORDER BY seq`
	return Buffer.concat(rows.map((row) => row.data))
}

export const storedFileText = async (sql: Sql, fileId: string) => (await storedFileBytes(sql, fileId)).toString('utf8')
