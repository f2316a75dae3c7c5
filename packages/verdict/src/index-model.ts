import type { NameSearch } from './name-search.ts'
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
	readonly registrable_domain: string
	readonly operator: OperatorEntry
	readonly licence: LicenceEntry | null
	readonly jurisdiction: string
	readonly link_status: LinkStatus
	readonly association: DomainAssociation | null
	readonly last_listed_at: number | null
	readonly verification_url: string | null
	readonly verification_page_status: string | null
	readonly verification_page_read_at: number | null
}

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
	readonly linksByHostname: ReadonlyMap<string, readonly DomainLinkEntry[]>
	readonly linksByRegistrable: ReadonlyMap<string, readonly DomainLinkEntry[]>
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
}
