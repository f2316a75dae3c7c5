import { describe, expect, test } from 'bun:test'
import type { Classification, ParsedLicence } from '../types.ts'
import { classifyCwStatus } from './classify.ts'

const now = new Date('2026-10-02T08:00:00Z')
const licence = (expiryDate: string | null, issuedDate: string | null = '2025-06-24'): ParsedLicence => ({
	upstreamKey: 'OGL/2024/1/0001',
	entityId: '1',
	licenseNumber: 'OGL/2024/1/0001',
	referencePrefix: null,
	referenceKey: null,
	upstreamStatus: null,
	licenseTypes: ['B2C'],
	licenseTypeRaw: 'B2C',
	licenseCategory: 'remote',
	coversWebsites: true,
	issuedDate,
	expiryDate,
	raw: {},
	sourceIndex: 0
})

describe('CW status wording', () => {
	const cases: [string | null, ParsedLicence, Classification][] = [
		[null, licence('2026-12-01'), { status: 'active', qualifier: null }],
		[null, licence('2025-12-24'), { status: 'active', qualifier: null }],
		[null, licence(null, null), { status: 'unknown', qualifier: null }],
		['Assessment in progress', licence('2025-12-24'), { status: 'active', qualifier: 'provisional_under_assessment' }],
		['Assessment in progress', licence('2026-10-01'), { status: 'active', qualifier: 'provisional_under_assessment' }],
		['Assessment in progress', licence('2026-10-02'), { status: 'active', qualifier: null }],
		['ASSESSMENT IN PROGRESS', licence('2027-03-01'), { status: 'active', qualifier: null }],
		['Assessment in progress', licence(null), { status: 'active', qualifier: 'provisional_under_assessment' }],
		['License revoked by the CGA on April 7, 2026', licence(null), { status: 'revoked', qualifier: null }],
		['License revoked', licence(null), { status: 'revoked', qualifier: null }],
		['License suspended', licence(null), { status: 'suspended', qualifier: null }],
		['Under review by the board', licence('2026-12-01'), { status: 'unknown', qualifier: null }]
	]
	for (const [wording, context, expected] of cases) {
		test(`${JSON.stringify(wording)} with expiry ${context.expiryDate} on 2026-10-02 is ${expected.status}${expected.qualifier ? ` + ${expected.qualifier}` : ''}`, () => {
			expect(classifyCwStatus(wording, { licence: context, now })).toEqual(expected)
		})
	}
})
