/**
 * Orders of strings that do not depend on the process's locale. `String.prototype.localeCompare` without a
 * locale follows the runtime's default locale, which a checker replica's answer state (ADR 0048) does not
 * describe, so answers and files never use it (ADR 0057).
 */

/**
 * Code-point order (UTF-16 code units, the same for the strings we order). For strings of a-z, 0-9, '-' and '.'
 * (hostnames, slugs), of A-Z and 0-9 (jurisdiction codes), of a-z and '_' (reasons, verdicts) and for ISO dates it
 * is the order the English and root collations give; `order.test.ts` proves it on generated strings.
 */
export function compareCodePoints(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0
}

// English (root) collation with its default options written out: case and accents second, punctuation counted.
const ENGLISH = new Intl.Collator('en', {
	usage: 'sort',
	sensitivity: 'variant',
	ignorePunctuation: false,
	numeric: false,
	caseFirst: 'false'
})

/**
 * The English collation, whatever the process's locale: for free text and mixed-case strings (licence
 * numbers), where code-point order would put every capital before every small letter.
 */
export const compareInEnglish: (a: string, b: string) => number = ENGLISH.compare
