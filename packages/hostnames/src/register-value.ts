import { normaliseHostname } from './normalise.ts'

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g
const ENCODED_ZERO_WIDTH = /%e2%80%8[bcd]|%ef%bb%bf|&#8203;|&#x200b;|&zerowidthspace;|\\u200b/gi
const NON_BREAKING_SPACE = /&nbsp;|\u00a0/gi
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i
const PORT = /:\d*$/

/**
 * Extracts the hostname from one free-text register cell (`https://www.Example.com:443/uk/#top`,
 * `example.com/`, a value with a zero-width space). Null when no valid hostname is left.
 */
export function hostnameFromRegisterValue(raw: unknown): string | null {
	if (typeof raw !== 'string') return null
	let value = raw.replace(ENCODED_ZERO_WIDTH, '').replace(ZERO_WIDTH, '').replace(NON_BREAKING_SPACE, ' ').trim()
	value = value.replace(/^["'<(]+|["'>)]+$/g, '').trim()
	value = value.replace(SCHEME, '').replace(/^\/\//, '')
	const end = value.search(/[/?#\\]/)
	if (end >= 0) value = value.slice(0, end)
	const at = value.lastIndexOf('@')
	if (at >= 0) value = value.slice(at + 1)
	value = value.replace(PORT, '').trim()
	if (value.length === 0) return null
	const normalised = normaliseHostname(value)
	return normalised.ok ? normalised.domain : null
}
