/** OOXML writes characters XML 1.0 cannot hold as `_xHHHH_` (ST_Xstring); `_x005F_` escapes a literal `_x`. */
const ESCAPED_CHARACTER = /_x([0-9A-Fa-f]{4})_/g

export const unescapeOoxml = (text: string): string =>
	text.replace(ESCAPED_CHARACTER, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Control characters a domain list has no use for (tab, CR and LF are kept). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** Characters XML 1.0 cannot hold at all, even escaped; written as U+FFFD. */
const NOT_XML =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: finding characters XML cannot hold is this pattern's job
	/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** CR as a reference: a reader turns a literal CR into LF. */
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' }

/** Text as XML character data or attribute value. */
export const escapeXml = (text: string): string =>
	text.replace(NOT_XML, '\uFFFD').replace(/[&<>"\r]/g, (character) => XML_ESCAPES[character] as string)
