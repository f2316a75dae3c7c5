/** MGA numbers in prose: `MGA/B2C/315/2015`, `MGA/CRP/635/2018- 01`, `MGA/CRP/330/2016/Old`, recognition notices `RN/225/2021`. */
export const MGA_NUMBER_IN_PROSE = /\b(?:MGA\/[A-Z0-9]{2,4}|RN)\/\d{1,5}\/\d{4}(?:\s*-\s*\d{1,3})?(?:\/Old\b)?/gi

/** The identity of an MGA number: upper-cased, spaces removed (`MGA/CRP/635/2018- 01` → `MGA/CRP/635/2018-01`). */
export function mgaNumberKey(printed: string): string {
	return printed.replace(/[\s\u200b\u00a0]+/g, '').toUpperCase()
}

/** Whether the text is an MGA authorisation or recognition number. */
export function isMgaNumber(printed: string): boolean {
	return new RegExp(`^${MGA_NUMBER_IN_PROSE.source}$`, 'i').test(printed.trim())
}

/** The class segment of the number (`B2C`, `B2B`, `CRP`), null for a recognition notice. */
export function mgaNumberClass(printed: string): string | null {
	return /^MGA\/([A-Z0-9]+)\//i.exec(printed.trim())?.[1]?.toUpperCase() ?? null
}
