import { AppError } from '@lv/errors'

export const apiKeyMissing = () =>
	new AppError({
		status: 401,
		code: 'auth_required',
		reason: 'api_key_missing',
		message: 'This endpoint needs an API key: send Authorization: Bearer <API_KEY>.'
	})

export const malformedHeader = () =>
	new AppError({
		status: 401,
		code: 'auth_invalid',
		reason: 'malformed_header',
		message: 'The Authorization header must be Bearer <API_KEY>.'
	})

export const apiKeyInvalid = () =>
	new AppError({ status: 401, code: 'auth_invalid', reason: 'api_key_invalid', message: 'The API key is not recognised.' })

export const apiKeyRevoked = () =>
	new AppError({
		status: 401,
		code: 'auth_revoked',
		reason: 'api_key_revoked',
		message: 'The API key has been revoked. Create a new key in the dashboard.'
	})

export const planInactive = (pricingUrl: string) =>
	new AppError({
		status: 402,
		code: 'payment_required',
		reason: 'plan_inactive',
		message: 'The account has no active plan.',
		extras: { suggestion: 'Choose a plan in the dashboard.' },
		headers: { 'X-Upgrade-URL': pricingUrl }
	})

export const endpointRequiresPaidPlan = (pricingUrl: string) =>
	new AppError({
		status: 402,
		code: 'payment_required',
		reason: 'endpoint_requires_paid_plan',
		message: 'Trial keys may call only GET /v1/check and the endpoints that work without a key.',
		extras: { plan_tier: 'trial', suggestion: 'Move the account to a plan to use this endpoint.' },
		headers: { 'X-Upgrade-URL': pricingUrl }
	})
