import { nameKey } from '@lv/names'
import { normaliseHostname } from '@lv/hostnames'
import type { JurisdictionCode, LicenceStatus, LinkStatus, ParsedAction, ParsedDomain, ParsedEntity, ParsedLicence } from '@lv/registers'
import { outboxEvent } from './events.ts'
import { licenseNumberKey } from '@lv/verdict'
import { registrableOf } from './registrable.ts'
import { allocateSlug } from './slug.ts'
import { buildNumberIndex, decideListedStatus, type EnforcementEffect, enforcementEffects, type NumberIndex } from './status.ts'
import {
	type CurrentState,
	type GracePolicy,
	type HistoryChangeType,
	type IdSource,
	type LicenceRow,
	type LicenceState,
	type LinkObservations,
	type Observation,
	type OperatorState,
	type Plan,
	type ReadFile,
	tradingNameKey
} from './types.ts'

export type PlanOptions = {
	grace: GracePolicy
	ids: IdSource
	detectedBy: string
	/** False for a jurisdiction whose links come from elsewhere (CW certificate pages): the plan then carries no links. */
	linksFromRegister?: boolean
}

/** Enforcement entries of these types announce themselves with regulatory_action.added (SPEC Events). */
const ANNOUNCED_ACTIONS: ReadonlySet<string> = new Set(['fine', 'warning', 'revocation', 'licence_suspension'])

const LINK_RANK = { active: 5, redirecting: 4, parked: 3, expired: 2, delisted: 1 } as const

/**
 * Compares one run's observation with the database's state and returns every row to write,
 * the history rows and the outbox events they cause. Pure: time and ids come in, nothing is read.
 * The stages run in this order because each hands the next what it found (and ids are drawn in it).
 */
export function planReconciliation(current: CurrentState, observation: Observation, options: PlanOptions): Plan {
	const run = startRun(current, observation, options)
	const { plan } = run
	const operators = planOperators(run)
	const operatorSlug = operatorSlugs(current, operators.byEntity)
	const numberIndex = licenceNumberIndex(run)
	const effects = enforcementEffects(
		observation.enforcement?.parsed.actions ?? [],
		numberIndex,
		(action) => run.enforcementFileOf(action)?.url ?? ''
	)
	const changes = changeRecorder(run, operatorSlug)
	const seenLicences = planListedLicences(run, operators.byEntity, effects, changes)
	const firstMisses = planUnlistedLicences(run, seenLicences, options.grace, changes)
	plan.counts.licences = current.licences.size + plan.licencesToInsert.length
	if (options.linksFromRegister !== false) plan.links = observeLinks(plan, observation, operators.byEntity, seenLicences)
	planActions(plan, current, observation, {
		numberIndex,
		seenLicences,
		operatorsByName: operators.byName,
		operatorSlug,
		ids: run.ids,
		enforcementFileOf: run.enforcementFileOf
	})
	plan.changed = hasChanges(plan, firstMisses)
	return plan
}

/** What every stage reads (the run's time, ids and files) and the plan they all write into. */
type Run = {
	plan: Plan
	current: CurrentState
	observation: Observation
	now: Date
	jurisdiction: JurisdictionCode
	ids: IdSource
	detectedBy: string
	entryFile: ReadFile
	fileOf(index: number): ReadFile
	enforcementFileOf(action: ParsedAction): ReadFile | undefined
}

function startRun(current: CurrentState, observation: Observation, options: PlanOptions): Run {
	const registerFiles = observation.register.files
	const entryFile = registerFiles[0] as ReadFile
	const enforcementFiles = observation.enforcement?.files ?? []
	return {
		plan: emptyPlan(observation.register.parsed.warnings.length),
		current,
		observation,
		now: observation.now,
		jurisdiction: observation.jurisdiction,
		ids: options.ids,
		detectedBy: options.detectedBy,
		entryFile,
		fileOf: (index) => registerFiles[index] ?? entryFile,
		enforcementFileOf: (action) => enforcementFiles[action.sourceIndex] ?? enforcementFiles[0]
	}
}

