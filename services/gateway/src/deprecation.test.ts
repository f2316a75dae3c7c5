import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { notFound } from '@lv/errors'
import { deprecation, deprecationHeaders } from './deprecation.ts'
import { errorResponse, toAppError } from './errors.ts'

const app = new Elysia()
	.onError(({ code, error }) => errorResponse(toAppError(code, error), 'req_test'))
	.use(deprecation())
	.get('/v1/marked', () => ({ ok: true }), { deprecated: { deprecatedAt: '2027-01-01T00:00:00Z', sunsetAt: '2027-04-15T00:00:00Z' } })
	.get(
		'/v1/marked-missing',
		() => {
			throw notFound('operator_not_found', 'No such operator.')
		},
		{ deprecated: { deprecatedAt: '2027-01-01T00:00:00Z', sunsetAt: '2027-04-15T00:00:00Z' } }
	)
	.get('/v1/current', () => ({ ok: true }))

describe('deprecation', () => {
	test('a marked route answers Deprecation @<epoch> and a Sunset HTTP-date at least 90 days later', async () => {
		const response = await app.handle(new Request('http://localhost/v1/marked'))
		expect(response.headers.get('deprecation')).toBe(`@${Date.parse('2027-01-01T00:00:00Z') / 1000}`)
		expect(response.headers.get('sunset')).toBe('Thu, 15 Apr 2027 00:00:00 GMT')
		const notice = Date.parse(response.headers.get('sunset') as string) - Number(response.headers.get('deprecation')?.slice(1)) * 1000
		expect(notice).toBeGreaterThanOrEqual(90 * 86_400_000)
	})

	test('error responses of a marked route carry the headers too; unmarked routes never do', async () => {
		const error = await app.handle(new Request('http://localhost/v1/marked-missing'))
		expect(error.status).toBe(404)
		expect(error.headers.get('deprecation')).toStartWith('@')
		const current = await app.handle(new Request('http://localhost/v1/current'))
		expect(current.headers.get('deprecation')).toBeNull()
		expect(current.headers.get('sunset')).toBeNull()
	})

	test('a sunset less than 90 days after the deprecation is refused when the mark is made', () => {
		expect(() => deprecationHeaders({ deprecatedAt: '2027-01-01T00:00:00Z', sunsetAt: '2027-03-31T23:59:59Z' })).toThrow('90 days')
		expect(() => deprecationHeaders({ deprecatedAt: 'soon', sunsetAt: '2027-03-31' })).toThrow()
	})
})
