import { getDomain, getDomainWithoutSuffix, parse } from 'tldts'

// The private section of the public suffix list is on, so customers of one hosting
// platform (a.github.io, b.github.io) are separate sites.
const PSL_OPTIONS = { allowPrivateDomains: true, extractHostname: false } as const

/**
 * The registrable domain (public suffix plus one label) of a normalised hostname, or null
 * when the host is itself a public suffix (co.uk, github.io).
 */
export function registrableDomain(host: string): string | null {
	return getDomain(host, PSL_OPTIONS)
}

/** The registrable domain, or the host itself when it has none; used as a grouping key. */
export function siteKey(host: string): string {
	return registrableDomain(host) ?? host
}

/** The label left of the public suffix of the registrable domain: `bet` for shop.bet.co.uk. */
export function rootLabel(host: string): string | null {
	return getDomainWithoutSuffix(host, PSL_OPTIONS) || null
}

/** siteKey, rootLabel and wwwCounterpart of one host, reading the public suffix list once (twice for a www host). */
export type SiteParts = { readonly site: string; readonly rootLabel: string | null; readonly wwwCounterpart: string | null }

export function siteParts(host: string): SiteParts {
	const { domain, domainWithoutSuffix } = parse(host, PSL_OPTIONS)
	return {
		site: domain ?? host,
		rootLabel: domainWithoutSuffix || null,
		wwwCounterpart: host.startsWith('www.') ? wwwCounterpart(host) : domain === null ? null : `www.${host}`
	}
}

/**
 * The host with `www.` added or removed; null when that would produce a bare public suffix
 * (`www.co.uk` has no counterpart) or when the host is itself a public suffix.
 */
export function wwwCounterpart(host: string): string | null {
	if (host.startsWith('www.')) {
		const bare = host.slice(4)
		return registrableDomain(bare) === null ? null : bare
	}
	return registrableDomain(host) === null ? null : `www.${host}`
}

/** A host and its www-counterpart are one site; any other pair is not. */
export function sameSite(a: string, b: string): boolean {
	return a === b || wwwCounterpart(a) === b
}

/**
 * Stored hosts on the same registrable domain as `host`, excluding the host itself and its
 * www-counterpart; deduplicated and sorted.
 */
export function relatedHosts(host: string, storedHosts: Iterable<string>): string[] {
	const site = registrableDomain(host)
	if (site === null) return []
	const related = new Set<string>()
	for (const stored of storedHosts) {
		if (sameSite(host, stored)) continue
		if (registrableDomain(stored) === site) related.add(stored)
	}
	return [...related].sort()
}
