import { describe, expect, test } from 'bun:test'
import type { ParsedAction } from '@lv/registers'
import { judgePlausibility } from './plausibility.ts'
import { planReconciliation, type PlanOptions } from './plan.ts'
import { slugify } from './slug.ts'
import {
	ENFORCEMENT_URL,
	REGISTER_URL,
	action,
	applyToState,
	domain,
	emptyState,
	entity,
	licence,
	observe,
	sequentialIds
} from './test-support/observations.ts'
import type { CurrentState, Plan } from './types.ts'

const HOUR = 3_600_000
const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 6))
const options = (): PlanOptions => ({ grace: { missedReads: 2, minimumMs: 48 * HOUR }, ids: sequentialIds(), detectedBy: 'reader' })

const baseRegister = () => ({
	entities: [entity('1', 'Harbour Gaming Ltd', ['Harbour Bet']), entity('2', 'Nightjar Play Ltd')],
	licences: [
		licence('000001-R-000001', '1', { licenseNumber: '000001-R-000001-001' }),
		licence('000002-R-000002', '2', { licenseNumber: '000002-R-000002-003' })
	],
	domains: [domain('1', 'harbourbet.com'), domain('2', 'nightjar.example')]
})

/** Runs observations in sequence, each against the state the previous one left. */
function runDays(steps: { at: Date; register: Parameters<typeof observe>[1]; actions?: ParsedAction[] }[]): {
	plans: Plan[]
	state: CurrentState
} {
	let state = emptyState()
	const plans: Plan[] = []
	const opts = options()
	for (const step of steps) {
		const plan = planReconciliation(state, observe(step.at, step.register, { actions: step.actions }), opts)
		plans.push(plan)
		state = applyToState(state, plan, step.at)
	}
	return { plans, state }
}

