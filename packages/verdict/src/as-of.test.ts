import { describe, expect, test } from 'bun:test'
import { parseAsOf, reconstructAsOf } from './as-of.ts'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { LicenseHistoryRow } from './rows.ts'
import { brandWorld, NOW } from './test-support/index-rows.ts'

const instantOf = (raw: unknown) => {
	const parsed = parseAsOf(raw, NOW)
	return parsed.ok ? parsed.instant.toISOString() : parsed.reason
}

describe('parseAsOf', () => {
	test('a bare date resolves to the end of that day UTC', () => {
		expect(instantOf('2026-03-01')).toBe('2026-03-01T23:59:59.999Z')
		expect(instantOf('2024-02-29')).toBe('2024-02-29T23:59:59.999Z')
	})

	test('a date or datetime in the years 0000–0099 resolves to that year, not to 1900–1999', () => {
		expect(instantOf('0099-03-01')).toBe('0099-03-01T23:59:59.999Z')
		expect(instantOf('0000-01-01')).toBe('0000-01-01T23:59:59.999Z')
		expect(instantOf('0042-06-30T12:00:00+01:00')).toBe('0042-06-30T11:00:00.000Z')
		expect(instantOf('0004-02-29')).toBe('0004-02-29T23:59:59.999Z')
		expect(instantOf('0001-02-29')).toBe('invalid_input')
	})

	test("today's date resolves to now", () => {
		expect(instantOf('2026-11-01')).toBe(NOW.toISOString())
	})

	test('a datetime with an offset resolves to that UTC instant', () => {
		expect(instantOf('2026-10-01T10:00:00+02:00')).toBe('2026-10-01T08:00:00.000Z')
		expect(instantOf('2026-10-01T10:00Z')).toBe('2026-10-01T10:00:00.000Z')
		expect(instantOf('2026-10-01T10:00:00.123456-05:30')).toBe('2026-10-01T15:30:00.123Z')
	})

	test('a non-existent date, a datetime without offset, other forms and over 40 characters are invalid_input on as_of', () => {
		for (const raw of [
			'2026-02-30',
			'2025-02-29',
			'2026-13-01',
			'2026-1-01',
			'20261001',
			'2026-10-01T10:00:00',
			'2026-10-01 10:00:00Z',
			'2026-10-01T25:00Z',
			'2026-10-01T10:00+24:00',
			'yesterday',
			'',
			`2026-10-01T10:00:00.${'1'.repeat(30)}Z`,
			42
		]) {
			const parsed = parseAsOf(raw, NOW)
			expect(parsed).toMatchObject({ ok: false, reason: 'invalid_input', field: 'as_of' })
		}
	})

	test('a future date or instant is invalid_input', () => {
		expect(instantOf('2026-11-02')).toBe('invalid_input')
		expect(instantOf('2026-11-01T12:00:01Z')).toBe('invalid_input')
		expect(instantOf('2026-11-01T12:00:00Z')).toBe(NOW.toISOString())
	})
})

const world = brandWorld()
const licenceEntry = world.index.shards.get('UKGC')?.licences.get(world.brandRemote.id) ?? null
const event = (
	id: string,
	changed_at: string,
	previous_status: LicenseHistoryRow['previous_status'],
	new_status: LicenseHistoryRow['new_status'],
	corrected_at: string | null = null
): LicenseHistoryRow => ({
	id,
	license_id: world.brandRemote.id,
	changed_at,
	previous_status,
	new_status,
	change_type: previous_status === null ? 'created' : 'status_change',
	source_url: 'https://register.example/licences',
	corrected_at,
	correction_note: corrected_at ? 'misread of the enforcement page' : null
})
const history: LicenseHistoryRow[] = [
	event('e1', '2026-02-01T06:00:00.000Z', null, 'active'),
	event('e2', '2026-05-01T06:00:00.000Z', 'active', 'revoked', '2026-05-03T09:00:00.000Z'),
	event('e3', '2026-06-01T06:00:00.000Z', 'active', 'suspended'),
	event('other', '2026-01-01T06:00:00.000Z', null, 'pending')
]
history[3] = { ...(history[3] as LicenseHistoryRow), license_id: 'another-licence' }

