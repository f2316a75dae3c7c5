const REFERENCE = /^([A-Z]{1,3})(\d{1,7})$/

/** The 0-based column of an A1 reference (`C7` → 2), or null when it is not one. */
export function columnOf(reference: string): number | null {
	const match = REFERENCE.exec(reference)
	if (!match) return null
	let column = 0
	for (const letter of match[1] as string) column = column * 26 + (letter.charCodeAt(0) - 64)
	return column - 1
}

/** The letters of a 0-based column (2 → `C`). */
export function columnLetters(column: number): string {
	let letters = ''
	for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters
	return letters
}
