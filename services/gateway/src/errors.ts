import { ValidationError } from 'elysia'
import { isDatabaseUnavailable } from '@lv/db'
import { AppError, dependencyUnavailable, internalError, routeNotFound, toEnvelope } from '@lv/errors'
import { pathParameterRefusal } from './lookup/params.ts'

/** The JSON-pointer of the first failing value, reduced to the input's top-level field name. */
function fieldOf(error: ValidationError): string | undefined {
	const path = error.valueError?.path ?? ''
	const first = path.split('/').filter(Boolean)[0]
	return first ?? (error.type === 'body' ? 'body' : undefined)
}

/** Turns framework validation/parse failures into the SPEC's 400 invalid_query / invalid_input (never 422). */
export function toAppError(code: string | number, error: unknown): AppError {
	if (error instanceof AppError) return error
	if (error instanceof ValidationError) {
		const field = fieldOf(error)
		const pathRefusal = error.type === 'params' ? pathParameterRefusal(field) : undefined
		if (pathRefusal) return pathRefusal
		return new AppError({
			status: 400,
			code: 'invalid_query',
			reason: 'invalid_input',
			message: field ? `The parameter '${field}' is missing or malformed.` : 'The request is malformed.',
			field
		})
	}
	// A parse hook's own refusal (413 body_too_large, 400 invalid_input) arrives wrapped in Elysia's ParseError.
	if (code === 'PARSE' && error instanceof Error && error.cause instanceof AppError) return error.cause
	if (code === 'PARSE')
		return new AppError({
			status: 400,
			code: 'invalid_query',
			reason: 'invalid_input',
			message: 'The request body is not valid JSON.',
			field: 'body'
		})
	if (code === 'NOT_FOUND') return routeNotFound()
	if (isDatabaseUnavailable(error)) return dependencyUnavailable(error)
	return internalError(error)
}

export function errorResponse(error: AppError, requestId: string): Response {
	const headers = new Headers({ 'content-type': 'application/json', 'x-request-id': requestId })
	for (const [name, value] of Object.entries(error.headers)) headers.set(name, value)
	return new Response(JSON.stringify(toEnvelope(error)), { status: error.status, headers })
}
