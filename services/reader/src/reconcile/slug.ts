const MAX_SLUG_LENGTH = 60

/** A lowercase ASCII slug of a name: accents folded, anything else between words becomes one dash. */
export function slugify(name: string): string {
	const slug = name
		.normalize('NFKD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, MAX_SLUG_LENGTH)
		.replace(/-+$/, '')
	return slug === '' ? 'operator' : slug
}

/**
 * A slug for a new operator that no other operator holds: the name's slug, else with the
 * jurisdiction appended, else numbered. The chosen slug is added to `taken`, and it is never
 * recomputed for an existing operator, so slugs stay stable.
 */
export function allocateSlug(name: string, jurisdiction: string, taken: Set<string>): string {
	const base = slugify(name)
	const withCode = `${base}-${jurisdiction.toLowerCase()}`
	let candidate = base
	for (let n = 1; taken.has(candidate); n++) candidate = n === 1 ? withCode : `${withCode}-${n}`
	taken.add(candidate)
	return candidate
}
