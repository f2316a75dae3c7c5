const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each zero-width character is removed on its own, the joiner included
const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g
const ENCODED_ZERO_WIDTH = /%e2%80%8b|%e2%80%8c|%e2%80%8d|%ef%bb%bf|&#8203;|&#x200b;|\\u200b/gi
const PLAIN_HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const NUMERIC_LAST_LABEL = /\.(?:\d+|0x[0-9a-f]*)$/

const stripZeroWidth = (value: string): string => value.replace(ZERO_WIDTH, '')

/**
 * Extracts the lower-cased bare hostname from one domain value as a register prints it
 * (`https://www.Example.com:443/uk/#top`, `example.com/`, a value with a zero-width space):
 * scheme, userinfo, port, path, query, fragment, a trailing dot and zero-width characters
 * (literal or percent/entity encoded) are dropped; an internationalised name comes back in
 * punycode. Null when the value holds no plausible hostname (no dot, bad label, an IP, not a string).
 */
export function hostnameFromRegisterValue(value: unknown): string | null {
	if (typeof value !== 'string') return null
	return isPlainHostname(value) ? value : hostnameFromRegisterValueByUrl(value)
}

/**
 * Most register values are already a bare lower-case ASCII hostname: those are returned as they
 * are, without a URL parse (a numeric last label, which URL reads as IPv4, and punycode labels,
 * which URL validates, take the long way).
 */
export function isPlainHostname(value: string): boolean {
	return value.length <= 253 && PLAIN_HOSTNAME.test(value) && !NUMERIC_LAST_LABEL.test(value) && !value.includes('xn--')
}

/** hostnameFromRegisterValue without the plain-hostname shortcut (exported for the test that proves the shortcut agrees). */
export function hostnameFromRegisterValueByUrl(value: string): string | null {
	let text = stripZeroWidth(value.replace(ENCODED_ZERO_WIDTH, '')).trim()
	if (text === '' || text.length > 2048) return null
	text = text.replace(/^[<("'[]+|[>)"'\],;.]+$/g, '')
	if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text.replace(/^\/\//, '')}`
	let host: string
	try {
		host = new URL(text).hostname
	} catch {
		return null
	}
	host = host.toLowerCase().replace(/\.$/, '')
	if (host.length === 0 || host.length > 253) return null
	if (/^[\d.]+$/.test(host) || host.startsWith('[')) return null
	const labels = host.split('.')
	if (labels.length < 2) return null
	if (!labels.every((label) => LABEL.test(label))) return null
	if (/^\d+$/.test(labels[labels.length - 1] as string)) return null
	return host
}

/**
 * Splits a free-text domain cell that may hold several values (separated by whitespace, commas,
 * semicolons, pipes or line breaks) and returns each value with its extracted hostname.
 */
export function splitDomainCell(cell: string): { value: string; hostname: string | null }[] {
	if (isPlainHostname(cell)) return [{ value: cell, hostname: cell }]
	const parts = cell
		.split(/[\s,;|]+/)
		.map((part) => part.trim())
		.filter((part) => !['', '-', '–'].includes(stripZeroWidth(part)))
	return parts.map((value) => ({ value, hostname: hostnameFromRegisterValue(value) }))
}
