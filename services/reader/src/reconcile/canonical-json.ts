/** JSON with object keys sorted at every level, so a value read back from jsonb (which reorders keys) compares equal. */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys)
	if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
		const sorted: Record<string, unknown> = {}
		for (const key of Object.keys(value).sort()) {
			const item = (value as Record<string, unknown>)[key]
			if (item !== undefined) sorted[key] = sortKeys(item)
		}
		return sorted
	}
	return value
}
