import { compareCodePoints, compareInEnglish } from '@lv/string-order'
import type { CheckIndex, DomainLinkEntry, JurisdictionEntry, LicenceEntry, Listings, SupersededNumber } from './index-model.ts'

export function jurisdictionOf(index: CheckIndex, code: string): JurisdictionEntry | null {
	return index.shards.get(code)?.jurisdiction ?? null
}

function collect<T>(index: CheckIndex, pick: (code: string) => readonly T[] | undefined): T[] {
	const found: T[] = []
	for (const code of index.order) {
		const list = pick(code)
		if (list) found.push(...list)
	}
	return found
}

export function isLinkList(listings: Listings): listings is readonly DomainLinkEntry[] {
	return Array.isArray(listings)
}

function addListings(found: DomainLinkEntry[], listings: Listings | undefined): void {
	if (listings === undefined) return
	if (isLinkList(listings)) found.push(...listings)
	else found.push(listings)
}

export function linksForHostname(index: CheckIndex, hostname: string): DomainLinkEntry[] {
	const found: DomainLinkEntry[] = []
	if (!index.linkKeys.mayHold(hostname)) return found
	for (const code of index.order) addListings(found, index.shards.get(code)?.linksByHostname.get(hostname))
	return found
}

/**
 * Every link whose hostname's registrable domain is `site`, shard by shard. `site` is a host's siteKey
 * (its registrable domain, or the host itself when it has none), which is its own siteKey.
 */
export function linksForRegistrable(index: CheckIndex, site: string): DomainLinkEntry[] {
	return linksAroundSite(index, site).onSite
}

/**
 * linksForRegistrable's links (`onSite`) and, apart, those whose hostname is `site` itself
 * (linksForHostname(index, site)), from one probe of each shard's tables: a host that is its own
 * registrable domain, or that domain's www form, asks for both.
 */
export function linksAroundSite(index: CheckIndex, site: string): { onSite: DomainLinkEntry[]; atSite: DomainLinkEntry[] } {
	const onSite: DomainLinkEntry[] = []
	const atSite: DomainLinkEntry[] = []
	if (!index.linkKeys.mayHold(site)) return { onSite, atSite }
	for (const code of index.order) {
		const shard = index.shards.get(code)
		if (!shard) continue
		// Links on the registrable domain itself are stored under their hostname only.
		const listed = shard.linksByHostname.get(site)
		addListings(onSite, listed)
		addListings(atSite, listed)
		addListings(onSite, shard.linksBelowRegistrable.get(site))
	}
	return { onSite, atSite }
}

export function licencesForNumberKey(index: CheckIndex, key: string): LicenceEntry[] {
	return collect(index, (code) => index.shards.get(code)?.licencesByNumberKey.get(key))
}

export function supersededForNumberKey(index: CheckIndex, key: string): SupersededNumber[] {
	return collect(index, (code) => index.shards.get(code)?.supersededByKey.get(key))
}

export function licencesOfOperator(index: CheckIndex, operatorId: string, jurisdiction?: string): LicenceEntry[] {
	if (jurisdiction !== undefined) return [...(index.shards.get(jurisdiction)?.licencesByOperator.get(operatorId) ?? [])]
	return collect(index, (code) => index.shards.get(code)?.licencesByOperator.get(operatorId))
}

/** Lower is better: active, then provisional, then the statuses further from a pass. */
export function licenceRank(licence: LicenceEntry): number {
	if (licence.status === 'active') return licence.status_qualifier === null ? 0 : 1
	const order = ['pending', 'unknown', 'suspended', 'expired', 'surrendered', 'not_in_register', 'revoked'] as const
	return 2 + order.indexOf(licence.status as (typeof order)[number])
}

export function bestLicence(licences: readonly LicenceEntry[], index: CheckIndex): LicenceEntry | null {
	let best: LicenceEntry | null = null
	for (const licence of licences) {
		if (best === null || orderLicences(licence, best, index) < 0) best = licence
	}
	return best
}

export function compareLicences(a: LicenceEntry, b: LicenceEntry, index: CheckIndex): number {
	return (
		licenceRank(a) - licenceRank(b) ||
		index.order.indexOf(a.jurisdiction) - index.order.indexOf(b.jurisdiction) ||
		compareInEnglish(a.license_number, b.license_number)
	)
}

const listedAt = (licence: LicenceEntry) => licence.last_listed_at ?? Number.NEGATIVE_INFINITY

/**
 * compareLicences made a total order, for a choice among licences that nothing else decides: records a
 * register lists under one number (or under numbers the collation holds equal) go by the number's code
 * points, the most recently listed first, then by operator slug and id, never in the order their rows were read.
 */
export function orderLicences(a: LicenceEntry, b: LicenceEntry, index: CheckIndex): number {
	return (
		compareLicences(a, b, index) ||
		compareCodePoints(a.license_number, b.license_number) ||
		listedAt(b) - listedAt(a) ||
		compareCodePoints(a.operator.slug, b.operator.slug) ||
		compareCodePoints(a.id, b.id)
	)
}

/**
 * The licence a domain link is judged by: its own licence when that can cover a website, else
 * the operator's best website-covering licence in the same register (UKGC domains hang off the
 * account, not one licence); null when the operator holds none.
 */
export function coveringLicence(index: CheckIndex, link: DomainLinkEntry): LicenceEntry | null {
	if (link.licence?.covers_websites) return link.licence
	const covering = licencesOfOperator(index, link.operator.id, link.jurisdiction).filter((licence) => licence.covers_websites)
	return bestLicence(covering, index)
}
