import type { ErrorCode, ErrorReason } from './codes.ts'

export type ErrorExtras = {
	suggestion?: string
	current_usage?: number
	limit?: number | string
	reset_at?: string
	plan_tier?: string
	required_plan?: string
	[key: string]: unknown
}

export type AppErrorInit = {
	status: number
	code: ErrorCode
	reason: ErrorReason
	message: string
	field?: string
	extras?: ErrorExtras
	headers?: Record<string, string>
	cause?: unknown
}

/** The one error type every service raises for a client-visible failure. */
export class AppError extends Error {
	override readonly name = 'AppError'
	readonly status: number
	readonly code: ErrorCode
	readonly reason: ErrorReason
	readonly field: string | undefined
	readonly extras: ErrorExtras
	readonly headers: Record<string, string>

	constructor(init: AppErrorInit) {
		super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
		this.status = init.status
		this.code = init.code
		this.reason = init.reason
		this.field = init.field
		this.extras = init.extras ?? {}
		this.headers = init.headers ?? {}
	}
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError
