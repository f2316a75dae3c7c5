import { createHash } from 'node:crypto'

/** Letters that NFKD does not decompose into ASCII plus a combining mark. */
const FOLDS: [RegExp, string][] = [
	[/ß/g, 'ss'],
	[/[æǽ]/g, 'ae'],
	[/œ/g, 'oe'],
	[/ø/g, 'o'],
	[/[łľ]/g, 'l'],
	[/đ/g, 'd'],
	[/ð/g, 'd'],
	[/þ/g, 'th'],
	[/ı/g, 'i']
]

const MAX_SLUG = 80

/** A legal-form word at the end of a company name (the IOM page and XLSX disagree on them). */
const TRAILING_LEGAL_FORM = /[\s,]+(?:limited|ltd|plc|llc|l\.l\.c|inc|incorporated|corp|corporation|gmbh|s\.?r\.?l|b\.?v|n\.?v|s\.?a|ag|pty)\.?$/i

function shortHash(text: string): string {
	return createHash('sha256').update(text).digest('hex').slice(0, 8)
}

/**
 * The stable key of a printed entity name: lowercase ASCII words joined by hyphens
 * (`Zumo Spin & Co. S.R.L.` -> `zumo-spin-and-co-s-r-l`). Names that differ only in case,
 * accents, spacing or punctuation share a key; that is deliberate, registers print the same
 * company inconsistently. Letters that cannot be folded to ASCII (Cyrillic, CJK, …) are not
 * dropped silently: the key then ends with a hash of the whole lower-cased name, so two
 * names that differ only in such letters never share a key.
 */
export function nameKey(name: string): string {
	const printed = name.normalize('NFC').replace(/[\s\u00a0]+/g, ' ').trim().toLowerCase()
	let folded = printed.normalize('NFKD').replace(/\p{M}+/gu, '')
	for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement)
	folded = folded.replace(/&/g, ' and ').replace(/\+/g, ' plus ')
	const lostLetters = /[^\x00-\x7f]/.test(folded.replace(/[^\p{L}\p{N}]+/gu, ''))
	let slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
	const truncated = slug.length > MAX_SLUG
	if (truncated) slug = slug.slice(0, MAX_SLUG).replace(/-+$/, '')
	if (slug === '' || lostLetters || truncated) return slug === '' ? `x-${shortHash(printed)}` : `${slug}-${shortHash(printed)}`
	return slug
}

/**
 * The key of a company with trailing legal-form words removed (`Mamba Trading Limited` and
 * `Mamba Trading` share `mamba-trading`). Used where one regulator spells the same company's
 * legal form differently across its own publications (IOM).
 */
export function companyKey(name: string): string {
	let trimmed = name.replace(/[\s\u00a0]+/g, ' ').trim()
	for (let next = trimmed.replace(TRAILING_LEGAL_FORM, ''); next !== trimmed && next !== ''; next = trimmed.replace(TRAILING_LEGAL_FORM, '')) {
		trimmed = next
	}
	return nameKey(trimmed)
}
