import { normaliseHostname, sameSite, siteParts } from '@lv/hostnames'
import { invalidQuery } from '@lv/errors'
import { compareCodePoints } from '@lv/string-order'
import type { Answer } from './answer.ts'
import { finishResult, resolveAsOf, type CheckOptions } from './envelope.ts'
import { staleJurisdictions } from './freshness.ts'
import { isGenericGamblingLabel } from './generic-terms.ts'
import type { CheckIndex, DomainLinkEntry, LicenceEntry, NameEntry } from './index-model.ts'
import { compareLicences, coveringLicence, jurisdictionOf, linksAroundSite, linksForHostname, orderLicences } from './lookup.ts'
import { domainMatch, listingVerdict, nameAlternative, nameMatch } from './match.ts'
import { licenceForName, NAME_MATCH_MEDIUM, operatorsNamedExactly, type RankedName, scoreNames } from './name-matching.ts'
import { labelKey } from './names.ts'
import type { CheckResult, DomainListing, DomainQuery, RelatedHost, Verdict } from './result.ts'
import * as words from './wording.ts'

const LISTING_PREFERENCE: readonly Verdict[] = ['licensed', 'licensed_provisional', 'domain_not_listed', 'licence_not_active']

/** Of one host's listings under one operator in one register, the one named: the most current status. */
const LINK_STATUS_ORDER: readonly string[] = ['active', 'redirecting', 'parked', 'expired', 'delisted']
const linkStatusRank = (status: string) => {
	const rank = LINK_STATUS_ORDER.indexOf(status)
	return rank < 0 ? LINK_STATUS_ORDER.length : rank
}
export const MAX_ALTERNATIVES = 5

type JudgedListing = { link: DomainLinkEntry; licence: LicenceEntry | null; verdict: Verdict }

/**
 * GET /v1/check?domain=: normalises the hostname (400 not_a_valid_hostname, hostname_too_long
 * or invalid_input on field domain) and answers with SPEC's Check result. Throws AppError.
 */
export function checkDomain(index: CheckIndex, domain: string, options: CheckOptions): CheckResult {
	const query = domainQuery(domain)
	const asOf = resolveAsOf(options)
	return finishResult(index, query, answerDomain(index, query.domain, options.now), options, asOf)
}

/** `query` of a check of `domain`, normalised; throws 400 invalid_query on field domain. */
export function domainQuery(domain: string): DomainQuery {
	const normalised = normaliseHostname(domain)
	if (!normalised.ok) throw invalidQuery(normalised.reason, normalised.message, 'domain')
	return queryOfHostname(normalised)
}

/** The `query` member of an accepted hostname: `input` only when the value sent differs from `domain`. */
export function queryOfHostname({ domain, input }: { domain: string; input?: string }): DomainQuery {
	return input === undefined ? { domain } : { domain, input }
}

/**
 * The verdict for an already normalised hostname (stages: exact listing, related host, name), with
 * at most `alternatives` name alternatives (a batch row carries none, and the name stage holds
 * candidates to a higher bar the fewer operators it has to rank).
 */
export function answerDomain(index: CheckIndex, host: string, now: Date, alternatives = MAX_ALTERNATIVES): Answer {
	const listed = listingStages(index, host, now)
	return listed.answer ?? nameAnswer(index, host, nameStage(index, listed.rootLabel, alternatives), now)
}

/**
 * The exact-listing and related-host stages: their answer, or null with the host's root label when
 * neither applies and the name stage decides.
 */
export function listingStages(index: CheckIndex, host: string, now: Date): { answer: Answer | null; rootLabel: string | null } {
	const { site: registrable, rootLabel, wwwCounterpart: counterpart } = siteParts(host)
	const { onSite, atSite } = linksAroundSite(index, registrable)
	const siblings = onSite.filter((link) => !sameSite(host, link.hostname))
	const related_hosts = relatedHostEntries(siblings)
	const withRelated = <T extends Answer>(answer: T): T => (related_hosts.length > 0 ? { ...answer, related_hosts } : answer)

	// A host is usually its registrable domain or that domain's www form: its links were read with the site's.
	const linksAt = (hostname: string) => (hostname === registrable ? atSite : linksForHostname(index, hostname))
	const exact = [...linksAt(host), ...(counterpart ? linksAt(counterpart) : [])]
	if (exact.length > 0) return { answer: withRelated(exactAnswer(index, host, exact, now)), rootLabel }
	if (siblings.length > 0) return { answer: withRelated(relatedAnswer(index, host, registrable, siblings, now)), rootLabel }
	return { answer: null, rootLabel }
}

