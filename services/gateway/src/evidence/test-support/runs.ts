import type { Sql } from '@lv/db'
import { sha256Hex } from '@lv/evidence'

export type SeededRead = {
	publication: string
	url: string
	bytes: string
	outcome: 'succeeded' | 'not_modified' | 'failed'
	contentType?: string
}

/** One reader run of a jurisdiction with its reads and the snapshots they name, written as the reader writes them. */
export async function seedRun(
	sql: Sql,
	jurisdiction: string,
	startedAt: Date,
	outcome: 'succeeded' | 'failed',
	reads: readonly SeededRead[]
): Promise<string[]> {
	const runId = crypto.randomUUID()
	await sql`INSERT INTO reader_runs (id, jurisdiction_code, started_at, finished_at, outcome) VALUES (${runId}, ${jurisdiction}, ${startedAt}, ${startedAt}, ${outcome})`
	const hashes: string[] = []
	for (const read of reads) {
		const content = new TextEncoder().encode(read.bytes)
		const sha256 = await sha256Hex(content)
		hashes.push(sha256)
		await sql`
			INSERT INTO snapshots (sha256, content, content_type, size_bytes, first_fetched_at)
			VALUES (${sha256}, ${content}, ${read.contentType ?? 'text/csv'}, ${content.length}, ${startedAt}) ON CONFLICT DO NOTHING`
		await sql`
			INSERT INTO register_reads (id, run_id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, http_status, snapshot_sha256, outcome)
			VALUES (${crypto.randomUUID()}, ${runId}, ${jurisdiction}, ${read.publication}, ${read.url}, ${startedAt}, ${startedAt}, ${startedAt},
				${read.outcome === 'not_modified' ? 304 : 200}, ${sha256}, ${read.outcome})`
	}
	return hashes
}
