import { expect, test } from 'bun:test'
import { fixtureFile, textFile } from '../shared/test-support/fixture-files.ts'
import { mgaAdapter } from './index.ts'

const url = 'https://mga.org.mt/licensee-hub/enforcement-register'

test('each notice becomes an action: suspension at its effective date, penalty in cents, cancellation as revocation', () => {
	const parsed = mgaAdapter.parseEnforcement!([fixtureFile('mga/enforcement-register.html', url)])
	expect(
		parsed.actions.map((a) => [
			a.entityName,
			a.actionType,
			a.amountMinorUnits,
			a.currency,
			a.decisionDate,
			a.licenseNumbers,
			a.statusEffect
		])
	).toEqual([
		['Quillon Games Ltd', 'licence_suspension', null, null, '2024-09-25', ['MGA/B2C/533/2018'], 'suspended'],
		['Lumen Harbour Gaming Ltd', 'fine', 2500000, 'EUR', '2025-03-03', ['MGA/B2C/315/2015'], null],
		['Vantaro Systems Ltd', 'revocation', null, null, '2025-03-14', ['MGA/B2B/147/2007'], 'revoked'],
		['Nightjar Entertainment p.l.c.', 'settlement', 150000050, 'EUR', '2025-06-02', ['MGA/CRP/635/2018- 01'], null]
	])
	expect(parsed.actions[0]?.upstreamKey).toBe('quillon-games-ltd|2024-09-25|licence_suspension')
})

test('a page that is not the enforcement register is unexpected_format', () => {
	expect(() => mgaAdapter.parseEnforcement!([fixtureFile('mga/register-page-1.html', url)])).toThrow(
		expect.objectContaining({ reason: 'unexpected_format' })
	)
	expect(() => mgaAdapter.parseEnforcement!([textFile('{"error":"not found"}', url)])).toThrow(
		expect.objectContaining({ reason: 'unexpected_format' })
	)
})
