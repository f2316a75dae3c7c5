import type { ChangeType, DomainAssociation, LicenceStatus, LinkStatus, StatusQualifier } from './rows.ts'

export const VERDICTS = [
	'licensed',
	'licensed_provisional',
	'domain_not_listed',
	'licence_not_active',
	'related_host_listed',
	'name_match_only',
	'not_found',
	'generic_term'
] as const
export type Verdict = (typeof VERDICTS)[number]
export type MatchConfidence = 'high' | 'medium' | 'low'
export type Confidence = MatchConfidence | 'none'
export type MatchType = 'domain_exact' | 'related_host' | 'license_number' | 'trading_name_fuzzy' | 'name_similarity'
export type MatchAbsenceReason = 'generic_term' | 'shared_registrable'

/** SPEC "match fields", every key always present. */
export type Match = {
	confidence: MatchConfidence
	match_type: MatchType
	operator: string
	operator_slug: string
	jurisdiction: string | null
	regulator_name: string | null
	license_id: string | null
	license_number: string | null
	license_reference_is_ours: boolean
	status_source_url: string | null
	status_observed_at: string | null
	status: LicenceStatus | null
	expires_at: string | null
	domain_association: DomainAssociation | null
	upstream_status: string | null
	status_qualifier: StatusQualifier | null
	domain_status: LinkStatus | null
	matched_domain: string | null
	domain_last_listed_at: string | null
	verification_url: string | null
	verification_page_status: string | null
	verification_page_read_at: string | null
}

/** Element of `alternatives[]`: another candidate that was not chosen as `match`. */
export type Alternative = {
	match_type: MatchType
	confidence: MatchConfidence
	operator: string
	operator_slug: string
	jurisdiction: string | null
	license_id: string | null
	license_number: string | null
	license_reference_is_ours: boolean
	status: LicenceStatus | null
	status_qualifier: StatusQualifier | null
	/** the trading or legal name that resembled the query (name matches), else null */
	matched_name: string | null
}

/** Element of `jurisdictions[]`: one register listing of a domain listed more than once. */
export type DomainListing = {
	jurisdiction: string
	regulator_name: string
	operator: string
	operator_slug: string
	license_id: string | null
	license_number: string | null
	license_reference_is_ours: boolean
	status: LicenceStatus | null
	status_qualifier: StatusQualifier | null
	matched_domain: string
	domain_status: LinkStatus
	domain_association: DomainAssociation | null
	/** the verdict this listing alone would give */
	verdict: Verdict
	/** true for the listing described by `match` */
	primary: boolean
}

/** Element of `related_hosts[]`: one register listing of another host on the registrable domain. */
export type RelatedHost = {
	hostname: string
	link_status: LinkStatus
	jurisdiction: string
	operator_slug: string
}

export type RegisterMeta = {
	jurisdiction: string
	last_read_at: string | null
	fresh: boolean
	sla_hours: number
}

export type StaleJurisdiction = {
	jurisdiction: string
	last_read_at: string | null
	sla_hours: number
}

export type AsOfBasis = 'observed' | 'corrected' | 'before_tracking' | 'no_such_license' | 'no_license_resolved'

export type AsOfTransition = {
	id: string
	changed_at: string
	previous_status: LicenceStatus | null
	new_status: LicenceStatus
	change_type: ChangeType
	source_url: string
}

export type AsOfCorrection = {
	event_id: string
	/** the status the withdrawn event recorded; never to be quoted as the status */
	withdrawn_status: LicenceStatus
	corrected_at: string
	correction_note: string | null
}

export type AsOf = {
	/** the UTC instant the as_of input resolved to */
	resolved_at: string
	basis: AsOfBasis
	status: LicenceStatus | null
	/** the history event in effect at resolved_at (null unless basis is observed) */
	transition: AsOfTransition | null
	correction?: AsOfCorrection
	tracking_since: string | null
}

export type ConfidenceHint = 'authoritative' | 'scraped' | 'derived'

export type CheckMeta = {
	scraped_at: string | null
	source_modified_at: null
	source_url: string | null
	confidence_hint: ConfidenceHint
	register?: RegisterMeta
	stale_jurisdictions: StaleJurisdiction[]
}

export type DomainQuery = { domain: string; input?: string }

export type CheckQuery = DomainQuery | { license_number: string }

export type CheckResult = {
	query: CheckQuery
	verdict: Verdict
	verdict_detail: string
	match: Match | null
	alternatives: Alternative[]
	confidence: Confidence
	match_absence_reason?: MatchAbsenceReason
	related_hosts?: RelatedHost[]
	jurisdictions?: DomainListing[]
	as_of?: AsOf
	superseded_number?: string
	checked_jurisdictions: string[]
	_meta: CheckMeta
}

export type BatchRowError = 'invalid_hostname' | 'invalid_input'

export type BatchResultRow = {
	query: DomainQuery
	verdict: Verdict
	verdict_detail: string
	match: Match | null
	confidence: Confidence
	match_absence_reason?: MatchAbsenceReason
	related_hosts?: RelatedHost[]
	_meta?: { register: RegisterMeta }
}

export type BatchErrorRow = {
	query: { input: unknown }
	error: BatchRowError
	error_detail: string
	match: null
}

export type BatchRow = BatchResultRow | BatchErrorRow

export type BatchResult = {
	results: BatchRow[]
	checked_jurisdictions: string[]
	_meta: { checked_at: string; stale_jurisdictions: StaleJurisdiction[] }
}
