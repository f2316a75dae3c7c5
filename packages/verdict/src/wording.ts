import { isFresh } from './freshness.ts'
import type { CheckIndex, DomainLinkEntry, JurisdictionEntry, LicenceEntry, NameEntry } from './index-model.ts'
import { jurisdictionOf } from './lookup.ts'
import { isInForceWording } from './match.ts'
import type { AsOf, StaleJurisdiction } from './result.ts'
import { toIso } from './time.ts'

/*
 * verdict_detail sentences. Rules (SPEC GET /v1/check): name the regulator, operator and
 * licence, never presenting the service's KH/TGC/IOM reference as a licence number; say when
 * the listing was read and, separately, whether that register's last read is past its SLA;
 * scope every miss to the covered registers; never call anything unlicensed.
 */

export function regulator(jurisdiction: JurisdictionEntry): string {
	return `the ${jurisdiction.name} (${jurisdiction.code})`
}

/** `licence 039011-R-319371-004`, or for the service's own references a description without it. */
export function licenceName(licence: LicenceEntry): string {
	if (licence.license_reference_is_ours) return `a ${licence.jurisdiction} licence for which the regulator publishes no number`
	return `licence ${licence.license_number}`
}

export function statusWords(licence: LicenceEntry): string {
	switch (licence.status) {
		case 'active':
			return licence.status_qualifier === 'provisional_under_assessment'
				? 'active but provisional: the register lists it as under assessment past its stated term and a decision is outstanding, so re-check it later'
				: 'active'
		case 'suspended':
			return 'suspended by the regulator (an enforcement decision)'
		case 'revoked':
			return 'revoked by the regulator (an enforcement decision)'
		case 'expired':
			return "expired according to the register's wording"
		case 'pending':
			return 'pending, not yet in force'
		case 'surrendered':
			return 'surrendered by the operator (not an enforcement decision)'
		case 'not_in_register': {
			const since = toIso(licence.not_listed_since)
			return `no longer listed in the register${since ? ` since ${since}` : ''} (an observation by this service, not a regulator decision)`
		}
		case 'unknown':
			return licence.upstream_status
				? `listed with wording the service could not classify ("${licence.upstream_status}")`
				: 'listed with a status the service could not classify'
	}
}

/** The coverage phrase per jurisdiction order (one array per index snapshot): every miss and name answer says it. */
const coverageByOrder = new WeakMap<readonly string[], string>()

export function coverage(index: CheckIndex): string {
	let phrase = coverageByOrder.get(index.order)
	if (phrase === undefined) {
		phrase = `the registers this service covers (${index.order.join(', ')})`
		coverageByOrder.set(index.order, phrase)
	}
	return phrase
}

/** When the listing was read: the given listing time, else the register's last successful read. */
export function listingRead(what: string, listedAt: number | null, jurisdiction: JurisdictionEntry): string {
	const at = listedAt ?? jurisdiction.last_successful_read_at
	if (at === null) return ''
	return `${what} was last seen in the ${jurisdiction.code} register read at ${toIso(at)}.`
}

/**
 * When a licence was last seen listed; for one the latest reads missed, only a listing time kept
 * (the register's last read did not list it), then since when it has not been listed.
 */
export function licenceRead(licence: LicenceEntry, jurisdiction: JurisdictionEntry): string {
	if (licence.not_listed_since === null) return listingRead('The licence', licence.last_listed_at, jurisdiction)
	return join([
		licence.last_listed_at === null ? '' : listingRead('The licence', licence.last_listed_at, jurisdiction),
		licenceMissed(licence)
	])
}

/**
 * Since when the register has not listed a licence that still carries the status last read (not
 * not_in_register, whose status words say it): SPEC `not_listed_since`.
 */
export function licenceMissed(licence: LicenceEntry): string {
	const since = toIso(licence.not_listed_since)
	if (since === null || licence.status === 'not_in_register') return ''
	return `The ${licence.jurisdiction} register has not listed the licence since ${since} (an observation by this service); its status is the one last read.`
}

