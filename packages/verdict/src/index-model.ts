import type { LinkKeyFilter } from './link-key-filter.ts'
import type { LinkLookup } from './link-table.ts'
import type { NameScan, NameSearch } from './name-search.ts'
import type { DomainAssociation, LicenceStatus, LinkStatus, StatusQualifier } from './rows.ts'

/** Times are epoch milliseconds (or null) so entries stay small; dates are `YYYY-MM-DD`. */
export type JurisdictionEntry = {
	readonly code: string
	readonly name: string
	readonly sla_hours: number
	readonly confidence_hint: 'authoritative' | 'scraped'
	readonly position: number
	readonly last_successful_read_at: number | null
}

export type OperatorEntry = {
	readonly id: string
	readonly slug: string
	/** display_name */
	readonly name: string
	/** registered_name: the name the register prints next to the entity */
	readonly legal_name: string
}

export type LicenceEntry = {
	readonly id: string
	readonly operator: OperatorEntry
	readonly jurisdiction: string
	readonly license_number: string
	readonly license_number_key: string
	readonly license_reference_is_ours: boolean
	readonly status: LicenceStatus
	readonly status_qualifier: StatusQualifier | null
	readonly upstream_status: string | null
	readonly expiry_date: string | null
	readonly covers_websites: boolean
	readonly status_source_url: string | null
	readonly status_observed_at: number | null
	readonly not_listed_since: number | null
	readonly last_listed_at: number | null
	readonly source_url: string
}

export type DomainLinkEntry = {
	readonly hostname: string
	readonly operator: OperatorEntry
	readonly licence: LicenceEntry | null
	readonly jurisdiction: string
	readonly link_status: LinkStatus
	readonly association: DomainAssociation | null
	readonly last_listed_at: number | null
	/** null when the register publishes no verification page for the link (most links) */
	readonly verification: LinkVerification | null
}

/** A regulator's per-domain verification page and the service's last reading of it. */
export type LinkVerification = {
	readonly url: string | null
	readonly page_status: string | null
	readonly page_read_at: number | null
}

/** The links under one key: most hosts are listed once, and one link is stored as itself. */
export type Listings = DomainLinkEntry | readonly DomainLinkEntry[]

/** An earlier printed number of a licence (UKGC version suffix). */
export type SupersededNumber = {
	readonly license_number: string
	readonly licence: LicenceEntry
}

/** A trading or legal name prepared for similarity matching. */
export type NameEntry = {
	readonly key: string
	readonly name: string
	readonly kind: 'trading' | 'legal'
	readonly operator: OperatorEntry
	readonly jurisdiction: string
}

/** Everything the checker holds for one jurisdiction; replaced as a whole on a register change. */
export type JurisdictionShard = {
	readonly jurisdiction: JurisdictionEntry
	readonly licences: ReadonlyMap<string, LicenceEntry>
	readonly licencesByNumberKey: ReadonlyMap<string, readonly LicenceEntry[]>
	readonly supersededByKey: ReadonlyMap<string, readonly SupersededNumber[]>
	readonly licencesByOperator: ReadonlyMap<string, readonly LicenceEntry[]>
	readonly linksByHostname: LinkLookup
	/**
	 * By registrable domain, the links on other hosts under it (www. and other subdomains); links
	 * on the registrable domain itself are found under their hostname (lookup.linksForRegistrable).
	 */
	readonly linksBelowRegistrable: LinkLookup
	readonly names: readonly NameEntry[]
	/** candidate search over `names` for name matching */
	readonly nameSearch: NameSearch
}

/**
 * The checker's in-memory index: one immutable shard per jurisdiction. Lookups consult every
 * shard; replaceJurisdiction returns a new index sharing the untouched shards, so the checker
 * swaps one reference atomically.
 */
export type CheckIndex = {
	readonly shards: ReadonlyMap<string, JurisdictionShard>
	/** jurisdiction codes in display order (position, then code) */
	readonly order: readonly string[]
	/** every shard's link keys (hostnames, registrable domains): a key it does not hold is in no shard */
	readonly linkKeys: LinkKeyFilter
	/** every shard's names in one candidate scan, its sources the shards' name searches in `order`; built on first read */
	readonly nameScan: NameScan
}
