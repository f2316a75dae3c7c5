/** A refusal or failure from the gateway, reduced to what a page shows. */
export type GatewayProblem = {
	status: number | null
	message: string
	code: string | null
	reason: string | null
	resetAt: string | null
}

const asText = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : null)

/** Reads SPEC's error envelope; a body that is not one still gives a message naming the status. */
export async function readGatewayProblem(response: Response): Promise<GatewayProblem> {
	let body: unknown = null
	try {
		body = await response.json()
	} catch {}
	const envelope = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; code?: unknown; details?: unknown }
	const details = (typeof envelope.details === 'object' && envelope.details !== null ? envelope.details : {}) as {
		reason?: unknown
		reset_at?: unknown
	}
	return {
		status: response.status,
		message: asText(envelope.error) ?? `The API answered ${response.status}.`,
		code: asText(envelope.code),
		reason: asText(details.reason),
		resetAt: asText(details.reset_at)
	}
}

export const unreachableProblem = (): GatewayProblem => ({
	status: null,
	message: 'The API could not be reached. Try again in a moment.',
	code: null,
	reason: null,
	resetAt: null
})
