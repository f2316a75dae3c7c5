/** Version of the record shape; a verifier refuses versions it does not know. */
export const EVIDENCE_RECORD_VERSION = 1

/**
 * The licence an answer matched, as the check result named it. `license_reference_is_ours`,
 * `status_qualifier`, `upstream_status` and `expires_at` are absent from records signed before they
 * were added (the signature covers whatever the record holds).
 */
export type EvidenceLicence = {
	license_id: string | null
	license_number: string | null
	/** True when `license_number` is the service's reference (KH, TGC, IOM), never a regulator's number. */
	license_reference_is_ours?: boolean
	operator: string
	operator_slug: string
	jurisdiction: string | null
	regulator_name: string | null
	status: string | null
	status_qualifier?: string | null
	/** The regulator's status words verbatim, as the answer gave them. */
	upstream_status?: string | null
	expires_at?: string | null
	status_source_url: string | null
	status_observed_at: string | null
}

/** The domain link the answer rests on (null for a licence-number check or when nothing matched). */
export type EvidenceDomainLink = {
	matched_domain: string
	domain_status: string | null
	domain_association: string | null
	domain_last_listed_at: string | null
}

/** The historical answer of a check sent with `as_of`: the instant it resolved to and the status then. */
export type EvidenceAsOf = { resolved_at: string; basis: string; status: string | null }

/** One check as answered: the query, the verdict and its plain-English detail, and what matched. */
export type EvidenceCheck = {
	query: Record<string, unknown>
	verdict: string
	verdict_detail: string
	licence: EvidenceLicence | null
	domain_link: EvidenceDomainLink | null
	as_of?: EvidenceAsOf
}

/** One publication the answer rests on: the register read and the SHA-256 of the bytes it read. */
export type EvidencePublication = {
	jurisdiction: string
	publication: string
	source_url: string
	read_at: string
	sha256: string
}

/** The signed record: what was asked, what was answered, when, and which register bytes it rests on. */
export type EvidenceRecord = {
	version: typeof EVIDENCE_RECORD_VERSION
	id: string
	kind: 'check' | 'check_batch'
	checked_at: string
	account_id: string
	checks: EvidenceCheck[]
	checked_jurisdictions: string[]
	publications: EvidencePublication[]
}

type Answer = Record<string, unknown>
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function licenceOf(match: Answer): EvidenceLicence {
	return {
		license_id: text(match.license_id),
		license_number: text(match.license_number),
		license_reference_is_ours: match.license_reference_is_ours === true,
		operator: String(match.operator),
		operator_slug: String(match.operator_slug),
		jurisdiction: text(match.jurisdiction),
		regulator_name: text(match.regulator_name),
		status: text(match.status),
		status_qualifier: text(match.status_qualifier),
		upstream_status: text(match.upstream_status),
		expires_at: text(match.expires_at),
		status_source_url: text(match.status_source_url),
		status_observed_at: text(match.status_observed_at)
	}
}

function domainLinkOf(match: Answer): EvidenceDomainLink | null {
	const domain = text(match.matched_domain)
	if (domain === null) return null
	return {
		matched_domain: domain,
		domain_status: text(match.domain_status),
		domain_association: text(match.domain_association),
		domain_last_listed_at: text(match.domain_last_listed_at)
	}
}

/** The record's view of one Check result (a single check, or a batch row that has a verdict). */
export function evidenceCheckOf(answer: Answer): EvidenceCheck {
	const match = answer.match !== null && typeof answer.match === 'object' ? (answer.match as Answer) : null
	const asOf = answer.as_of as Answer | undefined
	return {
		query: answer.query as Record<string, unknown>,
		verdict: String(answer.verdict),
		verdict_detail: String(answer.verdict_detail),
		licence: match ? licenceOf(match) : null,
		domain_link: match ? domainLinkOf(match) : null,
		as_of: asOf ? { resolved_at: String(asOf.resolved_at), basis: String(asOf.basis), status: text(asOf.status) } : undefined
	}
}

/** The jurisdictions whose registers an answer rests on: those it consulted and the one it matched in. */
export function jurisdictionsOf(answers: readonly Answer[], checked: readonly string[]): string[] {
	const codes = new Set(checked)
	for (const answer of answers) {
		const register = (answer._meta as Answer | undefined)?.register as Answer | undefined
		if (typeof register?.jurisdiction === 'string') codes.add(register.jurisdiction)
		const match = answer.match as Answer | null | undefined
		if (typeof match?.jurisdiction === 'string') codes.add(match.jurisdiction)
	}
	return [...codes].sort()
}

/** The SHA-256 values a record names, each once. */
export const snapshotsNamed = (record: Pick<EvidenceRecord, 'publications'>): string[] => [
	...new Set(record.publications.map((p) => p.sha256))
]
