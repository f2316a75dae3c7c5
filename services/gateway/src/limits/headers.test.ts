import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { keyedFailureHeaders, keyedSuccessHeaderSet, keyedSuccessHeaders, keylessHeaders } from './headers.ts'
import { utcMonthWindow } from '@lv/fixed-window'

const window = utcMonthWindow(Date.parse('2026-11-10T00:00:00Z'))
const pricingUrl = 'https://example.test/pricing'

describe('rate-limit headers', () => {
	test('Remaining is never negative and X-RateLimit-Remaining equals X-Monthly-Quota-Remaining', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (quota, used) => {
				const headers = keyedSuccessHeaders({ monthlyQuota: quota, used, window, publicEndpoint: false, pricingUrl })
				expect(Number(headers['X-Monthly-Quota-Remaining'])).toBeGreaterThanOrEqual(0)
				expect(headers['X-RateLimit-Remaining']).toBe(headers['X-Monthly-Quota-Remaining'] as string)
				expect(headers['X-Monthly-Quota-Warning'] !== undefined).toBe(used >= quota * 0.8)
			})
		)
	})

	test('X-Monthly-Quota-Reset and X-RateLimit-Reset name the same instant', () => {
		const headers = keyedSuccessHeaders({ monthlyQuota: 10_000, used: 1, window, publicEndpoint: false, pricingUrl })
		expect(Date.parse(headers['X-Monthly-Quota-Reset'] as string) / 1000).toBe(Number(headers['X-RateLimit-Reset']))
		expect(headers['X-Monthly-Quota-Reset']).toBe('2026-12-01T00:00:00.000Z')
	})

	test('each call names the reset of its own window, whichever window the call before named', () => {
		const resetOf = (instant: string) =>
			keyedSuccessHeaders({ monthlyQuota: 10_000, used: 1, window: utcMonthWindow(Date.parse(instant)), publicEndpoint: false, pricingUrl })
		const calls = ['2026-11-30T23:59:59Z', '2026-12-01T00:00:00Z', '2026-11-30T23:59:59Z'].map(resetOf)
		expect(calls.map((headers) => [headers['X-Monthly-Quota-Reset'], headers['X-RateLimit-Reset']])).toEqual([
			['2026-12-01T00:00:00.000Z', String(Date.parse('2026-12-01T00:00:00Z') / 1000)],
			['2027-01-01T00:00:00.000Z', String(Date.parse('2027-01-01T00:00:00Z') / 1000)],
			['2026-12-01T00:00:00.000Z', String(Date.parse('2026-12-01T00:00:00Z') / 1000)]
		])
	})

	test('a failed keyed call on a public endpoint carries the monthly X-RateLimit-* and X-Upgrade-URL, never X-Monthly-Quota-*', () => {
		expect(keyedFailureHeaders({ monthlyQuota: 10_000, used: 41, window, pricingUrl })).toEqual({
			'X-RateLimit-Limit': '10000',
			'X-RateLimit-Remaining': '9959',
			'X-RateLimit-Reset': String(Date.parse('2026-12-01T00:00:00Z') / 1000),
			'X-Upgrade-URL': pricingUrl
		})
	})

	test('a failed keyed call on a plan without a monthly cap carries only X-Upgrade-URL', () => {
		expect(keyedFailureHeaders({ monthlyQuota: null, used: 41, window, pricingUrl })).toEqual({ 'X-Upgrade-URL': pricingUrl })
	})

	test('the remaining count of a failed keyed call is never negative', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (quota, used) => {
				const left = Number(keyedFailureHeaders({ monthlyQuota: quota, used, window, pricingUrl })['X-RateLimit-Remaining'])
				expect(left).toBe(Math.max(0, quota - used))
			})
		)
	})

	test('keyless headers count down from 10 and never go below 0', () => {
		expect(keylessHeaders({ used: 3, window, pricingUrl })['X-RateLimit-Remaining']).toBe('7')
		expect(keylessHeaders({ used: 14, window, pricingUrl })['X-RateLimit-Remaining']).toBe('0')
	})

	test('the success headers built from a template are the plain ones with the leading headers, call after call', () => {
		const leading = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req_1' }
		const expected = (input: Parameters<typeof keyedSuccessHeaders>[0]) =>
			Object.fromEntries(new Headers({ ...leading, ...keyedSuccessHeaders(input) }).entries())
		fc.assert(
			fc.property(
				fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
				fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 5 }),
				fc.boolean(),
				fc.constantFrom(pricingUrl, 'https://other.test/pricing'),
				fc.constantFrom('2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z'),
				(monthlyQuota, uses, publicEndpoint, url, instant) => {
					for (const used of uses) {
						const input = { monthlyQuota, used, window: utcMonthWindow(Date.parse(instant)), publicEndpoint, pricingUrl: url }
						const built = keyedSuccessHeaderSet(input, url, leading['content-type'], leading['x-request-id'])
						expect(Object.fromEntries(built.entries())).toEqual(expected(input))
					}
				}
			)
		)
	})
})
