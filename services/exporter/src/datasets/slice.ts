import type { ExportDataset, ExportFormat } from '@lv/contracts'

/** Which rows a file holds: optional jurisdiction and status slices of one dataset. */
export type Slice = { dataset: ExportDataset; jurisdiction: string | null; status: string | null }

/** The cache identity of a slice in one format, without the register state. */
export const sliceKey = (slice: Slice, format: ExportFormat) =>
	[slice.dataset, format, slice.jurisdiction ?? '*', slice.status ?? '*'].join('|')