function emptyPlan(warnings: number): Plan {
	return {
		operatorsToInsert: [],
		operatorsToUpdate: [],
		registrations: [],
		listedEntityIds: [],
		tradingNames: [],
		tradingNamesNotListed: [],
		licencesToInsert: [],
		licencesToUpdate: [],
		touchedListed: [],
		touchedUnlisted: [],
		numberVersions: [],
		supersededFor: [],
		history: [],
		links: null,
		actionsToInsert: [],
		outbox: [],
		counts: {
			licences: 0,
			listedLicences: 0,
			domains: 0,
			operators: 0,
			created: 0,
			statusChanges: 0,
			actionsAdded: 0,
			tradingNamesNotListed: 0,
			warnings
		},
		changed: false
	}
}

/** Operators: one per registered entity, found again through its registration; and every operator by each name it goes by. */
function planOperators(run: Run): { byEntity: Map<string, OperatorState>; byName: Map<string, Set<string>> } {
	const { plan, current } = run
	const byEntity = new Map<string, OperatorState>()
	const byName = new Map<string, Set<string>>()
	const listed: ListedEntity[] = []
	const noteName = (name: string, operatorId: string) => {
		const key = nameKey(name, 'words')
		if (key === '') return
		const set = byName.get(key) ?? new Set<string>()
		set.add(operatorId)
		byName.set(key, set)
	}
	for (const [, registration] of current.registrations) noteName(registration.legalName, registration.operator.id)
	for (const entity of run.observation.register.parsed.entities) {
		if (byEntity.has(entity.upstreamId)) continue
		const operator = operatorOf(run, entity)
		byEntity.set(entity.upstreamId, operator)
		listed.push({ entity, operator })
		plan.listedEntityIds.push(entity.upstreamId)
		noteName(entity.legalName, operator.id)
		for (const tradingName of entity.tradingNames) noteName(tradingName.name, operator.id)
	}
	planTradingNames(run, listed)
	plan.counts.operators = byEntity.size
	return { byEntity, byName }
}

/** An entity the read prints (the first time it prints it) and its operator. */
type ListedEntity = { entity: ParsedEntity; operator: OperatorState }

/**
 * Trading names as the read prints them: a name first printed, printed with another status or printed
 * again is written; a stored name the read no longer prints is kept and marked not listed, at once, as a
 * domain it no longer lists is delisted. A read the run refuses (a fetch or parse fault, an empty
 * register, more than a third of the licences gone) writes nothing, so marks no name.
 */
function planTradingNames(run: Run, listed: readonly ListedEntity[]): void {
	const { plan, current } = run
	const printed = new Set<string>()
	for (const { entity, operator } of listed) {
		for (const { name, status } of entity.tradingNames) {
			const key = tradingNameKey(operator.id, name)
			if (printed.has(key)) continue
			printed.add(key)
			const stored = current.tradingNames.get(key)
			if (stored === undefined || stored.status !== status || stored.notListedSince !== null) {
				plan.tradingNames.push({ id: run.ids.uuid(), operatorId: operator.id, name, status })
			}
		}
	}
	for (const [key, stored] of current.tradingNames) {
		if (stored.notListedSince !== null || printed.has(key)) continue
		plan.tradingNamesNotListed.push({ operatorId: stored.operatorId, name: stored.name })
	}
	plan.counts.tradingNamesNotListed = plan.tradingNamesNotListed.length
}

