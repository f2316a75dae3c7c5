import { describe, test } from 'bun:test'
import fc from 'fast-check'
import { damagedBytes, expectRecordsOrParseError, fixtureFile } from '../shared/test-support/fixture-files.ts'
import { mgaAdapter } from './index.ts'

const page1 = fixtureFile('mga/register-page-1.html', 'https://mgalicenseeregister.mga.org.mt/?page=1')
const page2 = fixtureFile('mga/register-page-2.html', 'https://mgalicenseeregister.mga.org.mt/?page=2')
const seal = fixtureFile('mga/seal-lumen-harbour.html', 'https://authorisation.mga.org.mt/verification.aspx?lang=EN&company=x&details=1')
const notices = fixtureFile('mga/enforcement-register.html', 'https://mga.org.mt/licensee-hub/enforcement-register')

describe('MGA parsers on damaged input return records or throw RegisterParseError only', () => {
	test('parseRegister and discover with a damaged register page', () => {
		fc.assert(
			fc.property(damagedBytes(page1.bytes), (bytes) => {
				expectRecordsOrParseError(() => mgaAdapter.parseRegister([{ ...page1, bytes }, page2, seal]))
				expectRecordsOrParseError(() => mgaAdapter.discover({ ...page1, bytes }, 'register'))
			}),
			{ numRuns: 120 }
		)
	})

	test('parseRegister and parseVerificationPage with a damaged seal page', () => {
		fc.assert(
			fc.property(damagedBytes(seal.bytes), (bytes) => {
				expectRecordsOrParseError(() => mgaAdapter.parseRegister([page1, page2, { ...seal, bytes }]))
				expectRecordsOrParseError(() => mgaAdapter.parseVerificationPage!({ ...seal, bytes }))
			}),
			{ numRuns: 120 }
		)
	})

	test('parseEnforcement', () => {
		fc.assert(
			fc.property(damagedBytes(notices.bytes), (bytes) =>
				expectRecordsOrParseError(() => mgaAdapter.parseEnforcement!([{ ...notices, bytes }]))
			),
			{ numRuns: 150 }
		)
	})
})