describe('planReconciliation', () => {
	test('first observation creates operators and licences with one license.issued each and no status_changed', () => {
		const { plans } = runDays([{ at: day(0), register: baseRegister() }])
		const plan = plans[0]!
		expect(plan.operatorsToInsert.map((o) => o.slug)).toEqual(['harbour-gaming-ltd', 'nightjar-play-ltd'])
		expect(plan.licencesToInsert).toHaveLength(2)
		expect(plan.history.map((h) => [h.changeType, h.previousStatus, h.newStatus])).toEqual([
			['created', null, 'active'],
			['created', null, 'active']
		])
		expect(plan.outbox.map((e) => e.eventName)).toEqual(['license.issued', 'license.issued'])
		const data = plan.outbox[0]!.payload.data as Record<string, unknown>
		expect(data).toMatchObject({
			status: 'active',
			license_number: '000001-R-000001-001',
			operator_slug: 'harbour-gaming-ltd',
			jurisdiction_code: 'UKGC',
			source_url: REGISTER_URL
		})
		expect(data.previous_status).toBeUndefined()
		expect(plan.outbox[0]!.payload).toMatchObject({ event: 'license.issued', api_version: '2026-04-20', livemode: true })
		expect(plan.history[0]!.eventId).toBe(plan.outbox[0]!.eventId)
		expect(plan.history[0]!.snapshotSha256).toMatch(/^[0-9a-f]{64}$/)
	})

	test('a no-change re-read writes no history, no events and no rows beyond read stamps', () => {
		const { plans } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: baseRegister() }
		])
		const plan = plans[1]!
		expect(plan.history).toEqual([])
		expect(plan.outbox).toEqual([])
		expect(plan.licencesToUpdate).toEqual([])
		expect(plan.touchedListed).toHaveLength(2)
		expect(plan.changed).toBe(false)
	})

	test('expired wording sends license.expired instead of license.status_changed', () => {
		const expired = baseRegister()
		expired.licences[0] = licence('000001-R-000001', '1', { licenseNumber: '000001-R-000001-001', upstreamStatus: 'Lapsed' })
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: expired }
		])
		expect(plans[1]!.outbox.map((e) => e.eventName)).toEqual(['license.expired'])
		expect(plans[1]!.outbox[0]!.payload.data).toMatchObject({ previous_status: 'active', new_status: 'expired' })
		expect(state.licences.get('000001-R-000001')).toMatchObject({ status: 'expired', upstreamStatus: 'Lapsed' })
	})

	test('surrendered wording is a status_change with both statuses in the event', () => {
		const surrendered = baseRegister()
		surrendered.licences[1] = licence('000002-R-000002', '2', { licenseNumber: '000002-R-000002-003', upstreamStatus: 'Surrendered' })
		const { plans } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: surrendered }
		])
		expect(plans[1]!.history.map((h) => [h.changeType, h.previousStatus, h.newStatus])).toEqual([
			['status_change', 'active', 'surrendered']
		])
		expect(plans[1]!.outbox[0]!.payload).toMatchObject({
			event: 'license.status_changed',
			data: { previous_status: 'active', new_status: 'surrendered' }
		})
	})

	test('unclassifiable wording is unknown, never active, and keeps the wording', () => {
		const odd = baseRegister()
		odd.licences[0] = licence('000001-R-000001', '1', {
			licenseNumber: '000001-R-000001-001',
			upstreamStatus: 'Under Review (Section 116)'
		})
		const { state } = runDays([{ at: day(0), register: odd }])
		expect(state.licences.get('000001-R-000001')).toMatchObject({ status: 'unknown', upstreamStatus: 'Under Review (Section 116)' })
	})

	test('a licence not listed keeps its status through the grace window, then becomes not_in_register from the first missed read', () => {
		const without = baseRegister()
		without.licences = without.licences.slice(0, 1)
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: without },
			{ at: day(2), register: without },
			{ at: day(3), register: without },
			{ at: day(4), register: without }
		])
		expect(plans[1]!.outbox).toEqual([])
		expect(plans[1]!.licencesToUpdate[0]).toMatchObject({ status: 'active', missedReads: 1, notListedSince: day(1) })
		// two missed reads but only 24 h: still in the grace window
		expect(plans[2]!.outbox).toEqual([])
		expect(plans[3]!.history.map((h) => [h.previousStatus, h.newStatus])).toEqual([['active', 'not_in_register']])
		expect(plans[3]!.outbox[0]!.payload.data).toMatchObject({
			previous_status: 'active',
			new_status: 'not_in_register',
			source_url: REGISTER_URL
		})
		expect(plans[4]!.history).toEqual([])
		expect(plans[4]!.touchedUnlisted).toHaveLength(1)
		expect(state.licences.get('000002-R-000002')).toMatchObject({
			status: 'not_in_register',
			upstreamStatus: null,
			notListedSince: day(1),
			statusSourceUrl: REGISTER_URL
		})
	})

	test('a licence missing for one read and then back writes no history and clears not_listed_since', () => {
		const without = baseRegister()
		without.licences = without.licences.slice(0, 1)
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: without },
			{ at: day(2), register: baseRegister() }
		])
		expect(plans[2]!.history).toEqual([])
		expect(plans[2]!.outbox).toEqual([])
		expect(state.licences.get('000002-R-000002')).toMatchObject({
			status: 'active',
			notListedSince: null,
			missedReads: 0,
			lastListedAt: day(2)
		})
	})

	test('a licence listed again after not_in_register returns to its classified status with an event', () => {
		const without = baseRegister()
		without.licences = without.licences.slice(0, 1)
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: without },
			{ at: day(3), register: without },
			{ at: day(4), register: baseRegister() }
		])
		expect(plans[3]!.outbox[0]!.payload.data).toMatchObject({ previous_status: 'not_in_register', new_status: 'active' })
		expect(plans[3]!.history[0]!.note).toContain('listed again')
		expect(state.licences.get('000002-R-000002')).toMatchObject({ status: 'active', notListedSince: null, upstreamStatus: 'Active' })
	})

	test('a suspension read from the enforcement publication sets suspended with that publication as status source', () => {
		const suspension = action('goldwin-2026-10-02', {
			entityName: 'Nightjar Play Ltd',
			licenseNumbers: ['000002- R-000002-003'],
			actionType: 'licence_suspension',
			amountMinorUnits: null,
			currency: null,
			statusEffect: 'suspended',
			decisionDate: '2026-10-02'
		})
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister(), actions: [] },
			{ at: day(1), register: baseRegister(), actions: [suspension] },
			{ at: day(2), register: baseRegister(), actions: [suspension] }
		])
		const plan = plans[1]!
		expect(state.licences.get('000002-R-000002')).toMatchObject({
			status: 'suspended',
			statusSourceUrl: ENFORCEMENT_URL,
			upstreamStatus: 'Active'
		})
		expect(plan.history[0]).toMatchObject({ changeType: 'status_change', newStatus: 'suspended', sourceUrl: ENFORCEMENT_URL })
		expect(plan.outbox.map((e) => e.eventName).sort()).toEqual(['license.status_changed', 'regulatory_action.added'])
		expect(plan.actionsToInsert[0]).toMatchObject({ operatorId: state.registrations.get('2')!.operator.id, statusEffect: 'suspended' })
		expect(plans[2]!.outbox).toEqual([])
	})

	test('a revocation is recorded with change_type revoked; a fine is announced with its amount', () => {
		const revocation = action('rev-1', {
			licenseNumbers: ['000001-R-000001-001'],
			actionType: 'revocation',
			statusEffect: 'revoked',
			amountMinorUnits: null,
			currency: null
		})
		const fine = action('fine-1', { entityName: 'Harbour Bet', amountMinorUnits: 2_875_000, currency: 'GBP' })
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister(), actions: [] },
			{ at: day(1), register: baseRegister(), actions: [revocation, fine] }
		])
		expect(plans[1]!.history[0]).toMatchObject({ changeType: 'revoked', newStatus: 'revoked' })
		const added = plans[1]!.outbox
			.filter((e) => e.eventName === 'regulatory_action.added')
			.map((e) => e.payload.data as Record<string, unknown>)
		expect(added.find((d) => d.action_type === 'fine')).toMatchObject({
			amount_minor_units: 2_875_000,
			currency: 'GBP',
			operator_id: state.registrations.get('1')!.operator.id,
			operator_slug: 'harbour-gaming-ltd'
		})
	})

	test('a settlement is recorded without an event and an unmatched entity stays unlinked', () => {
		const settlement = action('s-1', { entityName: 'Nobody We Know plc', actionType: 'settlement' })
		const { plans } = runDays([{ at: day(0), register: baseRegister(), actions: [settlement] }])
		expect(plans[0]!.actionsToInsert[0]).toMatchObject({ operatorId: null, actionType: 'settlement' })
		expect(plans[0]!.outbox.filter((e) => e.eventName === 'regulatory_action.added')).toEqual([])
	})

	test('a UKGC number re-issued under a new version stays one licence with a data_update and both numbers kept', () => {
		const reissued = baseRegister()
		reissued.licences[0] = licence('000001-R-000001', '1', { licenseNumber: '000001-R-000001-002' })
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: reissued }
		])
		expect(plans[1]!.outbox).toEqual([])
		expect(plans[1]!.history).toMatchObject([
			{ changeType: 'data_update', note: 'licence number re-issued as 000001-R-000001-002 (was 000001-R-000001-001)' }
		])
		expect(plans[1]!.numberVersions).toEqual([
			{ licenseId: plans[0]!.licencesToInsert[0]!.id, licenseNumber: '000001-R-000001-002', licenseNumberKey: '000001R000001002' }
		])
		expect(state.licences.get('000001-R-000001')!.licenseNumber).toBe('000001-R-000001-002')
	})

	test('a licence number listed under another operator is recorded in its history as a change of holder', () => {
		const moved = baseRegister()
		moved.licences[0] = licence('000001-R-000001', '2', { licenseNumber: '000001-R-000001-001' })
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: moved }
		])
		const [harbour, nightjar] = plans[0]!.operatorsToInsert
		expect(state.licences.get('000001-R-000001')!.operatorId).toBe(nightjar!.id)
		expect(plans[1]!.history).toMatchObject([
			{
				changeType: 'data_update',
				licenseId: plans[0]!.licencesToInsert[0]!.id,
				note: `licence listed under operator ${nightjar!.slug} (was ${harbour!.slug})`
			}
		])
		expect(plans[1]!.changed).toBe(true)
	})

	test('registers without numbers get a stable service reference that survives a changed key', () => {
		const kh = (key: string) => ({
			entities: [entity('talon', 'Talon Peak Limited')],
			licences: [
				licence('KH/IG/talon', 'talon', { licenseNumber: null, referencePrefix: 'KH/IG', referenceKey: key, upstreamStatus: null })
			]
		})
		const { state } = runDays([
			{ at: day(0), register: kh('talon-peak') },
			{ at: day(1), register: kh('talon-peak-limited') }
		])
		expect(state.licences.get('KH/IG/talon')).toMatchObject({
			licenseNumber: 'KH/IG/talon-peak',
			licenseReferenceIsOurs: true,
			licenseNumberKey: 'KHIGTALONPEAK'
		})
	})

	test('two entities with the same name get distinct slugs and a known operator keeps its slug', () => {
		const state = emptyState()
		state.takenSlugs.add('harbour-gaming-ltd')
		const plan = planReconciliation(
			state,
			observe(day(0), { entities: [entity('1', 'Harbour Gaming Ltd'), entity('9', 'Harbour Gaming Ltd')] }),
			options()
		)
		expect(plan.operatorsToInsert.map((o) => o.slug)).toEqual(['harbour-gaming-ltd-ukgc', 'harbour-gaming-ltd-ukgc-2'])
		const next = applyToState(state, plan, day(0))
		const renamed = planReconciliation(next, observe(day(1), { entities: [entity('1', 'Harbour Gaming Limited')] }), options())
		expect(renamed.operatorsToInsert).toEqual([])
		expect(renamed.operatorsToUpdate).toMatchObject([{ slug: 'harbour-gaming-ltd-ukgc', registeredName: 'Harbour Gaming Limited' }])
	})

	test('links are observed one per operator and host with their link status, and carry no events', () => {
		const { plans } = runDays([{ at: day(0), register: baseRegister() }])
		expect(plans[0]!.links).toMatchObject({
			hostnames: ['harbourbet.com', 'nightjar.example'],
			linkStatuses: ['active', 'active'],
			licenseIds: [null, null]
		})
		expect(plans[0]!.links!.operatorIds[0]).toBe(plans[0]!.operatorsToInsert[0]!.id)
		expect(plans[0]!.counts.domains).toBe(2)
		expect(plans[0]!.outbox.map((event) => event.eventName)).toEqual(['license.issued', 'license.issued'])
	})

	test('a jurisdiction whose links come from certificate pages plans no links from its register', () => {
		const plan = planReconciliation(emptyState(), observe(day(0), baseRegister(), { jurisdiction: 'CW' }), {
			...options(),
			linksFromRegister: false
		})
		expect(plan.links).toBeNull()
	})

	test('hostnames are stored lowercase in punycode with their registrable domain', () => {
		const register = {
			entities: [entity('1', 'Harbour Gaming Ltd')],
			domains: [domain('1', 'Shop.Bücher.co.uk', { hostname: 'Shop.Bücher.co.uk' }), domain('1', 'x.github.io')]
		}
		const plan = planReconciliation(emptyState(), observe(day(0), register), options())
		expect(plan.links!.hostnames.map((hostname, i) => [hostname, plan.links!.registrableDomains[i]])).toEqual([
			['shop.xn--bcher-kva.co.uk', 'xn--bcher-kva.co.uk'],
			['x.github.io', 'x.github.io']
		])
	})

	test('a trading name the read no longer prints is kept and marked not listed, a change; printed again it is listed again, a change', () => {
		const renamed = baseRegister()
		renamed.entities[0] = entity('1', 'Harbour Gaming Ltd', ['Harbour Bets'])
		const { plans, state } = runDays([
			{ at: day(0), register: baseRegister() },
			{ at: day(1), register: renamed },
			{ at: day(2), register: renamed },
			{ at: day(3), register: baseRegister() }
		])
		const operatorId = plans[0]!.operatorsToInsert[0]!.id
		expect(plans[1]!.tradingNamesNotListed).toEqual([{ operatorId, name: 'Harbour Bet' }])
		expect(plans[1]!.tradingNames.map((row) => row.name)).toEqual(['Harbour Bets'])
		expect(plans[1]!.counts.tradingNamesNotListed).toBe(1)
		expect(plans[1]!.changed).toBe(true)
		// Already marked: the next read that does not print it changes nothing.
		expect(plans[2]!.tradingNamesNotListed).toEqual([])
		expect(plans[2]!.changed).toBe(false)
		expect(plans[3]!.tradingNames).toMatchObject([{ operatorId, name: 'Harbour Bet', status: 'Active' }])
		expect(plans[3]!.tradingNamesNotListed).toEqual([{ operatorId, name: 'Harbour Bets' }])
		expect(plans[3]!.changed).toBe(true)
		expect([...state.tradingNames.values()].map(({ name, notListedSince }) => [name, notListedSince])).toEqual([
			['Harbour Bet', null],
			['Harbour Bets', day(3)]
		])
	})

	test('the same host listed twice for one operator is one link, the listed status winning', () => {
		const register = {
			entities: [entity('1', 'Harbour Gaming Ltd')],
			domains: [domain('1', 'a.com', { linkStatus: 'delisted' }), domain('1', 'A.com')]
		}
		const plan = planReconciliation(emptyState(), observe(day(0), register), options())
		expect(plan.links).toMatchObject({ hostnames: ['a.com'], linkStatuses: ['active'] })
		expect(plan.counts.domains).toBe(1)
	})
})