/** The operator of a listed entity: the registered one (renamed when its legal name changed) or a new one. */
function operatorOf(run: Run, entity: ParsedEntity): OperatorState {
	const { plan, jurisdiction } = run
	const registration = run.current.registrations.get(entity.upstreamId)
	if (registration) {
		if (registration.legalName === entity.legalName) return registration.operator
		const operator = {
			...registration.operator,
			registeredName: entity.legalName,
			displayName: entity.legalName,
			country: entity.country ?? registration.operator.country
		}
		plan.operatorsToUpdate.push(operator)
		plan.registrations.push({ upstreamId: entity.upstreamId, operatorId: operator.id, legalName: entity.legalName })
		return operator
	}
	const operator: OperatorState = {
		id: run.ids.uuid(),
		slug: allocateSlug(entity.legalName, jurisdiction, run.current.takenSlugs),
		registeredName: entity.legalName,
		displayName: entity.legalName,
		country: entity.country
	}
	plan.operatorsToInsert.push({ ...operator, upstreamIds: { [jurisdiction]: entity.upstreamId } })
	plan.registrations.push({ upstreamId: entity.upstreamId, operatorId: operator.id, legalName: entity.legalName })
	return operator
}

function operatorSlugs(current: CurrentState, operatorByEntity: Map<string, OperatorState>): Map<string, string> {
	const operatorSlug = new Map<string, string>()
	for (const [, registration] of current.registrations) operatorSlug.set(registration.operator.id, registration.operator.slug)
	for (const operator of operatorByEntity.values()) operatorSlug.set(operator.id, operator.slug)
	return operatorSlug
}

/** Every licence number the read or the database knows, by its key, for matching enforcement decisions to licences. */
function licenceNumberIndex(run: Run): NumberIndex {
	const known = [...run.observation.register.parsed.licences, ...run.current.licences.values()]
	return buildNumberIndex(
		known.map((licence) => ({ upstreamKey: licence.upstreamKey, licenseNumber: licence.licenseNumber })),
		run.jurisdiction
	)
}

/** How a licence's changes are written down: its history rows and the events they announce. */
type ChangeRecorder = {
	history(
		licence: LicenceRow,
		file: ReadFile,
		previous: LicenceStatus | null,
		changeType: HistoryChangeType,
		note: string,
		eventId: string | null
	): void
	issued(licence: LicenceRow, file: ReadFile, sourceUrl: string, note: string): void
	statusMove(licence: LicenceRow, previous: LicenceStatus, file: ReadFile, sourceUrl: string, note: string): void
	holderMove(licence: LicenceRow, previousOperatorId: string, file: ReadFile): void
}

function changeRecorder(run: Run, operatorSlug: Map<string, string>): ChangeRecorder {
	const { plan, ids, now } = run
	const history: ChangeRecorder['history'] = (licence, file, previous, changeType, note, eventId) => {
		plan.history.push({
			id: ids.uuid(),
			licenseId: licence.id,
			changedAt: now,
			previousStatus: previous,
			newStatus: licence.status,
			changeType,
			sourceUrl: file.url,
			detectedBy: run.detectedBy,
			note,
			snapshotSha256: file.sha256,
			snapshotFetchedAt: file.fetchedAt,
			registerReadId: file.registerReadId,
			eventId
		})
	}
	const licenceEventData = (licence: LicenceRow, sourceUrl: string) => ({
		license_id: licence.id,
		license_number: licence.licenseNumber,
		license_reference_is_ours: licence.licenseReferenceIsOurs,
		operator_id: licence.operatorId,
		operator_slug: operatorSlug.get(licence.operatorId) ?? null,
		jurisdiction_code: run.jurisdiction,
		changed_at: now.toISOString(),
		source_url: sourceUrl
	})
	return {
		history,
		issued(licence, file, sourceUrl, note) {
			const eventId = ids.eventId()
			plan.outbox.push(outboxEvent('license.issued', eventId, now, { ...licenceEventData(licence, sourceUrl), status: licence.status }))
			history(licence, file, null, 'created', note, eventId)
			plan.counts.created++
		},
		statusMove(licence, previous, file, sourceUrl, note) {
			const eventId = ids.eventId()
			const eventName = licence.status === 'expired' ? 'license.expired' : 'license.status_changed'
			plan.outbox.push(
				outboxEvent(eventName, eventId, now, {
					...licenceEventData(licence, sourceUrl),
					previous_status: previous,
					new_status: licence.status
				})
			)
			history(licence, file, previous, licence.status === 'revoked' ? 'revoked' : 'status_change', note, eventId)
			plan.counts.statusChanges++
		},
		holderMove(licence, previousOperatorId, file) {
			const slugOf = (operatorId: string) => operatorSlug.get(operatorId) ?? operatorId
			const note = `licence listed under operator ${slugOf(licence.operatorId)} (was ${slugOf(previousOperatorId)})`
			history(licence, file, licence.status, 'data_update', note, null)
		}
	}
}

