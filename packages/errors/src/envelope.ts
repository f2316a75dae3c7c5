import { AppError } from './app-error.ts'
import { internalError } from './factories.ts'
import type { ErrorCode, ErrorReason } from './codes.ts'

export type ErrorEnvelope = {
	error: string
	code: ErrorCode
	details: { reason: ErrorReason; field?: string; [key: string]: unknown }
}

/** SPEC "Errors" body: `error`, `code`, `details.reason`, optional `details.field` and extras. */
export function toEnvelope(error: AppError): ErrorEnvelope {
	const details: ErrorEnvelope['details'] = { reason: error.reason }
	if (error.field !== undefined) details.field = error.field
	for (const [key, value] of Object.entries(error.extras)) if (value !== undefined) details[key] = value
	return { error: error.message, code: error.code, details }
}

/** Rebuilds an AppError from an envelope (e.g. one passed back over the bus). */
export function fromEnvelope(status: number, envelope: ErrorEnvelope): AppError {
	const { reason, field, ...extras } = envelope.details
	// Every 503 carries Retry-After: 1 (docs/errors.md); the envelope passed over the bus has no headers.
	const headers = status === 503 ? { 'Retry-After': '1' } : undefined
	return new AppError({ status, code: envelope.code, reason, message: envelope.error, field, extras, headers })
}

/** The AppError a serialised envelope carries; bytes that are not an envelope are a 500 (internal_error). */
export function fromEnvelopeBytes(status: number, bytes: Uint8Array): AppError {
	try {
		return fromEnvelope(Number.isInteger(status) ? status : 500, JSON.parse(new TextDecoder().decode(bytes)) as ErrorEnvelope)
	} catch (error) {
		return internalError(error)
	}
}
