/** RFC 4180: a field is quoted when it holds a comma, a double quote, CR or LF; quotes are doubled. */
const NEEDS_QUOTES = /[",\r\n]/

export function csvField(value: string): string {
	return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** One record with its CRLF line break (RFC 4180 section 2.1). */
export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`