describe('reconstructAsOf', () => {
	test('inside the window the status in effect is observed with its transition', () => {
		const answer = reconstructAsOf(history, licenceEntry, new Date('2026-03-01T00:00:00.000Z'))
		expect(answer).toMatchObject({ basis: 'observed', status: 'active', tracking_since: '2026-02-01T06:00:00.000Z' })
		expect(answer.transition).toMatchObject({ id: 'e1', new_status: 'active', change_type: 'created' })
		expect(answer.correction).toBeUndefined()
	})

	test('a withdrawn event in effect gives basis corrected, status null and no fallback to the earlier status', () => {
		const answer = reconstructAsOf(history, licenceEntry, new Date('2026-05-10T00:00:00.000Z'))
		expect(answer).toMatchObject({ basis: 'corrected', status: null, transition: null })
		expect(answer.correction).toEqual({
			event_id: 'e2',
			withdrawn_status: 'revoked',
			corrected_at: '2026-05-03T09:00:00.000Z',
			correction_note: 'misread of the enforcement page'
		})
	})

	test('a later event after the withdrawn one is observed again', () => {
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-07-01T00:00:00.000Z'))).toMatchObject({
			basis: 'observed',
			status: 'suspended'
		})
	})

	test('a date before tracking_since is before_tracking with status null', () => {
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-01-15T00:00:00.000Z'))).toMatchObject({
			basis: 'before_tracking',
			status: null,
			tracking_since: '2026-02-01T06:00:00.000Z'
		})
	})

	test('at the very instant of a change the new status is in effect; a millisecond before, the earlier one', () => {
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-06-01T06:00:00.000Z'))).toMatchObject({
			basis: 'observed',
			status: 'suspended'
		})
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-06-01T05:59:59.999Z'))).toMatchObject({ basis: 'corrected', status: null })
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-02-01T06:00:00.000Z'))).toMatchObject({
			basis: 'observed',
			status: 'active'
		})
		expect(reconstructAsOf(history, licenceEntry, new Date('2026-02-01T05:59:59.999Z')).basis).toBe('before_tracking')
	})

	test('a bare date takes in every change of that UTC day and none of the next', () => {
		const at = (raw: string) => {
			const parsed = parseAsOf(raw, NOW)
			if (!parsed.ok) throw new Error(parsed.message)
			return reconstructAsOf(history, licenceEntry, parsed.instant)
		}
		expect(at('2026-06-01')).toMatchObject({ basis: 'observed', status: 'suspended' })
		expect(at('2026-05-31')).toMatchObject({ basis: 'corrected', status: null })
		expect(at('2026-02-01')).toMatchObject({ basis: 'observed', status: 'active' })
		expect(at('2026-01-31')).toMatchObject({ basis: 'before_tracking', status: null })
	})

	test('a datetime with an offset is read as its UTC instant, on either side of a change', () => {
		const at = (raw: string) => {
			const parsed = parseAsOf(raw, NOW)
			if (!parsed.ok) throw new Error(parsed.message)
			return reconstructAsOf(history, licenceEntry, parsed.instant).status
		}
		// 08:00 at +02:00 is 06:00Z, the change itself; 07:59 at +02:00 is a minute before it.
		expect(at('2026-06-01T08:00:00+02:00')).toBe('suspended')
		expect(at('2026-06-01T07:59:00+02:00')).toBeNull()
		// 01:00 at -05:00 on 1 June is 06:00Z; the local day of 31 May at -05:00 ends after the change.
		expect(at('2026-06-01T01:00-05:00')).toBe('suspended')
		expect(at('2026-05-31T23:59:59.999-07:00')).toBe('suspended')
	})

	test('any instant after the last recorded change observes that change', () => {
		expect(reconstructAsOf(history, licenceEntry, NOW)).toMatchObject({ basis: 'observed', status: 'suspended' })
	})

	test('rows sharing an instant give one answer whatever order they arrive in: the move, not the renewal written with it', () => {
		const move = event('m', '2026-05-01T06:00:00.000Z', 'active', 'revoked', '2026-05-03T09:00:00.000Z')
		const renewal = { ...event('a', '2026-05-01T06:00:00.000Z', 'revoked', 'revoked'), change_type: 'renewed' as const }
		const rows = [history[0] as LicenseHistoryRow, move, renewal]
		for (const order of [rows, [...rows].reverse()]) {
			const answer = reconstructAsOf(order, licenceEntry, new Date('2026-05-02T00:00:00.000Z'))
			expect(answer).toMatchObject({ basis: 'corrected', status: null, correction: { event_id: 'm', withdrawn_status: 'revoked' } })
		}
		const standing = { ...move, corrected_at: null, correction_note: null }
		for (const order of [
			[renewal, standing],
			[standing, renewal]
		])
			expect(reconstructAsOf(order, licenceEntry, new Date('2026-05-02T00:00:00.000Z')).transition).toMatchObject({ id: 'm' })
	})

	test('a later row that moves no status never quotes a withdrawn move as observed', () => {
		const move = event('m', '2026-05-01T06:00:00.000Z', 'active', 'revoked', '2026-05-03T09:00:00.000Z')
		const renewal = { ...event('r', '2026-06-01T06:00:00.000Z', 'revoked', 'revoked'), change_type: 'renewed' as const }
		const answer = reconstructAsOf([history[0] as LicenseHistoryRow, move, renewal], licenceEntry, new Date('2026-07-01T00:00:00.000Z'))
		expect(answer).toMatchObject({ basis: 'corrected', status: null, correction: { event_id: 'm' } })
		const standing = { ...move, corrected_at: null, correction_note: null }
		expect(
			reconstructAsOf([history[0] as LicenseHistoryRow, standing, renewal], licenceEntry, new Date('2026-07-01T00:00:00.000Z'))
		).toMatchObject({
			basis: 'observed',
			status: 'revoked',
			transition: { id: 'm', change_type: 'status_change' }
		})
	})

	test('no history for the licence is no_such_license; no licence is no_license_resolved', () => {
		expect(reconstructAsOf([], licenceEntry, NOW).basis).toBe('no_such_license')
		expect(reconstructAsOf(history, null, NOW).basis).toBe('no_license_resolved')
	})
})

