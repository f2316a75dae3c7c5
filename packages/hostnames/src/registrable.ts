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
 * Whether a host is a site that has a www form: it has a registrable domain, and it is no www host
 * other than its registrable domain (`www.example.com` is the www form of `example.com`, not a site
 * of its own; `www.co.uk` is a registrable domain, so a site).
 */
function hasWwwForm(host: string, registrable = registrableDomain(host)): boolean {
	return registrable !== null && (!host.startsWith('www.') || registrable === host)
}

/**
 * The other half of the pair a site and its www form make: `example.com` ↔ `www.example.com`,
 * `shop.example.com` ↔ `www.shop.example.com`, `www.co.uk` ↔ `www.www.co.uk`. Null for a public
 * suffix and for a www host no site has as its www form (`www.www.example.com`, a made-up subdomain).
 * The relation is symmetric.
 */
export function wwwCounterpart(host: string): string | null {
	if (host.startsWith('www.') && hasWwwForm(host.slice(4))) return host.slice(4)
	return hasWwwForm(host) ? `www.${host}` : null
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
