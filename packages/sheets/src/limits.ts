/**
 * What reading one workbook may cost. A part declaring more than its cap is refused, and a part's
 * inflated bytes are counted as they arrive (extractParts), so a ZIP bomb costs at most these bytes.
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
