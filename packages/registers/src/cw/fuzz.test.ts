import { describe, test } from 'bun:test'
import fc from 'fast-check'
import { damagedBytes, expectRecordsOrParseError, fixtureFile } from '../shared/test-support/fixture-files.ts'
import { cwAdapter } from './index.ts'

const pdf = fixtureFile('cw/register.pdf', 'https://www.cga.cw/register/licensees.pdf', 'application/pdf')
const certificate = fixtureFile('cw/certificate-b2c.html', 'https://cert.cga.cw/certificate?id=x')
const enforcement = fixtureFile('cw/enforcement-register.html', 'https://www.cga.cw/enforcement-register')

describe('CW parsers on damaged input return records or throw RegisterParseError only', () => {
	test('parseRegister on a damaged PDF', () => {
		fc.assert(
			fc.property(damagedBytes(pdf.bytes), (bytes) => expectRecordsOrParseError(() => cwAdapter.parseRegister([{ ...pdf, bytes }]))),
			{ numRuns: 250 }
		)
	})

	test('parseRegister on damaged extracted text', () => {
		const text = new TextEncoder().encode(
			'1. OGL/2024/251/0130 Halcyon Reach N.V. B2C 156493 February 28, 2026 August 28, 2026\f2. OGL/2024/802/0418 Jack’s Harbour B.V. B2C 149951 December 1, 2025 License revoked'
		)
		fc.assert(
			fc.property(damagedBytes(text), (bytes) =>
				expectRecordsOrParseError(() => cwAdapter.parseRegister([{ url: pdf.url, bytes, contentType: 'text/plain' }]))
			),
			{ numRuns: 150 }
		)
	})

	test('parseVerificationPage and parseEnforcement', () => {
		fc.assert(
			fc.property(damagedBytes(certificate.bytes), damagedBytes(enforcement.bytes), (certificateBytes, enforcementBytes) => {
				expectRecordsOrParseError(() => cwAdapter.parseVerificationPage!({ ...certificate, bytes: certificateBytes }))
				expectRecordsOrParseError(() => cwAdapter.readCertificate({ ...certificate, bytes: certificateBytes }))
				expectRecordsOrParseError(() => cwAdapter.parseEnforcement!([{ ...enforcement, bytes: enforcementBytes }]))
			}),
			{ numRuns: 150 }
		)
	})

	test('prepareRegisterFiles (unpdf) on a damaged PDF resolves or rejects with RegisterParseError', async () => {
		await fc.assert(
			fc.asyncProperty(damagedBytes(pdf.bytes), async (bytes) => {
				const started = performance.now()
				try {
					await cwAdapter.prepareRegisterFiles!([{ ...pdf, bytes }])
				} catch (error) {
					if (!(error instanceof Error) || error.name !== 'RegisterParseError') throw error
				}
				if (performance.now() - started > 3000) throw new Error('unpdf took longer than 3 s')
			}),
			// A fixed seed: pdf.js leaves a promise it rejects unhandled on a few damaged files (about 1 in 5,000 of
			// these), which Bun reports against whichever test runs; a random seed made that a lottery in CI.
			{ numRuns: 40, seed: 20261124 }
		)
	})
})
