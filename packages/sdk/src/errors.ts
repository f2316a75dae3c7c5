/** The SPEC error envelope every non-2xx response carries. */
export type ErrorEnvelope = { error: string; code: string; details: { reason: string; field?: string; [extra: string]: unknown } }

/** A non-2xx answer: branch on `status`, `code` and `reason` (= `details.reason`), never on `message`. */
export class LicenceVerifyError extends Error {
	readonly status: number
	readonly code: string
	readonly reason: string
	readonly details: ErrorEnvelope['details']
	readonly requestId: string | null

	constructor(status: number, envelope: ErrorEnvelope, requestId: string | null) {
		super(envelope.error)
		this.name = 'LicenceVerifyError'
		this.status = status
		this.code = envelope.code
		this.reason = envelope.details.reason
		this.details = envelope.details
		this.requestId = requestId
	}
}

const isEnvelope = (value: unknown): value is ErrorEnvelope =>
	value !== null &&
	typeof value === 'object' &&
	typeof (value as ErrorEnvelope).code === 'string' &&
	typeof (value as ErrorEnvelope).details?.reason === 'string'

/** The typed error of a failed response; a body that is not the envelope (a proxy's page) becomes `unexpected_response`. */
export function errorOf(response: Response, body: unknown): LicenceVerifyError {
	const envelope: ErrorEnvelope = isEnvelope(body)
		? body
		: {
				error: `Unexpected ${response.status} response.`,
				code: response.status >= 500 ? 'server_error' : 'unexpected_response',
				details: { reason: 'unexpected_response' }
			}
	return new LicenceVerifyError(response.status, envelope, response.headers.get('x-request-id'))
}
