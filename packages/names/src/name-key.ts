import { createHash } from 'node:crypto'

/**
 * The keys a printed company name is compared or stored by. All fold case and accents; they
 * differ on purpose in what they keep:
 * - `match`: letters and digits run together, company forms (Ltd, N.V., SRL…) dropped, so a
 *   name compares with a domain's root label (`Brand Gaming Limited` → `brandgaming`);
 * - `words`: the words, single-space separated (`Zumo Spin & Co.` → `zumo spin co`), for
 *   finding one operator again by name within a register's own spelling;
 * - `slug`: words joined by hyphens with `&` read as "and", never empty nor shared by names
 *   that differ only in letters ASCII cannot hold; stored as minted licence references, so it
 *   must never change for a name already seen.
 */
export type NameKeyVariant = 'match' | 'words' | 'slug'

export function nameKey(name: string, variant: NameKeyVariant): string {
	if (variant === 'match') return matchKey(name)
	if (variant === 'words')
		return withoutMarks(name)
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, ' ')
			.trim()
	return slugKey(name)
}

const withoutMarks = (text: string): string => text.normalize('NFKD').replace(/\p{M}+/gu, '')

// Company-form words dropped before names are compared with a domain's root label.
const COMPANY_FORMS = new Set([
	'limited',
	'ltd',
	'plc',
	'llc',
	'llp',
	'lp',
	'inc',
	'incorporated',
	'corp',
	'corporation',
	'co',
	'company',
	'nv',
	'bv',
	'sa',
	'srl',
	'sarl',
	'spa',
	'gmbh',
	'ag',
	'ab',
	'as',
	'oy',
	'kft',
	'sro',
	'pty',
	'limitada',
	'group',
	'holdings',
	'holding',
	'international',
	'the'
])

function matchKey(name: string): string {
	const words = withoutMarks(name)
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/(?<=\b[a-z])\.(?=[a-z]\b)/g, '')
		.split(/[^a-z0-9]+/)
		.filter((word) => word.length > 0)
	while (words.length > 1 && COMPANY_FORMS.has(words[words.length - 1] ?? '')) words.pop()
	if (words.length > 1 && words[0] === 'the') words.shift()
	return words.join('')
}

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

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8)

/**
 * Lowercase ASCII words joined by hyphens (`Zumo Spin & Co. S.R.L.` -> `zumo-spin-and-co-s-r-l`).
 * Names that differ only in case, accents, spacing or punctuation share a key; that is deliberate,
 * registers print the same company inconsistently. Letters that cannot be folded to ASCII
 * (Cyrillic, CJK, …) are not dropped silently: the key then ends with a hash of the whole
 * lower-cased name, so two names that differ only in such letters never share a key.
 */
function slugKey(name: string): string {
	const printed = name
		.normalize('NFC')
		.replace(/[\s\u00a0]+/g, ' ')
		.trim()
		.toLowerCase()
	let folded = withoutMarks(printed)
	for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement)
	folded = folded.replace(/&/g, ' and ').replace(/\+/g, ' plus ')
	// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII; what falls outside it is a letter folding lost
	const lostLetters = /[^\x00-\x7f]/.test(folded.replace(/[^\p{L}\p{N}]+/gu, ''))
	let slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
	const truncated = slug.length > MAX_SLUG
	if (truncated) slug = slug.slice(0, MAX_SLUG).replace(/-+$/, '')
	if (slug === '' || lostLetters || truncated) return slug === '' ? `x-${shortHash(printed)}` : `${slug}-${shortHash(printed)}`
	return slug
}

/** A legal-form word at the end of a company name (the IOM page and XLSX disagree on them). */
const TRAILING_LEGAL_FORM =
	/[\s,]+(?:limited|ltd|plc|llc|l\.l\.c|inc|incorporated|corp|corporation|gmbh|s\.?r\.?l|b\.?v|n\.?v|s\.?a|ag|pty)\.?$/i

/**
 * The slug key of a company with trailing legal-form words removed (`Mamba Trading Limited` and
 * `Mamba Trading` share `mamba-trading`). Used where one regulator spells the same company's
 * legal form differently across its own publications (IOM).
 */
export function companyKey(name: string): string {
	let trimmed = name.replace(/[\s\u00a0]+/g, ' ').trim()
	for (
		let next = trimmed.replace(TRAILING_LEGAL_FORM, '');
		next !== trimmed && next !== '';
		next = trimmed.replace(TRAILING_LEGAL_FORM, '')
	) {
		trimmed = next
	}
	return slugKey(trimmed)
}
