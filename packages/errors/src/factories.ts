import { AppError, type ErrorExtras } from './app-error.ts'
import type { ErrorReason } from './codes.ts'

export const invalidQuery = (reason: ErrorReason, message: string, field?: string, extras?: ErrorExtras) =>
	new AppError({ status: 400, code: 'invalid_query', reason, message, field, extras })

export const invalidInput = (field: string, message: string) => invalidQuery('invalid_input', message, field)

export const notFound = (reason: ErrorReason, message: string, field?: string) =>
	new AppError({ status: 404, code: 'not_found', reason, message, field })

export const routeNotFound = () => notFound('route_not_found', 'No such route.')

export const internalError = (cause?: unknown) =>
	new AppError({
		status: 500,
		code: 'server_error',
		reason: 'internal_error',
		message: 'The service failed to answer this request. Retry with backoff.',
		cause
	})

export const serviceUnavailable = (reason: ErrorReason, message: string, cause?: unknown) =>
	new AppError({ status: 503, code: 'service_unavailable', reason, message, cause, headers: { 'Retry-After': '1' } })

/** 503 dependency_unavailable (Retry-After: 1): a backing store (PostgreSQL) refused, dropped or did not answer a statement. */
export const dependencyUnavailable = (cause: unknown) =>
	serviceUnavailable('dependency_unavailable', 'A backing store of the service is unavailable. Retry shortly.', cause)

export const methodNotAllowed = (allow: string) =>
	new AppError({
		status: 405,
		code: 'method_not_allowed',
		reason: 'method_not_allowed',
		message: `Method not allowed; use ${allow}.`,
		headers: { Allow: allow }
	})
