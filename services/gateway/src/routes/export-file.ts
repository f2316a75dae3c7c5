import type { ExportFileReply } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { readExportChunk } from '@lv/export-store'
import type { Logger } from '@lv/logger'

/**
 * The cached file as a streamed response: one chunk is read from PostgreSQL (through the exporter's @lv/export-store)
 * each time the client is ready for more, so the gateway never holds more than a chunk of any file.
 * A chunk gone missing mid-download (a prune far past its retention) aborts the body; the size in
 * X-Export-Bytes (and Content-Length, which Bun.serve 1.4 drops for streamed bodies and replaces with
 * chunked framing: oven-sh/bun#10507) lets the client see the truncation.
 */
export function exportFileResponse(sql: Sql, file: ExportFileReply, logger: Logger): Response {
	let seq = 0
	const body = new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				if (seq >= file.chunk_count) return controller.close()
				try {
					const data = await readExportChunk(sql, file.file_id, seq)
					if (!data) throw new Error(`export chunk ${seq} of ${file.file_id} is missing`)
					seq++
					controller.enqueue(new Uint8Array(data))
					if (seq >= file.chunk_count) controller.close()
				} catch (error) {
					logger.error('export download aborted', { file_id: file.file_id, seq, error })
					controller.error(error)
				}
			}
		},
		{ highWaterMark: 1 }
	)
	return new Response(body, {
		status: 200,
		headers: {
			'content-type': file.content_type,
			'content-disposition': `attachment; filename="${file.filename}"`,
			'content-length': String(file.size_bytes),
			'x-export-bytes': String(file.size_bytes),
			...validators(file),
			'x-export-rows': String(file.row_count),
			'x-export-data-version': String(file.data_version)
		}
	})
}

/** The client's copy is the current file (`If-None-Match`): 304 with no body and the headers a 200 would identify it by. */
export const notModifiedResponse = (file: ExportFileReply): Response => new Response(null, { status: 304, headers: validators(file) })

/**
 * What identifies the file, sent on its 200 and on a 304 (RFC 9110 §15.4.5): the entity tag is the file's SHA-256.
 * `no-store`: a cache would otherwise reuse the file heuristically from Last-Modified after a register change.
 */
const validators = (file: ExportFileReply) => ({
	etag: `"${file.sha256}"`,
	'last-modified': new Date(file.built_at).toUTCString(),
	'cache-control': 'no-store'
})
