import type { ExportFormat } from '@lv/contracts'
import type { Slice } from './datasets/slice.ts'

export const CONTENT_TYPES: Record<ExportFormat, string> = {
	csv: 'text/csv; charset=utf-8; header=present',
	json: 'application/x-ndjson'
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'ndjson' }

/** `licences-UKGC-active-2026-11-01.csv`: dataset, slices, build date (UTC), extension. Only [a-z0-9_.-] and codes. */
export function exportFilename(slice: Slice, format: ExportFormat, builtAt: Date): string {
	const parts: string[] = [slice.dataset]
	if (slice.jurisdiction) parts.push(slice.jurisdiction)
	if (slice.status) parts.push(slice.status)
	parts.push(builtAt.toISOString().slice(0, 10))
	return `${parts.join('-')}.${EXTENSIONS[format]}`
}
