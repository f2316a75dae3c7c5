import { describe, expect, test } from 'bun:test'
import type { LicenceStatus } from '../types.ts'
import { classifyMgaStatus } from './classify.ts'
import { isMgaNumber, mgaNumberKey } from './licence-number.ts'

describe('MGA status wording', () => {
	const cases: [string | null, LicenceStatus][] = [
		['Licensed', 'active'],
		['Cancelled', 'revoked'],
		['Surrendered', 'surrendered'],
		['Suspended', 'suspended'],
		['Revoked', 'revoked'],
		['Expired', 'expired'],
		['Pending', 'pending'],
		['Licenced pending review', 'unknown'],
		['', 'unknown'],
		[null, 'unknown']
	]
	for (const [wording, status] of cases) {
		test(`${JSON.stringify(wording)} is ${status}`, () => expect(classifyMgaStatus(wording)).toEqual({ status, qualifier: null }))
	}
})

test('MGA number forms are recognised and keyed without spaces', () => {
	for (const printed of ['MGA/B2C/315/2015', 'MGA/CRP/635/2018- 01', 'MGA/CRP/330/2016/Old', 'RN/225/2021'])
		expect(isMgaNumber(printed)).toBe(true)
	expect(isMgaNumber('OGL/2024/251/0130')).toBe(false)
	expect(mgaNumberKey('MGA/CRP/635/2018- 01')).toBe('MGA/CRP/635/2018-01')
})