function judge(index: CheckIndex, link: DomainLinkEntry): JudgedListing {
	const licence = coveringLicence(index, link)
	return { link, licence, verdict: listingVerdict(licence, link) }
}

function compareListings(index: CheckIndex, host: string, a: JudgedListing, b: JudgedListing): number {
	return (
		LISTING_PREFERENCE.indexOf(a.verdict) - LISTING_PREFERENCE.indexOf(b.verdict) ||
		Number(b.link.hostname === host) - Number(a.link.hostname === host) ||
		Number(b.link.link_status === 'active') - Number(a.link.link_status === 'active') ||
		index.order.indexOf(a.link.jurisdiction) - index.order.indexOf(b.link.jurisdiction) ||
		(a.licence && b.licence ? compareLicences(a.licence, b.licence, index) : 0) ||
		compareCodePoints(a.link.operator.slug, b.link.operator.slug) ||
		// Last, so the choice never depends on the order the register's rows were read in.
		compareCodePoints(a.link.hostname, b.link.hostname) ||
		// A host listed twice under one operator in one register (the schema's unique key forbids it, the index does not).
		linkStatusRank(a.link.link_status) - linkStatusRank(b.link.link_status) ||
		(a.licence && b.licence ? orderLicences(a.licence, b.licence, index) : Number(a.licence === null) - Number(b.licence === null))
	)
}

function exactAnswer(index: CheckIndex, host: string, links: DomainLinkEntry[], now: Date): Answer {
	const judged = oneListingPerSite(links.map((link) => judge(index, link)).sort((a, b) => compareListings(index, host, a, b)))
	const [primary, ...others] = judged as [JudgedListing, ...JudgedListing[]]
	const answer: Answer = {
		verdict: primary.verdict,
		verdict_detail: words.join([
			words.domainListingDetail(index, host, primary.link, primary.licence, now),
			otherListingsNote(index, others)
		]),
		match: domainMatch(index, 'domain_exact', primary.link, primary.licence),
		licence: primary.licence,
		alternatives: []
	}
	if (others.length > 0) answer.jurisdictions = judged.map((listing) => domainListing(index, listing, listing === primary))
	return answer
}

/**
 * A host and its www-counterpart are one site: the same register listing both under the same operator
 * and licence is one listing (the preferred one, already first), not a second register link.
 */
