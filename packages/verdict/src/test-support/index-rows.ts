import { buildIndex } from '../build-index.ts'
import type { CheckIndex } from '../index-model.ts'
import type { DomainLinkRow, LicenceRow, LicenseNumberVersionRow, OperatorRow, RegisterRows, TradingNameRow } from '../rows.ts'

/** Shared fixtures for the verdict tests: seven jurisdictions read an hour before NOW. */
export const NOW = new Date('2026-11-01T12:00:00.000Z')
export const HOUR = 3_600_000
export const READ_AT = new Date(NOW.getTime() - HOUR)

export const JURISDICTIONS = [
	{ code: 'UKGC', name: 'UK Gambling Commission', sla_hours: 24, confidence_hint: 'authoritative' as const, position: 1 },
	{ code: 'MGA', name: 'Malta Gaming Authority', sla_hours: 48, position: 2 },
	{ code: 'CW', name: 'Curaçao Gaming Authority', sla_hours: 48, position: 3 },
	{ code: 'KH', name: 'Kahnawà:ke Gaming Commission', sla_hours: 48, position: 4 },
	{ code: 'AN', name: 'Anjouan Offshore Finance Authority', sla_hours: 24, position: 5 },
	{ code: 'TGC', name: 'Tobique Gaming Commission', sla_hours: 24, position: 6 },
	{ code: 'IOM', name: 'Isle of Man Gambling Supervision Commission', sla_hours: 24, position: 7 }
]

let counter = 0
const uuid = () => {
	counter++
	return `00000000-0000-4000-8000-${counter.toString().padStart(12, '0')}`
}

export function operator(slug: string, display_name: string, registered_name = `${display_name} Ltd`): OperatorRow {
	return { id: uuid(), slug, display_name, registered_name }
}

export function licence(owner: OperatorRow, fields: Partial<LicenceRow> & { license_number: string }): LicenceRow {
	return {
		id: uuid(),
		operator_id: owner.id,
		jurisdiction_code: 'UKGC',
		license_reference_is_ours: false,
		status: 'active',
		status_qualifier: null,
		upstream_status: 'Active',
		expiry_date: null,
		covers_websites: true,
		status_source_url: 'https://register.example/licences',
		status_observed_at: READ_AT,
		not_listed_since: null,
		last_listed_at: READ_AT,
		source_url: 'https://register.example/licences',
		first_observed_at: new Date('2026-01-01T00:00:00.000Z'),
		...fields
	}
}

export function link(owner: OperatorRow, hostname: string, held: LicenceRow | null, fields: Partial<DomainLinkRow> = {}): DomainLinkRow {
	return {
		operator_id: owner.id,
		license_id: held?.id ?? null,
		jurisdiction_code: held?.jurisdiction_code ?? 'UKGC',
		hostname,
		link_status: 'active',
		association: 'direct',
		last_listed_at: READ_AT,
		verification_url: null,
		verification_page_status: null,
		verification_page_read_at: null,
		...fields
	}
}

export type FixtureRows = {
	operators?: OperatorRow[]
	licences?: LicenceRow[]
	links?: DomainLinkRow[]
	tradingNames?: TradingNameRow[]
	versions?: LicenseNumberVersionRow[]
	readAt?: Partial<Record<string, Date | null>>
}

export function rows(fixture: FixtureRows): RegisterRows {
	return {
		jurisdictions: JURISDICTIONS,
		registerStatus: JURISDICTIONS.map(({ code }) => ({
			jurisdiction_code: code,
			last_successful_read_at: fixture.readAt && code in fixture.readAt ? (fixture.readAt[code] ?? null) : READ_AT
		})),
		operators: fixture.operators ?? [],
		tradingNames: fixture.tradingNames ?? [],
		licences: fixture.licences ?? [],
		licenseNumberVersions: fixture.versions ?? [],
		domainLinks: fixture.links ?? []
	}
}

export function index(fixture: FixtureRows): CheckIndex {
	return buildIndex(rows(fixture))
}

/**
 * One world with a licensed brand (brand.com under UKGC), used by several test files:
 * www-only listings, related hosts, a KH permit with the service's reference, a platform host.
 */
export function brandWorld() {
	const brand = operator('brand-gaming', 'Brand Gaming', 'Brand Gaming Limited')
	const brandRemote = licence(brand, { license_number: '039011-R-319371-005' })
	const kh = operator('northern-lights', 'Northern Lights', '3-102-939256 SRL')
	const khPermit = licence(kh, {
		jurisdiction_code: 'KH',
		license_number: 'KH/IG/northern-lights',
		license_reference_is_ours: true,
		upstream_status: null
	})
	const fixture: FixtureRows = {
		operators: [brand, kh],
		licences: [brandRemote, khPermit],
		links: [
			link(brand, 'brand.com', brandRemote),
			link(brand, 'www.brandbet.co.uk', brandRemote),
			link(kh, 'northernlights.com', khPermit)
		],
		tradingNames: [{ operator_id: brand.id, jurisdiction_code: 'UKGC', name: 'BrandBet' }],
		versions: [{ license_id: brandRemote.id, license_number: '039011-R-319371-004' }]
	}
	return { brand, brandRemote, kh, khPermit, fixture, index: index(fixture) }
}
