/**
 * What reading one workbook may cost. Each part's size is the one its ZIP directory declares; a part
 * is inflated into a buffer of exactly that size, so a part that inflates to more is cut off (and then
 * fails to parse) instead of growing: a ZIP bomb costs at most these bytes.
 */
export const SHEET_LIMITS = {
	/** workbook.xml and its relationships, [Content_Types].xml. */
	maxIndexPartBytes: 1024 * 1024,
	/** The first worksheet's XML. */
	maxSheetBytes: 48 * 1024 * 1024,
	/** The shared strings table. */
	maxSharedStringsBytes: 24 * 1024 * 1024,
	/** Rows of the first sheet read (blank and duplicate rows count). */
	maxRows: 100_000,
	/** Columns of a row read; cells further right are ignored. */
	maxColumns: 64
} as const

export type SheetLimits = { [K in keyof typeof SHEET_LIMITS]: number }
