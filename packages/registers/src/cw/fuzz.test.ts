import { describe, expect, test } from 'bun:test'
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
			{ numRuns: 40 }
		)
	})

	test('a page tree pdf.js gives up on midway leaves no rejected promise unhandled (patches/unpdf@1.8.1.patch)', async () => {
		// Eleven bytes of the register flipped (found by the property above): pdf.js prefetches the top-level
		// page kids, stops at the first page it cannot read, and never awaits the prefetches that fail.
		const flips = [
			[267, 0o135],
			[394, 0o307],
			[414, 0o240],
			[461, 0o72],
			[478, 0o46],
			[732, 0o237],
			[925, 0],
			[1129, 0o303],
			[1560, 0o133],
			[1741, 0o204],
			[1878, 0o40]
		]
		const bytes = pdf.bytes.slice()
		for (const [at, value] of flips) bytes[at as number] = value as number
		const unhandled: unknown[] = []
		const record = (reason: unknown) => unhandled.push(reason)
		process.on('unhandledRejection', record)
		try {
			await cwAdapter.prepareRegisterFiles!([{ ...pdf, bytes }])
			await Bun.sleep(0)
		} finally {
			process.off('unhandledRejection', record)
		}
		expect(unhandled).toEqual([])
	})
})
