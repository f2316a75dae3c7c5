import { AppError, invalidInput } from '@lv/errors'
import { toAppError } from './errors.ts'

/**
 * The largest request body each route takes, in bytes (documented on the route in /openapi.json
 * and in docs/errors.md). A hundred 253-character hostnames quoted and comma-separated are about
 * 25.6 kB; a webhook body is at most a 2,048-character URL, a 500-character description and the
 * event names.
 */
export const BODY_LIMITS = { checkBatch: 64 * 1024, webhook: 16 * 1024, watchlist: 4 * 1024 } as const

/**
 * Bun.serve's own ceiling: above it Bun answers 413 without the envelope and never calls the app.
 * Above every route maximum, so a body between the two still gets the envelope from the route.
 */
export const GATEWAY_MAX_REQUEST_BODY_BYTES = 1024 * 1024

export const bodyTooLarge = (maxBytes: number) =>
	new AppError({
		status: 413,
		code: 'invalid_query',
		reason: 'body_too_large',
		message: `The request body is larger than this endpoint's maximum of ${maxBytes} bytes.`,
		field: 'body',
		extras: { limit: maxBytes }
	})

/** The sentence each body-taking route's description carries. */
export const bodyLimitNote = (maxBytes: number) =>
	`A body over ${maxBytes} bytes is 413 \`invalid_query\` / \`body_too_large\` (\`details.limit\`): never read past the maximum, never parsed, and answered after the key's checks, like every refusal of the body (counted toward the per-second limit, not charged to the monthly quota).`

/**
 * The body's bytes, refused with 413 as soon as they pass `maxBytes`: at once when Content-Length
 * says so, else while streaming (a chunked body is never held past the maximum). A body within its
 * declared Content-Length is read whole (the server reads no more than it declares), without the
 * stream reader's promise per chunk.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array> {
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes)
	if (request.body === null) return new Uint8Array(0)
	if (declared !== null) {
		const bytes = await request.bytes()
		if (bytes.byteLength > maxBytes) throw bodyTooLarge(maxBytes)
		return bytes
	}
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let received = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		received += value.byteLength
		if (received > maxBytes) {
			await reader.cancel()
			throw bodyTooLarge(maxBytes)
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

/** JSON.parse of a body read within its maximum; malformed JSON is the usual 400 invalid_input. */
export async function readJsonWithin(request: Request, maxBytes: number): Promise<unknown> {
	const text = new TextDecoder().decode(await readBodyWithin(request, maxBytes))
	try {
		return JSON.parse(text)
	} catch (error) {
		throw toAppError('PARSE', error)
	}
}

/**
 * Refusals of request bodies, by request, held until the call's key has been checked and the call
 * counted (the auth plugin, `bodyRefusalOf`): SPEC answers a refused key first and counts a refused
 * body toward the per-second limit. The parse stage runs before the plugin's, so it cannot throw them.
 */
const heldRefusals = new WeakMap<Request, AppError>()

/** The refusal the parse hook held for this request's body, if any. */
export const bodyRefusalOf = (request: Request): AppError | undefined => heldRefusals.get(request)

/**
 * An Elysia `parse` hook for a route taking a JSON object of at most `maxBytes` with the fields of
 * `schema`. Another content type (the media type matched in any letter case), a JSON value that is not
 * an object, a field the schema does not have, or a body over the maximum is refused: the app normalises
 * bodies, which would drop an unknown field (a misspelt one changing nothing), and a schema whose fields
 * are all optional would let a non-object through as an empty change. The refusal is held, not thrown
 * (`heldRefusals`), and the body is then null, which no body schema admits: a route without the key
 * check would still refuse it, with the framework's 400.
 */
export const jsonBodyWithin =
	(maxBytes: number, schema: { readonly properties: object }) =>
	async ({ request, contentType }: { request: Request; contentType: string }): Promise<unknown> => {
		try {
			return await jsonObjectWithin(request, contentType, maxBytes, schema)
		} catch (error) {
			heldRefusals.set(request, toAppError('PARSE', error))
			return null
		}
	}

async function jsonObjectWithin(
	request: Request,
	contentType: string,
	maxBytes: number,
	schema: { readonly properties: object }
): Promise<object> {
	if (contentType.trim().toLowerCase() !== 'application/json')
		throw invalidInput('body', 'The request body must be JSON, sent with Content-Type: application/json.')
	const value = await readJsonWithin(request, maxBytes)
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		throw invalidInput('body', 'The request body must be a JSON object.')
	const unknown = Object.keys(value).find((field) => !Object.hasOwn(schema.properties, field))
	if (unknown !== undefined)
		throw invalidInput(
			'body',
			`The request body has no field ${JSON.stringify(unknown.slice(0, 64))}; the fields are ${fieldList(schema)}.`
		)
	return value
}

const fieldList = (schema: { readonly properties: object }) =>
	Object.keys(schema.properties)
		.map((field) => `\`${field}\``)
		.join(', ')
