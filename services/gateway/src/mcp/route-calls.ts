import { asGrantKeyCall } from '../auth/connector-calls.ts'
import type { RouteCall } from './tools.ts'

export type RouteAnswer = { status: number; body: unknown }

export type HandleRequest = (request: Request) => Promise<Response>

/**
 * Sends a tool's REST call through the gateway's own routes, in process, as a call of the grant's
 * key: the same validation, plan gating, quota, per-second limit and usage counters as a call with
 * an API key, and the same JSON answer.
 */
export async function callRoute(handle: HandleRequest, baseUrl: string, keyHash: Uint8Array, call: RouteCall): Promise<RouteAnswer> {
	const url = new URL(call.path, baseUrl)
	for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value))
	const init: RequestInit = { method: call.method }
	if (call.body !== undefined) {
		init.body = JSON.stringify(call.body)
		init.headers = { 'content-type': 'application/json' }
	}
	const response = await handle(asGrantKeyCall(new Request(url, init), keyHash))
	const text = await response.text()
	return { status: response.status, body: text === '' ? null : JSON.parse(text) }
}