/**
 * When a domain link was read. A delisted link has no listing time (SPEC keeps neither the last
 * listing nor the delisting time), so it is dated by the register read that shows it delisted.
 */
export function linkRead(what: string, link: DomainLinkEntry, jurisdiction: JurisdictionEntry): string {
	if (link.link_status !== 'delisted') return listingRead(what, link.link_status === 'active' ? link.last_listed_at : null, jurisdiction)
	const readAt = toIso(jurisdiction.last_successful_read_at)
	if (readAt === null) return ''
	return `The delisting is as of the ${jurisdiction.code} register read at ${readAt}; the time ${link.hostname} was last listed is not kept.`
}

/** Whether the register's last read is past its SLA, said separately from the listing time. */
export function registerFreshness(jurisdiction: JurisdictionEntry, now: Date): string {
	const readAt = toIso(jurisdiction.last_successful_read_at)
	if (readAt === null)
		return `The ${jurisdiction.code} register has not been read successfully yet, so this listing cannot be confirmed as current.`
	if (isFresh(jurisdiction, now)) {
		return `The ${jurisdiction.code} register's last successful read (${readAt}) is within its ${jurisdiction.sla_hours}-hour freshness target.`
	}
	return `The ${jurisdiction.code} register's last successful read (${readAt}) is past its ${jurisdiction.sla_hours}-hour freshness target, so the listing may have changed since.`
}

export function staleNote(stale: readonly StaleJurisdiction[]): string {
	if (stale.length === 0) return ''
	const list = stale.map((entry) => `${entry.jurisdiction} (${entry.last_read_at ? `last read ${entry.last_read_at}` : 'never read'})`)
	return `Registers past their freshness target, so this answer may be incomplete: ${list.join(', ')}.`
}

export function notAFinding(): string {
	return 'This is not a finding about licences from regulators the service does not cover.'
}

export function verificationPage(link: DomainLinkEntry): string {
	const verification = link.verification
	if (verification === null || verification.url === null) return ''
	const readAt = toIso(verification.page_read_at)
	if (verification.page_status === null || readAt === null) {
		return `The regulator publishes a verification page for ${link.hostname}; the service holds no reading of it yet.`
	}
	const reading = `The regulator's verification page for ${link.hostname} read "${verification.page_status}" at ${readAt}`
	return isInForceWording(verification.page_status) ? `${reading}.` : `${reading}; that wording is not confirmation of a licence in force.`
}

function hostAsListed(query: string, link: DomainLinkEntry): string {
	return link.hostname === query ? query : `${query} (listed as ${link.hostname})`
}

/** A domain_exact listing, for the verdicts rules 1, 2, 4 and 5 give it. */
export function domainListingDetail(
	index: CheckIndex,
	query: string,
	link: DomainLinkEntry,
	licence: LicenceEntry | null,
	now: Date
): string {
	const jurisdiction = jurisdictionOf(index, link.jurisdiction)
	if (!jurisdiction) return ''
	const host = hostAsListed(query, link)
	const operator = link.operator.name
	const sentences: string[] = []
	if (licence === null) {
		sentences.push(
			`${host} is listed by ${regulator(jurisdiction)} under ${operator}, but ${operator} holds no ${jurisdiction.code} licence that can cover a website (for example only non-remote licences), so no licence status applies to this domain.`
		)
	} else if (licence.status !== 'active') {
		sentences.push(
			`${host} is listed by ${regulator(jurisdiction)} under ${operator}, which holds ${licenceName(licence)}; the licence is ${statusWords(licence)}.`
		)
		if (link.link_status === 'delisted') sentences.push(`The register no longer lists ${link.hostname} on that licence.`)
	} else if (link.link_status !== 'active') {
		const listing =
			link.link_status === 'delisted'
				? `no longer lists ${link.hostname} on it`
				: `lists ${link.hostname} as ${link.link_status}, not as an active site`
		sentences.push(
			`${operator} holds ${licenceName(licence)} from ${regulator(jurisdiction)}, which is ${statusWords(licence)}, but the register ${listing}, so that licence does not cover this site.`
		)
	} else {
		sentences.push(
			`${host} is listed by ${regulator(jurisdiction)} as an active site of ${operator}, which holds ${licenceName(licence)}; the licence is ${statusWords(licence)}.`
		)
	}
	if (licence !== null) sentences.push(licenceMissed(licence))
	if (link.association === 'white_label') sentences.push(`The register marks the domain as a white-label site of ${operator}.`)
	sentences.push(verificationPage(link))
	sentences.push(linkRead('The listing', link, jurisdiction))
	sentences.push(registerFreshness(jurisdiction, now))
	return join(sentences)
}

