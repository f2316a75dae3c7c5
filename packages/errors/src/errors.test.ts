import { describe, expect, test } from 'bun:test'
import { AppError, fromEnvelope, invalidQuery, methodNotAllowed, toEnvelope } from './index.ts'

describe('error envelope', () => {
	test('carries error, code, details.reason and details.field, plus extras', () => {
		const error = invalidQuery('hostname_too_long', 'The domain is longer than 253 characters.', 'domain', {
			suggestion: 'Send a bare hostname.'
		})
		expect(error.status).toBe(400)
		expect(toEnvelope(error)).toEqual({
			error: 'The domain is longer than 253 characters.',
			code: 'invalid_query',
			details: { reason: 'hostname_too_long', field: 'domain', suggestion: 'Send a bare hostname.' }
		})
	})

	test('omits details.field when no single input is at fault', () => {
		const envelope = toEnvelope(
			new AppError({ status: 401, code: 'auth_required', reason: 'api_key_missing', message: 'A key is needed.' })
		)
		expect(envelope.details).toEqual({ reason: 'api_key_missing' })
	})

	test('round-trips through fromEnvelope, keeping status, field and extras', () => {
		const original = new AppError({
			status: 429,
			code: 'quota_exceeded',
			reason: 'monthly_request_limit_reached',
			message: 'Monthly quota used up.',
			extras: { limit: 10000, current_usage: 10000, reset_at: '2026-12-01T00:00:00.000Z', plan_tier: 'starter' }
		})
		const copy = fromEnvelope(429, toEnvelope(original))
		expect(copy.status).toBe(429)
		expect(toEnvelope(copy)).toEqual(toEnvelope(original))
	})

	test('a 405 names the allowed method in its Allow header', () => {
		const error = methodNotAllowed('POST')
		expect(error.status).toBe(405)
		expect(error.headers).toEqual({ Allow: 'POST' })
		expect(toEnvelope(error).details.reason).toBe('method_not_allowed')
	})
})
