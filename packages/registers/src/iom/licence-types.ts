import { nameKey } from '@lv/names'

export type IomLicenceType = 'Full' | 'Network Services' | 'Software Supply'

/** The SPEC vocabulary found in a printed type (`Full`, `Full Licence`, `Network Services`, `Software Supply`). */
export function iomLicenceTypes(raw: string): IomLicenceType[] {
	const found: IomLicenceType[] = []
	if (/\bfull\b/i.test(raw)) found.push('Full')
	if (/\bnetwork\s+services?\b/i.test(raw)) found.push('Network Services')
	if (/\bsoftware\s+suppl(?:y|ier)\b/i.test(raw)) found.push('Software Supply')
	return found
}

/** Full is a consumer-facing remote licence; Network Services and Software Supply are ancillary. */
export function iomCategory(types: IomLicenceType[]): string {
	if (types.includes('Full')) return 'remote'
	return types.length > 0 ? 'ancillary' : 'other'
}

/** The type part of a licence's upstream key: the vocabulary words, else the printed text. */
export function iomTypeKey(raw: string): string {
	const types = iomLicenceTypes(raw)
	return types.length > 0 ? types.map((type) => nameKey(type, 'slug')).join('+') : nameKey(raw || 'untyped', 'slug')
}