/** Licences the register lists: each becomes a row, inserted, updated or only touched. Returns them by upstream key. */
function planListedLicences(
	run: Run,
	operatorByEntity: Map<string, OperatorState>,
	effects: Map<string, EnforcementEffect>,
	changes: ChangeRecorder
): Map<string, LicenceRow> {
	const { plan, current, observation } = run
	const usedReferences = new Set([...current.licences.values()].map((licence) => licence.licenseNumberKey))
	const seenLicences = new Map<string, LicenceRow>()
	observation.register.parsed.licences.forEach((licence, index) => {
		const operator = operatorByEntity.get(licence.entityId)
		const existing = current.licences.get(licence.upstreamKey)
		const number = seenLicences.has(licence.upstreamKey) || !operator ? null : licenceNumber(licence, existing, usedReferences)
		if (!operator || number === null) {
			plan.counts.warnings++
			return
		}
		const classification = observation.classifications[index] ?? { status: 'unknown' as const, qualifier: null }
		const file = run.fileOf(licence.sourceIndex)
		const effect = effects.get(licence.upstreamKey)
		const decided = decideListedStatus(licence, classification, file.url, effect)
		const statusFile = decided.sourceUrl === file.url ? file : (effect && run.enforcementFileOf(effect.action)) || file
		const row = listedLicenceRow(run, licence, existing, operator, number, decided, file)
		seenLicences.set(licence.upstreamKey, row)
		if (existing) recordListedChanges(run, existing, row, { file, statusFile, decided }, changes)
		else {
			plan.licencesToInsert.push(row)
			plan.numberVersions.push({ licenseId: row.id, licenseNumber: row.licenseNumber, licenseNumberKey: row.licenseNumberKey })
			changes.issued(row, statusFile, decided.sourceUrl, `first observed in the register (${decided.because})`)
		}
	})
	plan.counts.listedLicences = seenLicences.size
	return seenLicences
}

type ListedStatus = ReturnType<typeof decideListedStatus>

function listedLicenceRow(
	run: Run,
	licence: ParsedLicence,
	existing: LicenceState | undefined,
	operator: OperatorState,
	number: { printed: string; ours: boolean },
	decided: ListedStatus,
	file: ReadFile
): LicenceRow {
	const { now } = run
	return {
		id: existing?.id ?? run.ids.uuid(),
		jurisdictionCode: run.jurisdiction,
		operatorId: operator.id,
		upstreamKey: licence.upstreamKey,
		licenseNumber: number.printed,
		licenseNumberKey: licenseNumberKey(number.printed),
		licenseReferenceIsOurs: number.ours,
		status: decided.status,
		statusQualifier: decided.qualifier,
		upstreamStatus: licence.upstreamStatus,
		licenseTypes: licence.licenseTypes,
		licenseTypeRaw: licence.licenseTypeRaw,
		licenseCategory: licence.licenseCategory,
		issuedDate: licence.issuedDate,
		expiryDate: licence.expiryDate,
		coversWebsites: licence.coversWebsites,
		notListedSince: null,
		missedReads: 0,
		lastVerifiedAt: now,
		lastListedAt: now,
		sourceUrl: file.url,
		statusSourceUrl: decided.sourceUrl,
		statusObservedAt: now,
		rawData: licence.raw,
		firstObservedAt: existing?.firstObservedAt ?? now
	}
}