export function relatedHostDetail(
	index: CheckIndex,
	query: string,
	registrable: string,
	link: DomainLinkEntry,
	licence: LicenceEntry | null,
	now: Date
): string {
	const jurisdiction = jurisdictionOf(index, link.jurisdiction)
	if (!jurisdiction) return ''
	const operator = link.operator.name
	const licencePart =
		licence === null
			? `${operator} holds no ${jurisdiction.code} licence that can cover a website`
			: `${operator} holds ${licenceName(licence)}, which is ${statusWords(licence)}`
	return join([
		`${query} itself is not listed in ${coverage(index)}.`,
		`${link.hostname === registrable ? `The registrable domain ${registrable}` : `${link.hostname}, another host on the registrable domain ${registrable},`} is listed by ${regulator(jurisdiction)} under ${operator} with domain status ${link.link_status}; ${licencePart}.`,
		licence === null ? '' : licenceMissed(licence),
		`A listing of another host does not cover ${query}.`,
		linkRead('That listing', link, jurisdiction),
		registerFreshness(jurisdiction, now)
	])
}

export function sharedRegistrableDetail(index: CheckIndex, query: string, registrable: string, hosts: number, operators: number): string {
	return join([
		`${query} itself is not listed in ${coverage(index)}.`,
		`${hosts} other ${hosts === 1 ? 'host' : 'hosts'} on the same registrable domain ${registrable} ${hosts === 1 ? 'is' : 'are'} listed under ${operators} different operators, so no single operator is matched; see related_hosts.`,
		'A listing of another host does not cover this one.'
	])
}

export function nameMatchDetail(
	index: CheckIndex,
	query: string,
	name: NameEntry,
	licence: LicenceEntry | null,
	confidence: 'medium' | 'low',
	stale: readonly StaleJurisdiction[]
): string {
	return `${query}${nameMatchRemark(index, name, licence, confidence)}${staleSuffix(stale)}`
}

/**
 * nameMatchDetail between its query and its stale note: what depends on the name matched alone (an answer
 * written from parts keeps it once per name, ADR 0061).
 */
export function nameMatchRemark(index: CheckIndex, name: NameEntry, licence: LicenceEntry | null, confidence: 'medium' | 'low'): string {
	const operator = name.operator.name
	const kind = name.kind === 'trading' ? 'a trading name' : 'the registered name'
	const sentences = [` is not listed in ${coverage(index)}.`]
	if (confidence === 'medium') {
		const licenceJurisdiction = licence ? jurisdictionOf(index, licence.jurisdiction) : null
		const holding =
			licence && licenceJurisdiction
				? `${operator} holds ${licenceName(licence)} from ${regulator(licenceJurisdiction)}, which is ${statusWords(licence)}`
				: `no licence of ${operator} is held in those registers`
		sentences.push(`Its name closely resembles "${name.name}", ${kind} of ${operator}; ${holding}.`)
		sentences.push('That status belongs to the operator, not to this domain, which no register lists and which may be a lookalike.')
	} else {
		const nameJurisdiction = jurisdictionOf(index, name.jurisdiction)
		const where = nameJurisdiction ? `, published by ${regulator(nameJurisdiction)}` : ''
		sentences.push(
			`Its name weakly resembles "${name.name}", ${kind} of ${operator}${where}; the operator is a guess and no licence is matched to this domain.`
		)
	}
	return sentences.join(' ')
}

