/** RFC 4180: a field is quoted when it holds a comma, a double quote, CR or LF; quotes are doubled. */
const NEEDS_QUOTES = /[",\r\n]/

export function csvField(value: string): string {
	return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** One record with its CRLF line break (RFC 4180 section 2.1). */
export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text cell a spreadsheet would run as a formula, prefixed with `'` so it shows as text
 * (`=HYPERLINK(…)` becomes `'=HYPERLINK(…)`). Register text is public and anyone can influence it.
 */
export const neutraliseFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value)