/** A stored licence listed again: its status move, re-issued number or renewal is recorded, and the row rewritten only when its content differs. */
function recordListedChanges(
	run: Run,
	existing: LicenceState,
	row: LicenceRow,
	read: { file: ReadFile; statusFile: ReadFile; decided: ListedStatus },
	changes: ChangeRecorder
): void {
	const { plan } = run
	const { file, statusFile, decided } = read
	if (existing.status !== row.status) {
		const relisted =
			existing.status === 'not_in_register'
				? `listed again after not being listed since ${existing.notListedSince?.toISOString() ?? 'an earlier read'}; `
				: ''
		changes.statusMove(row, existing.status, statusFile, decided.sourceUrl, `${relisted}${decided.because}`)
	}
	if (existing.operatorId !== row.operatorId) changes.holderMove(row, existing.operatorId, file)
	if (existing.licenseNumberKey !== row.licenseNumberKey) {
		plan.numberVersions.push({ licenseId: row.id, licenseNumber: row.licenseNumber, licenseNumberKey: row.licenseNumberKey })
		plan.supersededFor.push({ licenseId: row.id, licenseNumber: row.licenseNumber, licenseNumberKey: row.licenseNumberKey })
		changes.history(
			row,
			file,
			row.status,
			'data_update',
			`licence number re-issued as ${row.licenseNumber} (was ${existing.licenseNumber})`,
			null
		)
	}
	if (existing.expiryDate !== null && row.expiryDate !== null && row.expiryDate > existing.expiryDate) {
		changes.history(row, file, row.status, 'renewed', `expiry date moved from ${existing.expiryDate} to ${row.expiryDate}`, null)
	}
	if (rowContentDiffers(existing, row)) plan.licencesToUpdate.push(row)
	else plan.touchedListed.push(row.id)
}

/**
 * Licences the register no longer lists: kept as they were for the grace window, then not_in_register.
 * Returns how many were missed for the first time (a change even when no row's content moves).
 */
function planUnlistedLicences(run: Run, seenLicences: Map<string, LicenceRow>, grace: GracePolicy, changes: ChangeRecorder): number {
	const { plan, now, observation } = run
	let firstMisses = 0
	for (const existing of run.current.licences.values()) {
		if (seenLicences.has(existing.upstreamKey)) continue
		if (existing.status === 'not_in_register') {
			plan.touchedUnlisted.push(existing.id)
			continue
		}
		const notListedSince = existing.notListedSince ?? now
		if (existing.notListedSince === null) firstMisses++
		const missedReads = existing.missedReads + 1
		const row: LicenceRow = { ...existing, jurisdictionCode: run.jurisdiction, notListedSince, missedReads, lastVerifiedAt: now }
		if (missedReads >= grace.missedReads && now.getTime() - notListedSince.getTime() >= grace.minimumMs) {
			const previous = existing.status
			Object.assign(row, {
				status: 'not_in_register',
				statusQualifier: null,
				upstreamStatus: null,
				statusSourceUrl: observation.register.entryUrl,
				statusObservedAt: now
			} satisfies Partial<LicenceRow>)
			const note = `not listed in the register since ${notListedSince.toISOString()} (${missedReads} reads missed it)`
			changes.statusMove(row, previous, run.entryFile, observation.register.entryUrl, note)
		}
		plan.licencesToUpdate.push(row)
	}
	return firstMisses
}

function hasChanges(plan: Plan, firstMisses: number): boolean {
	const written =
		plan.operatorsToInsert.length +
		plan.operatorsToUpdate.length +
		plan.tradingNames.length +
		plan.tradingNamesNotListed.length +
		plan.licencesToInsert.length +
		plan.history.length +
		plan.actionsToInsert.length
	return written > 0 || firstMisses > 0 || plan.licencesToUpdate.some((row) => row.notListedSince === null)
}

