/**
 * The shapes every register adapter produces. Parsers are pure: bytes in, records out, or a
 * RegisterParseError. Status classification is per jurisdiction because the wording is.
 */

export type JurisdictionCode = 'UKGC' | 'MGA' | 'CW' | 'KH' | 'AN' | 'TGC' | 'IOM'
export const JURISDICTION_CODES: readonly JurisdictionCode[] = ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']

export type LicenceStatus = 'active' | 'suspended' | 'revoked' | 'expired' | 'pending' | 'surrendered' | 'not_in_register' | 'unknown'
export type StatusQualifier = 'provisional_under_assessment'
export type LinkStatus = 'active' | 'parked' | 'expired' | 'redirecting' | 'delisted'
export type DomainAssociation = 'direct' | 'white_label'

/** One fetched file of a publication. `url` is where it was read from (after pagination discovery). */
export type FetchedFile = {
	url: string
	bytes: Uint8Array
	contentType: string | null
}

/** An entity (company) as the register prints it. */
export type ParsedEntity = {
	/** Stable id of the entity within this register (UKGC account number without zero padding, MGA registration number or a name key, …). */
	upstreamId: string
	legalName: string
	country: string | null
	tradingNames: { name: string; status: string | null }[]
	/** Index into the files array the entity was read from. */
	sourceIndex: number
}

export type ParsedLicence = {
	/** Stable identity of the licence within this register across runs (UKGC: number without its version suffix). */
	upstreamKey: string
	entityId: string
	/** As printed; null where the register publishes no number (KH, TGC, IOM): the reader assigns the service reference. */
	licenseNumber: string | null
	/** For KH/TGC/IOM: the reference kind, e.g. 'KH/IG', 'KH/CSPA', 'TGC/B2C', 'TGC/B2B', 'IOM/OGRA'. */
	referencePrefix: string | null
	/** For KH/TGC (slug part) and IOM (company key): the stable part of the service reference. */
	referenceKey: string | null
	/** Verbatim status wording, null when the register prints none. */
	upstreamStatus: string | null
	/** Regulator vocabulary, verbatim (SPEC "Licence-type vocabulary"). */
	licenseTypes: string[]
	licenseTypeRaw: string
	/** Harmonised category: 'remote', 'non-remote', 'ancillary', 'b2b', 'other'. */
	licenseCategory: string
	/** Whether this licence can cover a consumer website (UKGC Remote, MGA B2C/Type 1-3, CW B2C, …). */
	coversWebsites: boolean
	issuedDate: string | null
	expiryDate: string | null
	raw: Record<string, unknown>
	sourceIndex: number
}

export type ParsedDomain = {
	entityId: string
	/** The licence the register ties this domain to, when it does (CW, MGA seals); null when domains hang off the entity (UKGC). */
	licenceKey: string | null
	/** The cell value as printed. */
	upstreamValue: string
	/** Lower-cased bare hostname extracted from the value (scheme, path, port, zero-width chars stripped); null if none could be extracted. */
	hostname: string | null
	linkStatus: LinkStatus
	association: DomainAssociation | null
	verificationUrl: string | null
	sourceIndex: number
}

export type ParsedRegister = {
	jurisdiction: JurisdictionCode
	entities: ParsedEntity[]
	licences: ParsedLicence[]
	domains: ParsedDomain[]
	/** Non-fatal oddities seen (duplicate rows merged, unparseable date kept raw, …). */
	warnings: string[]
}

export type RegulatoryActionType = 'fine' | 'warning' | 'revocation' | 'licence_suspension' | 'settlement' | 'public_warning'

export type ParsedAction = {
	/** Stable identity of the entry within the publication across runs. */
	upstreamKey: string
	entityName: string
	/** Licence numbers named in the entry, as printed (stray spaces kept). */
	licenseNumbers: string[]
	actionType: RegulatoryActionType
	amountMinorUnits: number | null
	currency: string | null
	decisionDate: string | null
	summary: string
	/** When the entry is an enforcement decision that sets a licence status (revoked/suspended). */
	statusEffect: 'revoked' | 'suspended' | null
	sourceIndex: number
}

export type ParsedEnforcement = {
	jurisdiction: JurisdictionCode
	actions: ParsedAction[]
	warnings: string[]
}

/** What a per-domain verification page (CW certificate, TGC seal, MGA seal) printed, verbatim. */
export type ParsedVerificationPage = {
	/** The status wording verbatim (e.g. 'Active', 'Not Active', 'cannot be found or the token has expired'); null when none. */
	pageStatus: string | null
	/** Whether the wording is in-force wording. */
	inForce: boolean
	holderName: string | null
	licenseNumber: string | null
	domains: string[]
}

export type Classification = { status: LicenceStatus; qualifier: StatusQualifier | null }

export type ClassifyContext = {
	licence: ParsedLicence
	/** The read time, for rules such as CW "under assessment past its term". */
	now: Date
}

/** One publication a jurisdiction reads. */
export type PublicationKind = 'register' | 'enforcement'

export interface RegisterAdapter {
	code: JurisdictionCode
	/** Further URLs to fetch after reading `file` (pagination, linked CSVs); empty when none. Relative links are resolved against file.url. */
	discover(file: FetchedFile, kind: PublicationKind): string[]
	/** Parses every file of one register read. Throws RegisterParseError; never anything else. */
	parseRegister(files: FetchedFile[]): ParsedRegister
	/** Maps verbatim wording (plus context) to a SPEC licence status; unclassifiable wording is 'unknown', never 'active'. */
	classify(upstreamStatus: string | null, context: ClassifyContext): Classification
	/** Present for jurisdictions whose enforcement publication is read (UKGC, MGA, CW). */
	parseEnforcement?(files: FetchedFile[]): ParsedEnforcement
	/** Present where per-domain verification pages exist (CW certificates, TGC seals, MGA seals). */
	parseVerificationPage?(file: FetchedFile): ParsedVerificationPage
}

export class RegisterParseError extends Error {
	override readonly name = 'RegisterParseError'
	constructor(
		readonly reason: 'malformed' | 'truncated' | 'empty' | 'unexpected_format' | 'encoding',
		message: string,
		readonly sourceUrl?: string
	) {
		super(message)
	}
}
