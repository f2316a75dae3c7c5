import { describe, expect, test } from 'bun:test'
import { checkLicenseNumber } from './check-license-number.ts'
import { licenseNumberKey } from './license-number-key.ts'
import { brandWorld, index, licence, NOW, operator } from './test-support/index-rows.ts'

const options = { now: NOW }

describe('licenseNumberKey', () => {
	test('case, spaces and separators are ignored', () => {
		const key = licenseNumberKey('039011-R-319371-004')
		for (const form of [
			'039011r319371004',
			' 039011 R 319371 004 ',
			'039011/R/319371/004',
			'039011.r.319371.004',
			'039011- R-319371-004'
		]) {
			expect(licenseNumberKey(form)).toBe(key)
		}
		expect(licenseNumberKey('MGA/B2C/315/2015')).toBe(licenseNumberKey('mga b2c 315 2015'))
	})

	test('the 000- prefix of UKGC footers keys like the CSV form', () => {
		expect(licenseNumberKey('000-039011-R-319371-004')).toBe(licenseNumberKey('039011-R-319371-004'))
	})

	test('different versions and sub-entities keep different keys', () => {
		expect(licenseNumberKey('039011-R-319371-004')).not.toBe(licenseNumberKey('039011-R-319371-005'))
		expect(licenseNumberKey('MGA/CRP/635/2018- 01')).not.toBe(licenseNumberKey('MGA/CRP/635/2018'))
	})
})

describe('checkLicenseNumber', () => {
	test('an earlier UKGC version resolves to the version now listed and says so first', () => {
		const world = brandWorld()
		for (const sent of ['039011-R-319371-004', '000-039011-R-319371-004']) {
			const result = checkLicenseNumber(world.index, sent, options)
			expect(result.superseded_number).toBe('039011-R-319371-004')
			expect(result.match?.license_number).toBe('039011-R-319371-005')
			expect(result.verdict).toBe('licensed')
			expect(result.verdict_detail.startsWith('039011-R-319371-004 is an earlier version of UKGC licence 039011-R-319371-005')).toBe(true)
			expect(result.query).toEqual({ license_number: sent })
		}
	})

	test('the current number sets no superseded_number', () => {
		const result = checkLicenseNumber(brandWorld().index, '039011-R-319371-005', options)
		expect(result.superseded_number).toBeUndefined()
	})

	test('the service reference of a KH licence is accepted in any case and never quoted as a licence number', () => {
		const result = checkLicenseNumber(brandWorld().index, 'kh/ig/NORTHERN-LIGHTS', options)
		expect(result.verdict).toBe('licensed')
		expect(result.match).toMatchObject({ license_reference_is_ours: true, jurisdiction: 'KH', domain_status: null })
		expect(result.verdict_detail.toLowerCase()).not.toContain('kh/ig/northern-lights')
		expect(result.verdict_detail).toContain('publishes no licence number')
	})

	test('licence records sharing a number put the best one in match and the others in alternatives', () => {
		const owner = operator('goldwin', 'Goldwin', 'Goldwin Ltd')
		const type2 = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/533/2018', status: 'suspended' })
		const type1 = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/533/2018' })
		const result = checkLicenseNumber(index({ operators: [owner], licences: [type2, type1] }), 'MGA/B2C/533/2018', options)
		expect(result.match?.license_id).toBe(type1.id)
		expect(result.alternatives).toEqual([
			expect.objectContaining({ license_id: type2.id, status: 'suspended', match_type: 'license_number', matched_name: null })
		])
		expect(result.verdict_detail).toContain('1 other licence record carries the same number')
	})

	describe('two licences whose printed numbers differ only in where their separators fall', () => {
		// Curaçao prints a 3-digit last group at times: OGL/2024/1161/044 keys like OGL/2024/116/1044.
		const revokedHolder = operator('ember-play', 'Ember Play', 'Ember Play N.V.')
		const activeHolder = operator('juniper-games', 'Juniper Games', 'Juniper Games B.V.')
		const revoked = licence(revokedHolder, { jurisdiction_code: 'CW', license_number: 'OGL/2024/116/1044', status: 'revoked' })
		const active = licence(activeHolder, { jurisdiction_code: 'CW', license_number: 'OGL/2024/1161/044' })
		const world = index({ operators: [revokedHolder, activeHolder], licences: [revoked, active] })

		test('a number sent grouped as one licence prints it resolves to that licence, never to the other', () => {
			for (const sent of ['OGL/2024/116/1044', 'ogl-2024-116-1044', ' OGL 2024 / 116 / 1044 ', 'ＯＧＬ／２０２４／１１６／１０４４']) {
				const result = checkLicenseNumber(world, sent, options)
				expect({ sent, verdict: result.verdict, number: result.match?.license_number }).toEqual({
					sent,
					verdict: 'licence_not_active',
					number: 'OGL/2024/116/1044'
				})
				expect(result.alternatives).toEqual([])
			}
			const other = checkLicenseNumber(world, 'OGL/2024/1161/044', options)
			expect(other.verdict).toBe('licensed')
			expect(other.match?.license_number).toBe('OGL/2024/1161/044')
		})

		test('a number sent without separators matches both and the detail names the other printed number', () => {
			const result = checkLicenseNumber(world, 'OGL20241161044', options)
			expect(result.match?.license_number).toBe('OGL/2024/1161/044')
			expect(result.alternatives.map((alternative) => alternative.license_number)).toEqual(['OGL/2024/116/1044'])
			expect(result.verdict_detail).toContain('OGL/2024/116/1044')
		})
	})

	test('an empty or over-long number is 400 invalid_input on field license_number', () => {
		for (const sent of ['', ' - / ', 'A'.repeat(65)]) {
			expect(() => checkLicenseNumber(brandWorld().index, sent, options)).toThrow(
				expect.objectContaining({ status: 400, code: 'invalid_query', reason: 'invalid_input', field: 'license_number' })
			)
		}
	})
})