/** The printed number, or the service's reference for registers that print none (kept once minted). */
function licenceNumber(
	licence: ParsedLicence,
	existing: LicenceState | undefined,
	used: Set<string>
): { printed: string; ours: boolean } | null {
	if (licence.licenseNumber !== null && licence.licenseNumber.trim() !== '') return { printed: licence.licenseNumber.trim(), ours: false }
	if (existing?.licenseReferenceIsOurs) return { printed: existing.licenseNumber, ours: true }
	if (licence.referencePrefix === null || licence.referenceKey === null) return null
	const base = `${licence.referencePrefix}/${licence.referenceKey}`
	let candidate = base
	for (let n = 2; used.has(licenseNumberKey(candidate)); n++) candidate = `${base}-${n}`
	used.add(licenseNumberKey(candidate))
	return { printed: candidate, ours: true }
}

const sameArray = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i])

/**
 * Whether a listed licence's stored row must be rewritten. raw_data alone does not count: it is
 * diagnostic and churns with the publication's row order; it is refreshed whenever the row is.
 */
function rowContentDiffers(existing: LicenceState, row: LicenceRow): boolean {
	return (
		existing.operatorId !== row.operatorId ||
		existing.licenseNumber !== row.licenseNumber ||
		existing.status !== row.status ||
		existing.statusQualifier !== row.statusQualifier ||
		existing.upstreamStatus !== row.upstreamStatus ||
		!sameArray(existing.licenseTypes, row.licenseTypes) ||
		existing.licenseTypeRaw !== row.licenseTypeRaw ||
		existing.licenseCategory !== row.licenseCategory ||
		existing.issuedDate !== row.issuedDate ||
		existing.expiryDate !== row.expiryDate ||
		existing.coversWebsites !== row.coversWebsites ||
		existing.notListedSince !== null ||
		existing.missedReads !== 0 ||
		existing.sourceUrl !== row.sourceUrl ||
		existing.statusSourceUrl !== row.statusSourceUrl ||
		existing.licenseReferenceIsOurs !== row.licenseReferenceIsOurs
	)
}

/**
 * The links the register lists, one per (operator, hostname): the best-ranked listing of a host
 * wins; a licence or verification page named by any of its listings is kept. Whether a link is
 * new, changed or gone is decided against the stored links in PostgreSQL (store/apply-links.ts).
 */
function observeLinks(
	plan: Plan,
	observation: Observation,
	operatorByEntity: Map<string, OperatorState>,
	licences: Map<string, LicenceRow>
): LinkObservations {
	const links: LinkObservations = {
		operatorIds: [],
		hostnames: [],
		registrableDomains: [],
		licenseIds: [],
		linkStatuses: [],
		associations: [],
		upstreamValues: [],
		verificationUrls: []
	}
	// operator id -> hostname -> index: no concatenated key string per link.
	const indexOf = new Map<string, Map<string, number>>()
	for (const domain of observation.register.parsed.domains) {
		const operator = operatorByEntity.get(domain.entityId)
		const hostname = normalisedHost(domain)
		if (!operator || hostname === null) {
			plan.counts.warnings++
			continue
		}
		const licenseId = domain.licenceKey === null ? null : (licences.get(domain.licenceKey)?.id ?? null)
		let hosts = indexOf.get(operator.id)
		if (!hosts) {
			hosts = new Map()
			indexOf.set(operator.id, hosts)
		}
		const known = hosts.get(hostname)
		if (known !== undefined) {
			if (LINK_RANK[domain.linkStatus] > LINK_RANK[links.linkStatuses[known] as LinkStatus]) {
				links.linkStatuses[known] = domain.linkStatus
				links.associations[known] = domain.association ?? links.associations[known] ?? null
				links.upstreamValues[known] = domain.upstreamValue
			}
			links.licenseIds[known] ??= licenseId
			links.verificationUrls[known] ??= domain.verificationUrl
			continue
		}
		hosts.set(hostname, links.hostnames.length)
		links.operatorIds.push(operator.id)
		links.hostnames.push(hostname)
		links.registrableDomains.push(registrableOf(hostname))
		links.licenseIds.push(licenseId)
		links.linkStatuses.push(domain.linkStatus)
		links.associations.push(domain.association)
		links.upstreamValues.push(domain.upstreamValue)
		links.verificationUrls.push(domain.verificationUrl)
	}
	plan.counts.domains = links.linkStatuses.reduce((listed, status) => (status === 'delisted' ? listed : listed + 1), 0)
	return links
}