describe('judgePlausibility', () => {
	const stateWith = (n: number) => {
		const register = { entities: [entity('1', 'A Ltd')], licences: Array.from({ length: n }, (_, i) => licence(`L${i}`, '1')) }
		const plan = planReconciliation(emptyState(), observe(day(0), register), options())
		return applyToState(emptyState(), plan, day(0))
	}
	test('a read that drops more than a third of the listed licences is implausible', () => {
		const verdict = judgePlausibility(stateWith(9), {
			jurisdiction: 'UKGC',
			entities: [],
			licences: Array.from({ length: 5 }, (_, i) => licence(`L${i}`, '1')),
			domains: [],
			warnings: []
		})
		expect(verdict).toMatchObject({ ok: false, reason: 'implausible_shrink' })
	})
	test('a read that drops exactly a third is accepted', () => {
		const verdict = judgePlausibility(stateWith(9), {
			jurisdiction: 'UKGC',
			entities: [],
			licences: Array.from({ length: 6 }, (_, i) => licence(`L${i}`, '1')),
			domains: [],
			warnings: []
		})
		expect(verdict).toEqual({ ok: true })
	})
	test('an empty read of a register that listed licences is refused', () => {
		const verdict = judgePlausibility(stateWith(1), { jurisdiction: 'UKGC', entities: [], licences: [], domains: [], warnings: [] })
		expect(verdict).toMatchObject({ ok: false, reason: 'empty_register' })
	})
})

describe('slugify', () => {
	test('accents fold, ampersands read as and, punctuation collapses to single dashes', () => {
		expect(slugify('Crème & Brûlée (Malta) Ltd.')).toBe('creme-and-brulee-malta-ltd')
		expect(slugify('***')).toBe('operator')
	})
})