function oneListingPerSite(sorted: readonly JudgedListing[]): JudgedListing[] {
	const seen = new Set<string>()
	return sorted.filter(({ link, licence }) => {
		const key = `${link.jurisdiction}\u0000${link.operator.slug}\u0000${licence?.id ?? ''}`
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

function otherListingsNote(index: CheckIndex, others: readonly JudgedListing[]): string {
	if (others.length === 0) return ''
	const described = others.map(({ link, licence }) => {
		const licencePart = licence ? `${words.licenceName(licence)}, ${licence.status}` : 'no licence covering websites'
		return `by the ${jurisdictionOf(index, link.jurisdiction)?.code ?? link.jurisdiction} register under ${link.operator.name} (${licencePart}; domain status ${link.link_status})`
	})
	return `The domain is also listed ${described.join('; ')}; see jurisdictions.`
}

function domainListing(index: CheckIndex, { link, licence, verdict }: JudgedListing, primary: boolean): DomainListing {
	return {
		jurisdiction: link.jurisdiction,
		regulator_name: jurisdictionOf(index, link.jurisdiction)?.name ?? link.jurisdiction,
		operator: link.operator.name,
		operator_slug: link.operator.slug,
		license_id: licence?.id ?? null,
		license_number: licence?.license_number ?? null,
		license_reference_is_ours: licence?.license_reference_is_ours ?? false,
		status: licence?.status ?? null,
		status_qualifier: licence?.status_qualifier ?? null,
		matched_domain: link.hostname,
		domain_status: link.link_status,
		domain_association: link.association,
		verdict,
		primary
	}
}

function relatedHostEntries(links: readonly DomainLinkEntry[]): RelatedHost[] {
	const byListing = new Map<string, RelatedHost>()
	for (const link of links) {
		const key = `${link.hostname} ${link.jurisdiction} ${link.operator.id}`
		const held = byListing.get(key)
		// A host listed twice under one operator (two licences) is named once, never by whichever row was read first.
		if (held && linkStatusRank(held.link_status) <= linkStatusRank(link.link_status)) continue
		byListing.set(key, {
			hostname: link.hostname,
			link_status: link.link_status,
			jurisdiction: link.jurisdiction,
			operator_slug: link.operator.slug
		})
	}
	return [...byListing.values()].sort(
		(a, b) =>
			compareCodePoints(a.hostname, b.hostname) ||
			compareCodePoints(a.jurisdiction, b.jurisdiction) ||
			compareCodePoints(a.operator_slug, b.operator_slug)
	)
}

function relatedAnswer(index: CheckIndex, host: string, registrable: string, siblings: DomainLinkEntry[], now: Date): Answer {
	const operators = new Set(siblings.map((link) => link.operator.id))
	if (operators.size > 1) {
		const hosts = new Set(siblings.map((link) => link.hostname)).size
		return {
			verdict: 'related_host_listed',
			verdict_detail: words.sharedRegistrableDetail(index, host, registrable, hosts, operators.size),
			match: null,
			licence: null,
			alternatives: [],
			match_absence_reason: 'shared_registrable'
		}
	}
	const apexFirst = (link: DomainLinkEntry) => Number(sameSite(registrable, link.hostname))
	const [chosen] = siblings
		.map((link) => judge(index, link))
		.sort((a, b) => apexFirst(b.link) - apexFirst(a.link) || compareListings(index, registrable, a, b))
	if (!chosen) throw new Error('relatedAnswer called without siblings')
	// Rules 1 and 2 come before rule 3: an inactive licence or a delisted related host says so.
	const verdict = chosen.verdict === 'licence_not_active' || chosen.verdict === 'domain_not_listed' ? chosen.verdict : 'related_host_listed'
	return {
		verdict,
		verdict_detail: words.relatedHostDetail(index, host, registrable, chosen.link, chosen.licence, now),
		match: domainMatch(index, 'related_host', chosen.link, chosen.licence),
		licence: chosen.licence,
		alternatives: []
	}
}

/** A name the name stage ranked, with the confidence its score gives and its place (RankedName). */
export type RatedName = { name: NameEntry; confidence: 'medium' | 'low'; order: number; position: number }

/** What the name stage decided for a host no register lists. */
export type NameOutcome =
	| { verdict: 'not_found' }
	| { verdict: 'generic_term'; label: string }
	| { verdict: 'name_match_only'; best: RatedName; others: RatedName[] }

const rated = ({ name, score, order, position }: RankedName): RatedName => ({
	name,
	confidence: score >= NAME_MATCH_MEDIUM ? 'medium' : 'low',
	order,
	position
})

/** The name stage for a host's root label, with at most `alternatives` other operators. */
export function nameStage(index: CheckIndex, label: string | null, alternatives: number): NameOutcome {
	const key = label === null ? '' : labelKey(label)
	if (label === null || key.length === 0) return { verdict: 'not_found' }
	if (isGenericGamblingLabel(key) && operatorsNamedExactly(index, key).size !== 1) return { verdict: 'generic_term', label }
	const [best, ...rest] = scoreNames(index, key, 1 + alternatives)
	if (!best) return { verdict: 'not_found' }
	return { verdict: 'name_match_only', best: rated(best), others: rest.slice(0, alternatives).map(rated) }
}

/** The licence a name match of this confidence reports: the operator's (licenceForName) for medium, none for low. */
export function ratedLicence(index: CheckIndex, { name, confidence }: RatedName): LicenceEntry | null {
	return confidence === 'medium' ? licenceForName(index, name) : null
}

/** The name stage's answer; `host` is the query it is about. */
export function nameAnswer(index: CheckIndex, host: string, outcome: NameOutcome, now: Date): Answer {
	const stale = staleJurisdictions(index, now)
	if (outcome.verdict === 'not_found') {
		return { verdict: 'not_found', verdict_detail: words.notFoundDetail(index, host, stale), match: null, licence: null, alternatives: [] }
	}
	if (outcome.verdict === 'generic_term') {
		return {
			verdict: 'generic_term',
			verdict_detail: words.genericTermDetail(index, host, outcome.label, stale),
			match: null,
			licence: null,
			alternatives: [],
			match_absence_reason: 'generic_term'
		}
	}
	const { best, others } = outcome
	const licence = ratedLicence(index, best)
	return {
		verdict: 'name_match_only',
		verdict_detail: words.nameMatchDetail(index, host, best.name, licence, best.confidence, stale),
		match: nameMatch(index, best.name, licence, best.confidence),
		licence,
		alternatives: others.map((other) => nameAlternative(other.name, ratedLicence(index, other), other.confidence))
	}
}
