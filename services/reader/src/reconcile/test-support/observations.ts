import type {
	Classification,
	JurisdictionCode,
	ParsedAction,
	ParsedDomain,
	ParsedEntity,
	ParsedLicence,
	ParsedRegister
} from '@lv/registers'
import { type CurrentState, type IdSource, type Observation, type Plan, type ReadFile, tradingNameKey } from '../types.ts'

/** Builders and an in-memory apply for the pure reconcile tests (the SQL apply is tested against PostgreSQL). */

export const emptyState = (): CurrentState => ({
	registrations: new Map(),
	licences: new Map(),
	tradingNames: new Map(),
	actionKeys: new Set(),
	takenSlugs: new Set()
})

export function sequentialIds(): IdSource {
	let uuid = 0
	let event = 0
	return {
		uuid: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}`,
		eventId: () => `evt_01J${String(++event).padStart(23, '0')}`
	}
}

export const entity = (upstreamId: string, legalName: string, tradingNames: string[] = []): ParsedEntity => ({
	upstreamId,
	legalName,
	country: null,
	tradingNames: tradingNames.map((name) => ({ name, status: 'Active' })),
	sourceIndex: 0
})

export const licence = (upstreamKey: string, entityId: string, fields: Partial<ParsedLicence> = {}): ParsedLicence => ({
	upstreamKey,
	entityId,
	licenseNumber: upstreamKey,
	referencePrefix: null,
	referenceKey: null,
	upstreamStatus: 'Active',
	licenseTypes: ['Remote'],
	licenseTypeRaw: 'Remote',
	licenseCategory: 'remote',
	coversWebsites: true,
	issuedDate: '2020-01-01',
	expiryDate: null,
	raw: {},
	sourceIndex: 0,
	...fields
})

export const domain = (entityId: string, value: string, fields: Partial<ParsedDomain> = {}): ParsedDomain => ({
	entityId,
	licenceKey: null,
	upstreamValue: value,
	hostname: value.toLowerCase(),
	linkStatus: 'active',
	association: 'direct',
	verificationUrl: null,
	sourceIndex: 0,
	...fields
})

export const action = (upstreamKey: string, fields: Partial<ParsedAction> = {}): ParsedAction => ({
	upstreamKey,
	entityName: 'Someone Ltd',
	licenseNumbers: [],
	actionType: 'fine',
	amountMinorUnits: 100_000,
	currency: 'GBP',
	decisionDate: '2026-10-01',
	summary: 'a financial penalty',
	statusEffect: null,
	sourceIndex: 0,
	...fields
})

const WORDING: Record<string, Classification> = {
	active: { status: 'active', qualifier: null },
	expired: { status: 'expired', qualifier: null },
	lapsed: { status: 'expired', qualifier: null },
	surrendered: { status: 'surrendered', qualifier: null },
	revoked: { status: 'revoked', qualifier: null },
	suspended: { status: 'suspended', qualifier: null },
	cancelled: { status: 'revoked', qualifier: null }
}

/** A small classifier for tests: the words above, anything else unknown. */
export const classifyForTest = (wording: string | null): Classification =>
	WORDING[(wording ?? '').toLowerCase()] ?? { status: 'unknown', qualifier: null }

export const REGISTER_URL = 'https://register.example/licences.csv'
export const ENFORCEMENT_URL = 'https://register.example/enforcement'

export function observe(
	now: Date,
	register: Partial<ParsedRegister>,
	options: { jurisdiction?: JurisdictionCode; actions?: ParsedAction[] } = {}
): Observation {
	const parsed: ParsedRegister = {
		jurisdiction: options.jurisdiction ?? 'UKGC',
		entities: [],
		licences: [],
		domains: [],
		warnings: [],
		...register
	}
	const file = (url: string, n: number): ReadFile => ({
		url,
		sha256: String(n).repeat(64).slice(0, 64),
		fetchedAt: now,
		registerReadId: `read-${n}`
	})
	return {
		jurisdiction: parsed.jurisdiction,
		now,
		register: { entryUrl: REGISTER_URL, files: [file(REGISTER_URL, 1)], parsed },
		classifications: parsed.licences.map((l) => classifyForTest(l.upstreamStatus)),
		enforcement: options.actions
			? {
					entryUrl: ENFORCEMENT_URL,
					files: [file(ENFORCEMENT_URL, 2)],
					parsed: { jurisdiction: parsed.jurisdiction, actions: options.actions, warnings: [] }
				}
			: null
	}
}

/** What the database holds after the plan is applied, as the next run would load it (links are compared in PostgreSQL, not here). */
export function applyToState(state: CurrentState, plan: Plan, now: Date): CurrentState {
	const next: CurrentState = {
		registrations: new Map(state.registrations),
		licences: new Map(state.licences),
		tradingNames: new Map(state.tradingNames),
		actionKeys: new Set(state.actionKeys),
		takenSlugs: state.takenSlugs
	}
	const operators = new Map([...next.registrations.values()].map((r) => [r.operator.id, r.operator]))
	for (const operator of plan.operatorsToInsert) operators.set(operator.id, operator)
	for (const operator of plan.operatorsToUpdate) operators.set(operator.id, operator)
	for (const registration of plan.registrations) {
		next.registrations.set(registration.upstreamId, {
			operator: operators.get(registration.operatorId)!,
			legalName: registration.legalName
		})
	}
	for (const { operatorId, name, status } of plan.tradingNames)
		next.tradingNames.set(tradingNameKey(operatorId, name), { operatorId, name, status, notListedSince: null })
	for (const { operatorId, name } of plan.tradingNamesNotListed) {
		const stored = next.tradingNames.get(tradingNameKey(operatorId, name))
		if (stored) next.tradingNames.set(tradingNameKey(operatorId, name), { ...stored, notListedSince: now })
	}
	for (const row of [...plan.licencesToInsert, ...plan.licencesToUpdate]) next.licences.set(row.upstreamKey, { ...row })
	for (const licence of next.licences.values()) {
		if (plan.touchedListed.includes(licence.id))
			next.licences.set(licence.upstreamKey, { ...licence, lastListedAt: now, lastVerifiedAt: now, statusObservedAt: now })
		if (plan.touchedUnlisted.includes(licence.id))
			next.licences.set(licence.upstreamKey, {
				...licence,
				missedReads: licence.missedReads + 1,
				lastVerifiedAt: now,
				statusObservedAt: now
			})
	}
	for (const row of plan.actionsToInsert) next.actionKeys.add(row.upstreamKey)
	return next
}
