import { describe, test } from 'bun:test'
import fc from 'fast-check'
import type { FetchedFile } from '../types.ts'
import { damagedBytes, expectRecordsOrParseError, fixtureFile } from '../shared/test-support/fixture-files.ts'
import { ukgcAdapter } from './index.ts'

const base = 'https://www.gamblingcommission.gov.uk/downloads/'
const csvs = ['businesses', 'licences', 'trading-names', 'domain-names'].map((kind) =>
	fixtureFile(`ukgc/business-licence-register-${kind}.csv`, `${base}business-licence-register-${kind}.csv`, 'text/csv')
)
const print = fixtureFile(
	'ukgc/regulatory-actions-print.html',
	'https://www.gamblingcommission.gov.uk/public-register/regulatory-actions/print'
)
const page = fixtureFile('ukgc/download.html', 'https://www.gamblingcommission.gov.uk/public-register/businesses/download')

describe('UKGC parsers on damaged input return records or throw RegisterParseError only', () => {
	test('parseRegister with one of the four CSVs damaged', () => {
		fc.assert(
			fc.property(
				fc.nat(3).chain((which) => damagedBytes((csvs[which] as FetchedFile).bytes).map((bytes) => ({ which, bytes }))),
				({ which, bytes }) => {
					const files = csvs.map((file, index) => (index === which ? { ...file, bytes } : file))
					expectRecordsOrParseError(() => ukgcAdapter.parseRegister(files))
				}
			),
			{ numRuns: 200 }
		)
	})

	test('parseEnforcement and discover', () => {
		fc.assert(
			fc.property(damagedBytes(print.bytes), damagedBytes(page.bytes), (printBytes, pageBytes) => {
				expectRecordsOrParseError(() => ukgcAdapter.parseEnforcement!([{ ...print, bytes: printBytes }]))
				expectRecordsOrParseError(() => ukgcAdapter.discover({ ...page, bytes: pageBytes }, 'register'))
			}),
			{ numRuns: 150 }
		)
	})
})
