import { expect, test } from 'bun:test'
import { fixtureFile, fixtureText, textFile } from '../shared/test-support/fixture-files.ts'
import { cwAdapter } from './index.ts'

const url = 'https://www.cga.cw/enforcement-register'

test('each table row becomes an action; merged licensee cells carry down; several numbers per cell are kept', () => {
	const parsed = cwAdapter.parseEnforcement!([fixtureFile('cw/enforcement-register.html', url)])
	expect(parsed.actions.map((a) => [a.entityName, a.licenseNumbers, a.actionType, a.decisionDate, a.statusEffect, a.summary])).toEqual([
		[
			'Corvina Gaming N.V.',
			['OGL/2024/733/0342'],
			'revocation',
			'2026-04-07',
			'revoked',
			'Revoked: Failure to comply with license conditions'
		],
		['Pinecrest Media N.V.', ['OGL/2024/887/0618'], 'licence_suspension', '2026-09-15', 'suspended', 'Suspended: Pending investigation'],
		[
			'Velvet Dune B.V.',
			['OGL/2024/650/0530', 'OGL/2024/650/0531'],
			'revocation',
			'2026-06-30',
			'revoked',
			'Withdrawn: License withdrawn by the CGA'
		],
		['Velvet Dune B.V.', ['OGL/2023/212/0144'], 'licence_suspension', null, 'suspended', 'Suspended: Effective date to be confirmed'],
		['Jack’s Harbour B.V.', ['OGL/2024/802/0418'], 'revocation', '2026-03-02', 'revoked', 'License revoked']
	])
	expect(parsed.actions.every((a) => a.amountMinorUnits === null && a.currency === null)).toBe(true)
	expect(parsed.actions[0]?.upstreamKey).toBe('OGL/2024/733/0342|revocation|2026-04-07')
})

test('a row with an unknown measure is skipped with a warning', () => {
	const edited = fixtureText('cw/enforcement-register.html').replace(
		'<td>Suspended</td><td>15/09/2026</td>',
		'<td>Under review</td><td>15/09/2026</td>'
	)
	const parsed = cwAdapter.parseEnforcement!([textFile(edited, url)])
	expect(parsed.actions).toHaveLength(4)
	expect(parsed.warnings).toHaveLength(1)
})

test('a page without the enforcement table is unexpected_format', () => {
	expect(() => cwAdapter.parseEnforcement!([fixtureFile('cw/certificate-b2c.html', url)])).toThrow(
		expect.objectContaining({ reason: 'unexpected_format' })
	)
})
