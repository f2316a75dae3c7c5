import { MAX_AS_OF_LENGTH, MAX_DOMAIN_LENGTH, MAX_LICENSE_NUMBER_LENGTH, type OneCheck } from '@lv/contracts'
import { normaliseHostname } from '@lv/hostnames'
import { invalidQuery } from '@lv/errors'
import { refuseRepeatedParameters } from '../lookup/query-once.ts'

const CHECK_PARAMETERS: ReadonlySet<string> = new Set(['domain', 'license_number', 'as_of'])

export type RawCheckQuery = { domain?: string; license_number?: string; as_of?: string }

const given = (value: string | undefined): value is string => value !== undefined && value !== ''

/** Domains lately found to be hostnames: most checks repeat a few thousand names, whose rules need not run again. */
const hostnames = new Set<string>()
const MAX_REMEMBERED_HOSTNAMES = 4096

/** Throws SPEC's 400 when `domain` is not a hostname (normaliseHostname's rules, a pure function of the text). */
function refuseInvalidHostname(domain: string) {
	if (hostnames.has(domain)) return
	const normalised = normaliseHostname(domain)
	if (!normalised.ok) throw invalidQuery(normalised.reason, normalised.message, 'domain')
	if (hostnames.size >= MAX_REMEMBERED_HOSTNAMES) hostnames.clear()
	hostnames.add(domain)
}

/**
 * The GET /v1/check parameter rules the gateway can settle without the checker: each parameter
 * once, exactly one of domain / license_number (an empty value counts as not given), the size
 * limits, and the hostname shape. The checker applies the same rules again; answering here keeps
 * bad input off the bus.
 */
export function readCheckInput(query: RawCheckQuery, url: string): OneCheck {
	refuseRepeatedParameters(url, CHECK_PARAMETERS)
	const hasDomain = given(query.domain)
	const hasLicence = given(query.license_number)
	if (!hasDomain && !hasLicence) {
		throw invalidQuery('missing_required_parameter', 'Send exactly one of domain or license_number.', undefined, {
			suggestion: 'Add ?domain=example.com or ?license_number=<number>.'
		})
	}
	if (hasDomain && hasLicence) throw invalidQuery('conflicting_parameters', 'Send either domain or license_number, not both.')
	const asOf = query.as_of
	if (asOf !== undefined && asOf.length > MAX_AS_OF_LENGTH) {
		throw invalidQuery('invalid_input', `as_of is longer than ${MAX_AS_OF_LENGTH} characters.`, 'as_of')
	}
	const withAsOf = <T extends object>(input: T) => (asOf === undefined ? input : { ...input, as_of: asOf })
	if (hasDomain) {
		refuseInvalidHostname(query.domain as string)
		return withAsOf({ domain: query.domain as string })
	}
	const licenseNumber = query.license_number as string
	if (licenseNumber.length > MAX_LICENSE_NUMBER_LENGTH) {
		throw invalidQuery('invalid_input', `license_number is longer than ${MAX_LICENSE_NUMBER_LENGTH} characters.`, 'license_number')
	}
	return withAsOf({ license_number: licenseNumber })
}

// An entry this large is invalid whatever it holds (a hostname has at most 253 code points), so a
// small stand-in with the same outcome crosses the bus and the original is put back in the answer.
const LARGE_ENTRY_CHARS = 1024
const LONG_STAND_IN = 'x'.repeat(MAX_DOMAIN_LENGTH + 1)
const NON_STRING_STAND_IN = 0

export type CompactedBatch = {
	sent: unknown[]
	/** False when every entry went as sent: the checker's answer is then the response as it is. */
	changed: boolean
	restore(results: unknown): void
}

/**
 * Keeps a batch body small on the bus (NATS payloads are bounded) without changing any row:
 * each oversized entry is replaced by a stand-in that gets the same per-row error, and
 * `restore` writes the original value back into that row's `query.input`.
 */
export function compactBatch(domains: readonly unknown[]): CompactedBatch {
	const replaced = new Map<number, unknown>()
	const sent = domains.map((entry, position) => {
		if (typeof entry === 'string') {
			if (entry.length <= LARGE_ENTRY_CHARS) return entry
			replaced.set(position, entry)
			return LONG_STAND_IN
		}
		if (entry === null || typeof entry !== 'object' || JSON.stringify(entry).length <= LARGE_ENTRY_CHARS) return entry
		replaced.set(position, entry)
		return NON_STRING_STAND_IN
	})
	return {
		sent,
		changed: replaced.size > 0,
		restore(results) {
			if (!Array.isArray(results)) return
			for (const [position, original] of replaced) {
				const row = results[position] as { query?: { input?: unknown } } | undefined
				if (row?.query) row.query.input = original
			}
		}
	}
}
