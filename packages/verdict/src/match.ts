import type { CheckIndex, DomainLinkEntry, LicenceEntry, NameEntry, OperatorEntry } from './index-model.ts'
import { jurisdictionOf } from './lookup.ts'
import type { Alternative, Match, MatchConfidence, MatchType, Verdict } from './result.ts'
import { toIso } from './time.ts'

const IN_FORCE_WORDING = /^\s*(active|licen[cs]ed|valid|in force|licen[cs]e in force|current|granted|live|approved|authori[sz]ed)\s*$/i
const NEGATIVE_WORDING =
	/\b(not|in)active\b|\binvalid\b|\bnot\b|\bcannot\b|\bremoved\b|\bexpired\b|\blapsed\b|\bsuspended\b|\brevoked\b|\bcancell?ed\b|\bsurrendered\b|\bwithdrawn\b/i
const POSITIVE_PAGE_WORDING = /\b(active|valid|licen[cs]ed|in force)\b/i

/** True when a register or verification-page wording says the licence is in force. */
export function isInForceWording(text: string | null): boolean {
	if (text === null) return false
	if (IN_FORCE_WORDING.test(text)) return true
	return !NEGATIVE_WORDING.test(text) && POSITIVE_PAGE_WORDING.test(text)
}

/**
 * SPEC upstream_status: null for not_in_register; null when the register's word says in force
 * while the status (from another publication) is revoked, suspended, surrendered or expired.
 * Any word next to active is shown.
 */
export function shownUpstreamStatus(licence: LicenceEntry): string | null {
	if (licence.status === 'not_in_register') return null
	const fromOtherPublication = ['revoked', 'suspended', 'surrendered', 'expired'].includes(licence.status)
	if (fromOtherPublication && isInForceWording(licence.upstream_status)) return null
	return licence.upstream_status
}

/** Rules 1, 2, 4 and 5 of SPEC's verdict table for one domain listing judged by `licence`. */
export function listingVerdict(licence: LicenceEntry | null, link: DomainLinkEntry): Verdict {
	if (licence === null || licence.status !== 'active') return 'licence_not_active'
	// SPEC names only delisted; parked, expired and redirecting hosts are not active sites either.
	if (link.link_status !== 'active') return 'domain_not_listed'
	return licence.status_qualifier === null ? 'licensed' : 'licensed_provisional'
}

export function licenceVerdict(licence: LicenceEntry): Verdict {
	if (licence.status !== 'active') return 'licence_not_active'
	return licence.status_qualifier === null ? 'licensed' : 'licensed_provisional'
}

const EMPTY_DOMAIN_FIELDS = {
	domain_association: null,
	domain_status: null,
	matched_domain: null,
	domain_last_listed_at: null,
	verification_url: null,
	verification_page_status: null,
	verification_page_read_at: null
} as const

/** The fields a match has only when it describes a domain listing. */
type DomainFields = { readonly [field in keyof typeof EMPTY_DOMAIN_FIELDS]: Match[field] }

/** One object literal (not spreads of parts): a cold check builds a match for every answer. */
function matchOf(
	index: CheckIndex,
	confidence: MatchConfidence,
	match_type: MatchType,
	operator: OperatorEntry,
	jurisdiction: string | null,
	licence: LicenceEntry | null,
	domain: DomainFields = EMPTY_DOMAIN_FIELDS
): Match {
	const regulator = jurisdiction === null ? null : jurisdictionOf(index, jurisdiction)
	return {
		confidence,
		match_type,
		operator: operator.name,
		operator_slug: operator.slug,
		jurisdiction,
		regulator_name: regulator?.name ?? null,
		license_id: licence?.id ?? null,
		license_number: licence?.license_number ?? null,
		license_reference_is_ours: licence?.license_reference_is_ours ?? false,
		status_source_url: licence?.status_source_url ?? null,
		// SPEC: null when status_source_url is (a read also stamps statuses set before provenance was tracked).
		status_observed_at: licence?.status_source_url ? toIso(licence.status_observed_at ?? null) : null,
		status: licence?.status ?? null,
		expires_at: licence?.expiry_date ?? null,
		upstream_status: licence === null ? null : shownUpstreamStatus(licence),
		status_qualifier: licence?.status_qualifier ?? null,
		domain_association: domain.domain_association,
		domain_status: domain.domain_status,
		matched_domain: domain.matched_domain,
		domain_last_listed_at: domain.domain_last_listed_at,
		verification_url: domain.verification_url,
		verification_page_status: domain.verification_page_status,
		verification_page_read_at: domain.verification_page_read_at
	}
}

/** A domain_exact or related_host match describing one register listing. */
export function domainMatch(
	index: CheckIndex,
	match_type: 'domain_exact' | 'related_host',
	link: DomainLinkEntry,
	licence: LicenceEntry | null
): Match {
	return matchOf(index, 'high', match_type, link.operator, link.jurisdiction, licence, {
		domain_association: link.association,
		domain_status: link.link_status,
		matched_domain: link.hostname,
		domain_last_listed_at: link.link_status === 'active' ? toIso(link.last_listed_at) : null,
		verification_url: link.verification?.url ?? null,
		verification_page_status: link.verification?.page_status ?? null,
		verification_page_read_at: toIso(link.verification?.page_read_at ?? null)
	})
}

export function licenceNumberMatch(index: CheckIndex, licence: LicenceEntry): Match {
	return matchOf(index, 'high', 'license_number', licence.operator, licence.jurisdiction, licence)
}

type NameMatchTerms = { match_type: MatchType; jurisdiction: string; licence: LicenceEntry | null }

/** trading_name_fuzzy (medium, with the operator's best licence, in its register) or name_similarity (low, no licence). */
function nameMatchTerms(name: NameEntry, licence: LicenceEntry | null, confidence: 'medium' | 'low'): NameMatchTerms {
	if (confidence === 'low') return { match_type: 'name_similarity', jurisdiction: name.jurisdiction, licence: null }
	return { match_type: 'trading_name_fuzzy', jurisdiction: licence?.jurisdiction ?? name.jurisdiction, licence }
}

export function nameMatch(index: CheckIndex, name: NameEntry, licence: LicenceEntry | null, confidence: 'medium' | 'low'): Match {
	const terms = nameMatchTerms(name, licence, confidence)
	return matchOf(index, confidence, terms.match_type, name.operator, terms.jurisdiction, terms.licence)
}

/** alternativeFrom(nameMatch(...), name.name) without building the match (a cold name check lists up to five). */
export function nameAlternative(name: NameEntry, licence: LicenceEntry | null, confidence: 'medium' | 'low'): Alternative {
	const terms = nameMatchTerms(name, licence, confidence)
	return {
		match_type: terms.match_type,
		confidence,
		operator: name.operator.name,
		operator_slug: name.operator.slug,
		jurisdiction: terms.jurisdiction,
		license_id: terms.licence?.id ?? null,
		license_number: terms.licence?.license_number ?? null,
		license_reference_is_ours: terms.licence?.license_reference_is_ours ?? false,
		status: terms.licence?.status ?? null,
		status_qualifier: terms.licence?.status_qualifier ?? null,
		matched_name: name.name
	}
}

export function alternativeFrom(match: Match, matched_name: string | null = null): Alternative {
	return {
		match_type: match.match_type,
		confidence: match.confidence,
		operator: match.operator,
		operator_slug: match.operator_slug,
		jurisdiction: match.jurisdiction,
		license_id: match.license_id,
		license_number: match.license_number,
		license_reference_is_ours: match.license_reference_is_ours,
		status: match.status,
		status_qualifier: match.status_qualifier,
		matched_name
	}
}