const PLAIN_HOST = /^(?=.{1,253}$)(?!.*[a-z0-9-]{64})[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/

function normalisedHost(domain: ParsedDomain): string | null {
	if (domain.hostname === null) return null
	// Most hosts are already lowercase ASCII with no empty or edge-dashed label: nothing to convert.
	if (PLAIN_HOST.test(domain.hostname) && !/\.\d+$/.test(domain.hostname)) return domain.hostname
	const normalised = normaliseHostname(domain.hostname)
	return normalised.ok ? normalised.domain : null
}

function planActions(
	plan: Plan,
	current: CurrentState,
	observation: Observation,
	context: {
		numberIndex: NumberIndex
		seenLicences: Map<string, LicenceRow>
		operatorsByName: Map<string, Set<string>>
		operatorSlug: Map<string, string>
		ids: IdSource
		enforcementFileOf: (action: ParsedAction) => ReadFile | undefined
	}
): void {
	const enforcement = observation.enforcement
	if (!enforcement) return
	const { now, jurisdiction } = observation
	const licenceByKey = new Map<string, { id: string; operatorId: string }>()
	for (const licence of current.licences.values()) licenceByKey.set(licence.upstreamKey, licence)
	for (const [key, licence] of context.seenLicences) licenceByKey.set(key, licence)
	const added = new Set<string>()
	for (const action of enforcement.parsed.actions) {
		if (current.actionKeys.has(action.upstreamKey) || added.has(action.upstreamKey)) continue
		added.add(action.upstreamKey)
		const file = context.enforcementFileOf(action)
		let licence: { id: string; operatorId: string } | undefined
		for (const printed of action.licenseNumbers) {
			const key = context.numberIndex.resolve(printed)
			licence = key === undefined ? undefined : licenceByKey.get(key)
			if (licence) break
		}
		const byName = context.operatorsByName.get(nameKey(action.entityName, 'words'))
		const operatorId = licence?.operatorId ?? (byName?.size === 1 ? [...byName][0] : undefined) ?? null
		const row = {
			id: context.ids.uuid(),
			upstreamKey: action.upstreamKey,
			operatorId,
			licenseId: licence?.id ?? null,
			entityName: action.entityName,
			actionType: action.actionType,
			amountMinorUnits: action.amountMinorUnits,
			currency: action.currency,
			decisionDate: action.decisionDate,
			summary: action.summary,
			sourceUrl: file?.url ?? enforcement.entryUrl,
			snapshotSha256: file?.sha256 ?? null,
			licenseNumbers: action.licenseNumbers,
			statusEffect: action.statusEffect
		}
		plan.actionsToInsert.push(row)
		plan.counts.actionsAdded++
		if (!ANNOUNCED_ACTIONS.has(action.actionType)) continue
		const eventId = context.ids.eventId()
		plan.outbox.push(
			outboxEvent('regulatory_action.added', eventId, now, {
				regulatory_action_id: row.id,
				jurisdiction_code: jurisdiction,
				operator_id: operatorId,
				operator_slug: operatorId === null ? null : (context.operatorSlug.get(operatorId) ?? null),
				license_id: row.licenseId,
				license_numbers: row.licenseNumbers,
				entity_name: row.entityName,
				action_type: row.actionType,
				amount_minor_units: row.amountMinorUnits,
				currency: row.currency,
				decision_date: row.decisionDate,
				summary: row.summary,
				source_url: row.sourceUrl
			})
		)
	}
}
