import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { markupInsertions } from '../kh/markup-insertions.ts'
import { damagedBytes, expectRecordsOrParseError } from '../shared/test-support/fixture-files.ts'
import { RegisterParseError, type FetchedFile } from '../types.ts'
import { isInForceSealWording, parseTgcVerificationPage } from './verification-page.ts'

const fixtureText = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/tgc', name), 'utf8')
const sealUrl = (domain: string) =>
	`https://validate.thetgc.ca/validate?domain=${domain}&seal_id=${'ab'.repeat(48)}&stamp=${'cd'.repeat(16)}`
const seal = (name: string, domain: string, text = fixtureText(name)): FetchedFile => ({
	url: sealUrl(domain),
	bytes: new TextEncoder().encode(text),
	contentType: 'text/html; charset=utf-8'
})

const damaged = (seed: Uint8Array) => fc.oneof(damagedBytes(seed), markupInsertions(seed))

describe('TGC validation seal page', () => {
	test('a valid B2C seal reads "Valid", in force, with the company and domain it prints', () => {
		expect(parseTgcVerificationPage(seal('seal-valid-b2c.html', 'adventcrest.com'))).toEqual({
			pageStatus: 'Valid',
			inForce: true,
			holderName: 'Advent Crest Gaming Inc.',
			licenseNumber: null,
			domains: ['adventcrest.com']
		})
	})

	test('a valid B2B seal reads "Valid", in force', () => {
		expect(parseTgcVerificationPage(seal('seal-valid-b2b.html', 'www.northshorelicensing.com'))).toMatchObject({
			pageStatus: 'Valid',
			inForce: true,
			holderName: 'Northshore Licensing Advisory Ltd.'
		})
	})

	test('a "cannot verify … INVALID" seal keeps the wording verbatim and is not in force', () => {
		expect(parseTgcVerificationPage(seal('seal-invalid.html', 'luckyember.example.com'))).toEqual({
			pageStatus: 'We cannot verify the license for this domain. INVALID',
			inForce: false,
			holderName: null,
			licenseNumber: null,
			domains: ['luckyember.example.com']
		})
	})

	test('a "Valid" seal printing another domain than the one queried is not confirmation', () => {
		const page = parseTgcVerificationPage(seal('seal-domain-mismatch.html', 'mapleember-bonus.com'))
		expect(page).toMatchObject({ pageStatus: 'Valid', inForce: false, domains: ['mapleember.casino'] })
	})

	test('other status wordings are kept verbatim and are in force only when they say so', () => {
		const valid = fixtureText('seal-valid-b2c.html')
		for (const [wording, inForce] of [
			['Suspended', false],
			['Expired', false],
			['Not Valid', false],
			['INVALID', false],
			['Active', true],
			['VALID', true]
		] as const) {
			const page = parseTgcVerificationPage(
				seal(
					'seal-valid-b2c.html',
					'adventcrest.com',
					valid.replace('<span class="validation-status">Valid</span>', `<span class="validation-status">${wording}</span>`)
				)
			)
			expect([page.pageStatus, page.inForce]).toEqual([wording, inForce])
		}
	})

	test('in-force wording is judged on the whole wording', () => {
		expect(isInForceSealWording('Valid.')).toBe(true)
		expect(isInForceSealWording('cannot verify valid license')).toBe(false)
		expect(isInForceSealWording(null)).toBe(false)
	})

	test('a page with no validation result is rejected as unexpected_format', () => {
		const error = (() => {
			try {
				parseTgcVerificationPage(seal('x', 'a.com', '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'))
			} catch (caught) {
				return caught
			}
		})()
		expect(error).toBeInstanceOf(RegisterParseError)
		expect((error as RegisterParseError).reason).toBe('unexpected_format')
	})

	test('mutated seal pages and random input give a reading or a RegisterParseError, nothing else', () => {
		const seed = new TextEncoder().encode(fixtureText('seal-valid-b2c.html'))
		fc.assert(
			fc.property(damaged(seed), (bytes) =>
				expectRecordsOrParseError(() => parseTgcVerificationPage({ url: sealUrl('adventcrest.com'), bytes, contentType: null }))
			),
			{ numRuns: 150 }
		)
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 512 }), fc.string(), (bytes, url) =>
				expectRecordsOrParseError(() => parseTgcVerificationPage({ url, bytes, contentType: null }))
			),
			{ numRuns: 150 }
		)
	})
})
