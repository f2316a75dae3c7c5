import { ErrorCode, InitializeRequestSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'
import { GATEWAY_MAX_REQUEST_BODY_BYTES, readBodyWithin } from '../body-limit.ts'

/** What the transport is given: the messages to answer, or the answer itself when there is nothing to hand on. */
export type JsonRpcBody = { kind: 'messages'; parsedBody: unknown; batch: boolean } | { kind: 'answered'; response: Response }

const jsonRpcError = (status: number, code: number, message: string) =>
	new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
		status,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }
	})

/**
 * An `initialize` whose params do not match: -32602 Invalid params for its id. Its handler is the SDK's own,
 * which answers a mismatch as -32603 Internal error; the connector's other handlers check their params themselves.
 */
function initializeRefusal(message: unknown): object | null {
	const request = message as { method?: unknown; id?: unknown }
	if (request.method !== 'initialize' || request.id === undefined) return null
	const parsed = InitializeRequestSchema.safeParse(message)
	if (parsed.success) return null
	const issue = parsed.error.issues[0]
	const detail = issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'
	return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params: ${detail}` } }
}

const isCancellation = (message: unknown) =>
	typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'notifications/cancelled'

/**
 * Reads a POST body as JSON-RPC 2.0 before the SDK transport sees it (its answers are `parsedBody`):
 * text that is not JSON is -32700 Parse error; JSON that is not a message, or an empty batch, is -32600
 * Invalid Request (the transport calls both a parse error and answers an empty batch 202).
 *
 * Cancellations are dropped. A stateless call's answer is one JSON document sent when every request
 * of the body is answered, and a cancellation can only name a request of the same body; the SDK then
 * never answers that request, so the HTTP call would never end. MCP lets a receiver ignore a
 * cancellation it cannot act on: the request is answered.
 */
export async function readJsonRpcBody(request: Request): Promise<JsonRpcBody> {
	const text = new TextDecoder().decode(await readBodyWithin(request, GATEWAY_MAX_REQUEST_BODY_BYTES))
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch {
		return { kind: 'answered', response: jsonRpcError(400, ErrorCode.ParseError, 'Parse error: the body is not JSON') }
	}
	const batch = Array.isArray(value)
	const messages: unknown[] = Array.isArray(value) ? value : [value]
	if (messages.length === 0 || !messages.every((message) => JSONRPCMessageSchema.safeParse(message).success))
		return {
			kind: 'answered',
			response: jsonRpcError(400, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message or a non-empty batch of them')
		}
	const kept = messages.filter((message) => !isCancellation(message))
	if (kept.length === 0) return { kind: 'answered', response: new Response(null, { status: 202 }) }
	// The transport takes an initialisation only alone, so a refused one is the whole answer.
	const refusal = kept.length === 1 ? initializeRefusal(kept[0]) : null
	if (refusal)
		return {
			kind: 'answered',
			response: new Response(JSON.stringify(batch ? [refusal] : refusal), {
				status: 200,
				headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }
			})
		}
	return { kind: 'messages', parsedBody: batch ? kept : kept[0], batch }
}

/** JSON-RPC 2.0 §6: a batch is answered with an array, also when it held one request (the transport sends that answer alone). */
export async function answerAsBatch(response: Response): Promise<Response> {
	if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('application/json')) return response
	const answer: unknown = await response.json()
	return new Response(JSON.stringify(Array.isArray(answer) ? answer : [answer]), { status: 200, headers: response.headers })
}
