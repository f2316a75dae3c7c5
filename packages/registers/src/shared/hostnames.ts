import { stripZeroWidth } from './text.ts'

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const ENCODED_ZERO_WIDTH = /%e2%80%8b|%e2%80%8c|%e2%80%8d|%ef%bb%bf|&#8203;|&#x200b;|\\u200b/gi

/**
 * Extracts the lower-cased bare hostname from one domain value as a register prints it:
 * scheme, userinfo, port, path, query, fragment, a trailing dot and zero-width characters
 * (literal or percent/entity encoded) are dropped; an internationalised name comes back in
 * punycode. Returns null when the value holds no plausible hostname (no dot, bad label, an IP).
 */
export function extractHostname(value: string): string | null {
	return isPlainHostname(value) ? value : extractHostnameByUrl(value)
}

const PLAIN_HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const NUMERIC_LAST_LABEL = /\.(?:\d+|0x[0-9a-f]*)$/

/**
 * Most register values are already a bare lower-case ASCII hostname: those are returned as they
 * are, without a URL parse (a numeric last label, which URL reads as IPv4, and punycode labels,
 * which URL validates, take the long way).
 */
export function isPlainHostname(value: string): boolean {
	return value.length <= 253 && PLAIN_HOSTNAME.test(value) && !NUMERIC_LAST_LABEL.test(value) && !value.includes('xn--')
}

/** extractHostname without the plain-hostname shortcut (exported for the test that proves the shortcut agrees). */
export function extractHostnameByUrl(value: string): string | null {
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
	return parts.map((value) => ({ value, hostname: extractHostname(value) }))
}
