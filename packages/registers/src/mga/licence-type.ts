import { mgaNumberClass } from './licence-number.ts'

export type MgaLicenceType = { types: string[]; category: string; coversWebsites: boolean }

/**
 * Maps an authorisation type (`Type 1 Gaming Services`, `B2C - Gaming Service Licence`,
 * `B2B - Critical Gaming Supply Licence`) plus the number's class to the SPEC vocabulary
 * (`Type 1`…`Type 4`, `B2B`, `B2C`), a category and whether it can cover a consumer website.
 */
export function mgaLicenceType(typeTexts: string[], printedNumber: string): MgaLicenceType {
	const types = new Set<string>()
	const numberClass = mgaNumberClass(printedNumber)
	if (numberClass === 'B2C' || numberClass === 'B2B') types.add(numberClass)
	for (const text of typeTexts) {
		for (const match of text.matchAll(/\btype\s*([1-4])\b/gi)) types.add(`Type ${match[1]}`)
		if (/\bB2C\b/i.test(text)) types.add('B2C')
		if (/\bB2B\b|critical gaming supply/i.test(text)) types.add('B2B')
	}
	const consumer = ['B2C', 'Type 1', 'Type 2', 'Type 3'].some((type) => types.has(type))
	const business = types.has('B2B') || types.has('Type 4')
	const ordered = ['B2C', 'B2B', 'Type 1', 'Type 2', 'Type 3', 'Type 4'].filter((type) => types.has(type))
	return { types: ordered, category: consumer ? 'remote' : business ? 'b2b' : 'other', coversWebsites: consumer }
}
