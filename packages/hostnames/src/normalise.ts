import { domainToASCII } from 'node:url'
import { isPlainHostname } from './register-value.ts'

export const MAX_HOSTNAME_LENGTH = 253
export const MAX_LABEL_LENGTH = 63

export type HostnameRejection = 'not_a_valid_hostname' | 'hostname_too_long' | 'invalid_input'

export type NormalisedHostname = { ok: true; domain: string; input?: string } | { ok: false; reason: HostnameRejection; message: string }

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
// Characters that make the value a URL (scheme, port, userinfo, path, query, fragment,
// percent-encoding, IPv6 brackets) rather than a bare hostname, plus underscore and wildcard.
const URL_OR_FORBIDDEN = /[:/\\?#@%[\]_*]/
const WHITESPACE_OR_CONTROL = /[\p{Cc}\p{Z}\s]/u
// WHATWG URL treats a name whose last label is a number (decimal, 0x-hex or octal) as IPv4.
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i
// A trailing dot, or a full stop IDNA maps to one (ideographic, full-width, half-width ideographic).
const TRAILING_DOT = /[.\u3002\uff0e\uff61]$/
// Lower-case letters, digits, hyphens and dots, no punycode label: domainToASCII would return it unchanged.
const PLAIN_ASCII = /^[a-z0-9.-]+$/

const reject = (reason: HostnameRejection, message: string): NormalisedHostname => ({ ok: false, reason, message })

/**
 * Normalises a bare hostname as GET /v1/check takes it: case folded, one trailing dot (or a full stop
 * IDNA maps to a dot, as `。`) dropped, internationalised labels converted to punycode. Length is checked twice: the value as sent
 * (in code points, without its one trailing dot) and the ASCII form, each against 253.
 */
export function normaliseHostname(input: string): NormalisedHostname {
	return typeof input === 'string' && isPlainHostname(input) ? { ok: true, domain: input } : normaliseHostnameByRules(input)
}

/**
 * normaliseHostname without its shortcut: most names asked are already a plain lower-case hostname
 * (isPlainHostname, one regular expression), which every rule here accepts as it is (ADR 0065).
 */
export function normaliseHostnameByRules(input: string): NormalisedHostname {
	if (typeof input !== 'string') return reject('invalid_input', 'The hostname must be a string.')
	if (input.length === 0) return reject('invalid_input', 'The hostname is empty.')
	const withoutDot = TRAILING_DOT.test(input) ? input.slice(0, -1) : input
	if (hasTooManyCodePoints(withoutDot)) {
		return reject('hostname_too_long', `The hostname is longer than ${MAX_HOSTNAME_LENGTH} characters.`)
	}
	if (WHITESPACE_OR_CONTROL.test(input)) {
		return reject('not_a_valid_hostname', 'The hostname contains whitespace or control characters.')
	}
	if (URL_OR_FORBIDDEN.test(input)) {
		return reject(
			'not_a_valid_hostname',
			'Send a bare hostname such as example.com: no scheme, port, path, query, underscore or IP address.'
		)
	}
	if (withoutDot.length === 0 || withoutDot.startsWith('.') || withoutDot.includes('..') || withoutDot.endsWith('.')) {
		return reject('not_a_valid_hostname', 'The hostname has an empty label.')
	}
	const lastLabel = withoutDot.slice(withoutDot.lastIndexOf('.') + 1)
	if (NUMERIC_LABEL.test(lastLabel)) return reject('not_a_valid_hostname', 'IP addresses are not accepted; send a hostname.')

	const ascii = PLAIN_ASCII.test(withoutDot) && !withoutDot.includes('xn--') ? withoutDot : domainToASCII(withoutDot)
	if (ascii === '') return reject('not_a_valid_hostname', 'The hostname is not a valid domain name.')
	if (ascii.length > MAX_HOSTNAME_LENGTH) {
		return reject('hostname_too_long', `The hostname is longer than ${MAX_HOSTNAME_LENGTH} characters in its ASCII form.`)
	}
	const labels = ascii.split('.')
	if (labels.length < 2) return reject('not_a_valid_hostname', 'A single-label name is not a hostname; include its domain.')
	const asciiLastLabel = labels[labels.length - 1] ?? ''
	if (NUMERIC_LABEL.test(asciiLastLabel)) return reject('not_a_valid_hostname', 'IP addresses are not accepted; send a hostname.')
	for (const label of labels) {
		if (label.length > MAX_LABEL_LENGTH) {
			return reject('not_a_valid_hostname', `A label of the hostname is longer than ${MAX_LABEL_LENGTH} characters.`)
		}
		if (!LDH_LABEL.test(label)) return reject('not_a_valid_hostname', 'The hostname is not a valid domain name.')
	}
	return ascii === input ? { ok: true, domain: ascii } : { ok: true, domain: ascii, input }
}

/** More code points than a hostname may have; a string has at most as many code points as UTF-16 units. */
function hasTooManyCodePoints(value: string): boolean {
	if (value.length <= MAX_HOSTNAME_LENGTH) return false
	let count = 0
	for (const _ of value) if (++count > MAX_HOSTNAME_LENGTH) return true
	return false
}
