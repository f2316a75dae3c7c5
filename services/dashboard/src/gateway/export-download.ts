import type { GatewayClient } from './gateway-client.ts'
import type { GatewayProblem } from './gateway-problem.ts'

export const EXPORT_DATASETS = ['licences', 'operators', 'domains'] as const
export type ExportDataset = (typeof EXPORT_DATASETS)[number]

/** SPEC's `format`: `json` delivers NDJSON. */
export const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const isExportDataset = (value: unknown): value is ExportDataset => EXPORT_DATASETS.includes(value as ExportDataset)
export const isExportFormat = (value: unknown): value is ExportFormat => EXPORT_FORMATS.includes(value as ExportFormat)

const FALLBACK_TYPE: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', json: 'application/x-ndjson; charset=utf-8' }
const EXTENSION: Record<ExportFormat, string> = { csv: 'csv', json: 'ndjson' }

export type ExportOutcome = { ok: true; response: Response } | { ok: false; problem: GatewayProblem }

/**
 * Asks the gateway's export for the account (so the plan check, the shared daily cap and the monthly
 * quota are the API's own) and turns its answer into a download for the browser, streamed through.
 */
export async function downloadExport(
	client: GatewayClient,
	accountId: string,
	dataset: ExportDataset,
	format: ExportFormat,
	today: Date
): Promise<ExportOutcome> {
	const answer = await client.callAs(accountId, 'export', 'GET', `/v1/export/${dataset}?format=${format}`)
	if (!answer.ok) return answer
	const upstream = answer.response
	const fileName = `${dataset}-${today.toISOString().slice(0, 10)}.${EXTENSION[format]}`
	const upstreamDisposition = upstream.headers.get('content-disposition')
	const headers = new Headers({
		'content-type': upstream.headers.get('content-type') ?? FALLBACK_TYPE[format],
		'content-disposition': upstreamDisposition?.startsWith('attachment') ? upstreamDisposition : `attachment; filename="${fileName}"`,
		'cache-control': 'no-store',
		'x-content-type-options': 'nosniff'
	})
	return { ok: true, response: new Response(upstream.body, { status: 200, headers }) }
}