describe('as_of on checks', () => {
	test('verdict and match.status stay current while verdict_detail leads with the historical answer', () => {
		const result = checkDomain(world.index, 'brand.com', { now: NOW, asOf: '2026-07-01', history })
		expect(result.verdict).toBe('licensed')
		expect(result.match?.status).toBe('active')
		expect(result.as_of).toMatchObject({ resolved_at: '2026-07-01T23:59:59.999Z', basis: 'observed', status: 'suspended' })
		expect(result.verdict_detail.startsWith("At 2026-07-01T23:59:59.999Z the service's history records the licence as suspended")).toBe(
			true
		)
	})

	test('a corrected answer never quotes the withdrawn status', () => {
		const result = checkLicenseNumber(world.index, '039011-R-319371-005', { now: NOW, asOf: '2026-05-10', history })
		expect(result.as_of?.basis).toBe('corrected')
		expect(result.verdict_detail).not.toContain('revoked')
		expect(result.verdict_detail).toContain('later withdrawn')
	})

	test('a name match without a licence answers no_license_resolved', () => {
		const result = checkDomain(world.index, 'brandbetonline.net', { now: NOW, asOf: '2026-07-01', history })
		expect(result.as_of?.basis).toBe('no_license_resolved')
	})

	test('an invalid as_of is 400 invalid_input on field as_of', () => {
		expect(() => checkDomain(world.index, 'brand.com', { now: NOW, asOf: '2026-11-02', history })).toThrow(
			expect.objectContaining({ status: 400, reason: 'invalid_input', field: 'as_of' })
		)
	})

	test('without as_of no as_of key is present', () => {
		expect('as_of' in checkDomain(world.index, 'brand.com', { now: NOW })).toBe(false)
	})
})
