/**
 * How cells are read and what refuses a workbook, beyond the size limits. `UPLOAD_READING` suits a list
 * a user uploads; a register publication wants the values its publisher's program stored.
 */
export type SheetReading = {
	/** `formula-text`: a formula cell reads as `=` and its formula, never run; `cached-value`: as the value the program stored with it. */
	formulas: 'formula-text' | 'cached-value'
	/** `words`: a boolean cell reads as TRUE or FALSE; `digits`: as the 1 or 0 stored. */
	booleans: 'words' | 'digits'
	/** Whether a cell holding control characters refuses the workbook. */
	controlCharacters: 'refuse' | 'keep'
	/** Whether a ZIP without its end-of-directory record (a file cut off) is refused, or its complete parts read. */
	cutOffZip: 'refuse' | 'read-complete-parts'
}

export const UPLOAD_READING: SheetReading = {
	formulas: 'formula-text',
	booleans: 'words',
	controlCharacters: 'refuse',
	cutOffZip: 'read-complete-parts'
}
