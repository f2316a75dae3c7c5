import { expect, test } from 'bun:test'
import { fixtureFile, fixtureText, textFile } from '../shared/test-support/fixture-files.ts'
import { ukgcAdapter } from './index.ts'

const url = 'https://www.gamblingcommission.gov.uk/public-register/regulatory-actions/print'
const parsed = ukgcAdapter.parseEnforcement!([fixtureFile('ukgc/regulatory-actions-print.html', url)])

test('each print-page entry becomes an action with type, amount in pence, date and licence numbers', () => {
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
		['Bramblecourt Betting Ltd', 'fine', 2875000, 'GBP', '2026-08-14', [], null],
		['Kestrel Interactive Limited', 'settlement', 34303500, 'GBP', '2026-07-02', [], null],
		['Ashdown Thomas Richard', 'warning', null, null, '2026-05-19', [], null],
		['Harbour, Vale & Co. Betting Limited', 'revocation', null, null, '2026-08-02', ['045235-R-324169-008'], 'revoked'],
		['Copperleaf Gaming Ltd', 'licence_suspension', null, null, '2026-09-09', ['055149- R-331499-002', '055149-R-331500- 001'], 'suspended']
	])
	expect(parsed.actions[0]?.upstreamKey).toBe('bramblecourt-betting-ltd|2026-08-14|fine')
	expect(parsed.warnings).toEqual([])
})

test('an entry naming no measure is skipped with a warning', () => {
	const edited = fixtureText('ukgc/regulatory-actions-print.html').replace('issued a warning under section 117(1)(a)', 'wrote')
	const result = ukgcAdapter.parseEnforcement!([textFile(edited, url)])
	expect(result.actions.map((a) => a.entityName)).not.toContain('Ashdown Thomas Richard')
	expect(result.warnings).toHaveLength(1)
})

test('a page that is not the regulatory-actions page is unexpected_format', () => {
	expect(() => ukgcAdapter.parseEnforcement!([fixtureFile('ukgc/download.html', url)])).toThrow(
		expect.objectContaining({ reason: 'unexpected_format' })
	)
	expect(() => ukgcAdapter.parseEnforcement!([textFile('"a","b"\r\n', url)])).toThrow(
		expect.objectContaining({ reason: 'unexpected_format' })
	)
})
