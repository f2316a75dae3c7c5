/**
 * The one byte form of a JSON value that is signed: object keys sorted by UTF-16 code units, no
 * whitespace, strings and numbers as JSON.stringify writes them (RFC 8785 for the values a record
 * holds: strings, integers, booleans, null). A value JSON cannot carry (undefined, a function, a
 * non-finite number) throws rather than being dropped, so two writers never sign different bytes.
 */
export function canonicalJson(value: unknown): string {
	if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) throw new TypeError('canonical JSON cannot hold a non-finite number')
		return JSON.stringify(value)
	}
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
	if (typeof value === 'object') {
		const entries = Object.keys(value)
			.filter((key) => (value as Record<string, unknown>)[key] !== undefined)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
		return `{${entries.join(',')}}`
	}
	throw new TypeError(`canonical JSON cannot hold a ${typeof value}`)
}
