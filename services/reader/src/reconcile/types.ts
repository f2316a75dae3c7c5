import type {
	Classification,
	DomainAssociation,
	JurisdictionCode,
	LicenceStatus,
	LinkStatus,
	ParsedEnforcement,
	ParsedRegister,
	RegulatoryActionType,
	StatusQualifier
} from '@lv/registers'

/** One file of a read as it was filed: where it came from and which snapshot / register_reads row holds it. */
export type ReadFile = {
	url: string
	sha256: string
	fetchedAt: Date
	registerReadId: string
}

export type PublicationRead<P> = {
	/** The publication's entry URL (the page the read started from). */
	entryUrl: string
	files: ReadFile[]
	parsed: P
}

/** Everything one run observed, ready to be compared with the database. */
export type Observation = {
	jurisdiction: JurisdictionCode
	now: Date
	register: PublicationRead<ParsedRegister>
	/** Classification of each parsed licence, parallel to `register.parsed.licences`. */
	classifications: Classification[]
	enforcement: PublicationRead<ParsedEnforcement> | null
}

export type OperatorState = { id: string; slug: string; registeredName: string; displayName: string; country: string | null }

export type LicenceState = {
	id: string
	operatorId: string
	upstreamKey: string
	licenseNumber: string
	licenseNumberKey: string
	licenseReferenceIsOurs: boolean
	status: LicenceStatus
	statusQualifier: StatusQualifier | null
	upstreamStatus: string | null
	licenseTypes: string[]
	licenseTypeRaw: string
	licenseCategory: string
	issuedDate: string | null
	expiryDate: string | null
	coversWebsites: boolean
	notListedSince: Date | null
	missedReads: number
	lastVerifiedAt: Date
	lastListedAt: Date | null
	sourceUrl: string
	statusSourceUrl: string | null
	statusObservedAt: Date | null
	rawData: Record<string, unknown>
	firstObservedAt: Date
}

/**
 * The domain links one read lists, one per (operator, hostname), as parallel arrays: entry i of
 * every array describes link i. Compared with the stored links inside PostgreSQL (the store's
 * applyLinks), so a 200,000-link register is never loaded into objects.
 */
export type LinkObservations = {
	operatorIds: string[]
	hostnames: string[]
	registrableDomains: string[]
	licenseIds: (string | null)[]
	linkStatuses: LinkStatus[]
	associations: (DomainAssociation | null)[]
	upstreamValues: string[]
	verificationUrls: (string | null)[]
}

/** The database's view of one jurisdiction before the run. */
export type CurrentState = {
	/** Registration upstream id -> operator. */
	registrations: Map<string, { operator: OperatorState; legalName: string }>
	licences: Map<string, LicenceState>
	/** Every stored trading name of the jurisdiction, keyed by `tradingNameKey`. */
	tradingNames: Map<string, StoredTradingName>
	actionKeys: Set<string>
	/** Every operator slug in use, across jurisdictions (slugs are globally unique). */
	takenSlugs: Set<string>
}

export type GracePolicy = {
	/** Consecutive reads that must miss a licence before it becomes not_in_register. */
	missedReads: number
	/** And the time since the first missed read. */
	minimumMs: number
}

export type IdSource = {
	uuid(): string
	eventId(): string
}

export type LicenceRow = Omit<LicenceState, 'firstObservedAt'> & { firstObservedAt: Date; jurisdictionCode: JurisdictionCode }

export type HistoryChangeType = 'created' | 'status_change' | 'renewed' | 'revoked' | 'data_update'

export type HistoryRow = {
	id: string
	licenseId: string
	changedAt: Date
	previousStatus: LicenceStatus | null
	newStatus: LicenceStatus
	changeType: HistoryChangeType
	sourceUrl: string
	detectedBy: string
	note: string
	snapshotSha256: string | null
	snapshotFetchedAt: Date | null
	registerReadId: string | null
	eventId: string | null
}

export type RegulatoryActionRow = {
	id: string
	upstreamKey: string
	operatorId: string | null
	licenseId: string | null
	entityName: string
	actionType: RegulatoryActionType
	amountMinorUnits: number | null
	currency: string | null
	decisionDate: string | null
	summary: string
	sourceUrl: string
	snapshotSha256: string | null
	licenseNumbers: string[]
	statusEffect: 'revoked' | 'suspended' | null
}

export type OutboxRow = {
	eventId: string
	eventName: string
	payload: Record<string, unknown>
}

export type TradingNameRow = { id: string; operatorId: string; name: string; status: string | null }

/** A trading name as stored: its last printed status, and since when the register no longer prints it (null while it does). */
export type StoredTradingName = { operatorId: string; name: string; status: string | null; notListedSince: Date | null }

/** One trading name of one operator (the table's unique key within a jurisdiction). */
export const tradingNameKey = (operatorId: string, name: string) => `${operatorId} ${name}`

export type RegistrationRow = { upstreamId: string; operatorId: string; legalName: string }

export type NumberVersionRow = { licenseId: string; licenseNumber: string; licenseNumberKey: string }

export type PlanCounts = {
	licences: number
	listedLicences: number
	domains: number
	operators: number
	created: number
	statusChanges: number
	actionsAdded: number
	/** Trading names this read no longer prints. */
	tradingNamesNotListed: number
	warnings: number
}

/** What a run writes. Rows are complete values, so applying the plan needs no further decisions. */
export type Plan = {
	operatorsToInsert: (OperatorState & { upstreamIds: Record<string, string> })[]
	operatorsToUpdate: OperatorState[]
	/** New registrations and ones whose legal name changed. */
	registrations: RegistrationRow[]
	/** Every entity the read lists (their registrations' last_seen_at advances). */
	listedEntityIds: string[]
	/** Names first printed, printed with another status, or printed again after a read that did not print them. */
	tradingNames: TradingNameRow[]
	/** Names the previous read printed and this one does not: kept, marked not listed since this read. */
	tradingNamesNotListed: { operatorId: string; name: string }[]
	licencesToInsert: LicenceRow[]
	licencesToUpdate: LicenceRow[]
	/** Listed licences whose row is unchanged apart from the read-time stamps. */
	touchedListed: string[]
	/** Licences already not_in_register and still not listed: stamps and missed_reads only. */
	touchedUnlisted: string[]
	numberVersions: NumberVersionRow[]
	/** Licence ids whose earlier numbers are superseded now. */
	supersededFor: NumberVersionRow[]
	history: HistoryRow[]
	/** Null when the jurisdiction's links do not come from its register (CW: certificate pages); the stored links are then left alone. */
	links: LinkObservations | null
	actionsToInsert: RegulatoryActionRow[]
	outbox: OutboxRow[]
	counts: PlanCounts
	/** True when any row other than read-time stamps changes. */
	changed: boolean
}