export function notFoundDetail(index: CheckIndex, query: string, stale: readonly StaleJurisdiction[]): string {
	return `${query}${notFoundRemark(index)}${staleSuffix(stale)}`
}

/** notFoundDetail between its query and its stale note. */
export function notFoundRemark(index: CheckIndex): string {
	return ` is not listed in ${coverage(index)}, and its name resembles no operator listed there. ${notAFinding()}`
}

/** The stale note as the last sentence of a detail: with its leading space, or nothing. */
export function staleSuffix(stale: readonly StaleJurisdiction[]): string {
	const note = staleNote(stale)
	return note.length > 0 ? ` ${note}` : ''
}

export function genericTermDetail(index: CheckIndex, query: string, label: string, stale: readonly StaleJurisdiction[]): string {
	return join([
		`${query} is not listed in ${coverage(index)}.`,
		`Its name "${label}" is a generic gambling term, so the service does not match it to any operator by name.`,
		notAFinding(),
		staleNote(stale)
	])
}

export function licenceNumberDetail(index: CheckIndex, licence: LicenceEntry, now: Date): string {
	const jurisdiction = jurisdictionOf(index, licence.jurisdiction)
	if (!jurisdiction) return ''
	const operator = licence.operator.name
	const subject = licence.license_reference_is_ours
		? `The service reference sent identifies a ${jurisdiction.code} licence of ${operator} (${regulator(jurisdiction)} publishes no licence number); it`
		: licence.status === 'not_in_register'
			? `Licence ${licence.license_number}, which ${regulator(jurisdiction)} listed for ${operator},`
			: `Licence ${licence.license_number} is listed by ${regulator(jurisdiction)} for ${operator} and`
	return join([`${subject} is ${statusWords(licence)}.`, licenceRead(licence, jurisdiction), registerFreshness(jurisdiction, now)])
}

export function supersededDetail(index: CheckIndex, earlier: string, licence: LicenceEntry): string {
	const jurisdiction = jurisdictionOf(index, licence.jurisdiction)
	const by = jurisdiction ? `${jurisdiction.code} ` : ''
	return `${earlier} is an earlier version of ${by}licence ${licence.license_number}, the version the register now lists.`
}

export function licenceNotFoundDetail(index: CheckIndex, sent: string, stale: readonly StaleJurisdiction[]): string {
	return join([`No licence matching "${sent}" is listed in ${coverage(index)}.`, notAFinding(), staleNote(stale)])
}

export function dualListingNote(others: number): string {
	return `The domain has ${others} other register ${others === 1 ? 'listing' : 'listings'}, which the single check (GET /v1/check) shows in jurisdictions.`
}

/** The historical answer that leads verdict_detail when as_of was given. */
export function asOfDetail(asOf: AsOf): string {
	const at = asOf.resolved_at
	switch (asOf.basis) {
		case 'observed':
			return `At ${at} the service's history records the licence as ${asOf.status} (recorded ${asOf.transition?.changed_at}); the rest of this answer is the current status.`
		case 'corrected':
			return `At ${at} the status in effect came from a record that was later withdrawn as wrong, so the service gives no status for that time; the rest of this answer is the current status.`
		case 'before_tracking':
			return `${at} is before the service began tracking this licence (${asOf.tracking_since}), so no status is given for that time; the rest of this answer is the current status.`
		case 'no_such_license':
			return `The service holds no status history for this licence, so no status is given for ${at}; the rest of this answer is the current status.`
		case 'no_license_resolved':
			return `No specific licence was matched, so no status is given for ${at}; the rest of this answer is the current status.`
	}
}

export function join(sentences: readonly string[]): string {
	return sentences.filter((sentence) => sentence.length > 0).join(' ')
}

/** A value safe to quote back: control characters dropped, at most 64 characters. */
export function quotable(value: string): string {
	return value
		.replace(/[\p{Cc}\p{Cf}"]/gu, '')
		.trim()
		.slice(0, 64)
}
