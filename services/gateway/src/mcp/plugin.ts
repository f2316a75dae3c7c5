import { Elysia } from 'elysia'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { methodNotAllowed, toEnvelope } from '@lv/errors'
import { authorizeConnectorCall, wwwAuthenticate } from './access.ts'
import { type ConnectorSettings, connectorAddresses } from './connector-settings.ts'
import { answerAsBatch, readJsonRpcBody } from './json-rpc-body.ts'
import { originRefusal } from './origin.ts'
import { type HandleRequest, callRoute } from './route-calls.ts'
import { SERVER_INFO, connectorServer } from './server.ts'

export const MCP_PATH = '/mcp/account'

export type ConnectorDeps = { sql: Sql; clock: Clock; config: { PUBLIC_BASE_URL: string } }

const json = (body: unknown, init: ResponseInit = {}) =>
	new Response(JSON.stringify(body), {
		...init,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...init.headers }
	})

/**
 * `{mcp_url}/mcp/account`, the assistant connector (resource server), and its Protected Resource
 * Metadata (RFC 9728). A browser page of another origin is refused before anything else. Stateless Streamable HTTP: each POST builds a server for that request, so
 * any replica answers any call; GET (server-initiated stream) and DELETE (session end) are 405.
 * Every tool is answered by the gateway's own route through `handle`.
 */
export function connectorRoutes(deps: ConnectorDeps, settings: ConnectorSettings | undefined, handle: HandleRequest) {
	const plugin = new Elysia({ name: 'connector-routes' })
	if (!settings) return plugin
	const addresses = connectorAddresses(settings)
	const metadata = {
		resource: addresses.resource,
		authorization_servers: [addresses.issuer],
		scopes_supported: [addresses.scope],
		bearer_methods_supported: ['header'],
		resource_name: SERVER_INFO.title,
		resource_documentation: `${addresses.issuer}/connected-apps`
	}
	const metadataPath = new URL(addresses.resourceMetadataUrl).pathname

	async function answer(request: Request): Promise<Response> {
		const forbidden = originRefusal(addresses.origins, request.headers.get('origin'))
		if (forbidden) return forbidden
		const access = await authorizeConnectorCall(deps.sql, addresses, request, deps.clock.nowMs())
		if (!access.ok) {
			const refusal = access.refusal
			return json(toEnvelope(refusal), { status: refusal.status, headers: { 'www-authenticate': wwwAuthenticate(addresses, refusal) } })
		}
		const body = await readJsonRpcBody(request)
		if (body.kind === 'answered') return body.response
		const server = connectorServer(
			(call) => callRoute(handle, deps.config.PUBLIC_BASE_URL, access.keyHash, call),
			deps.config.PUBLIC_BASE_URL
		)
		const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
		await server.connect(transport)
		try {
			const response = await transport.handleRequest(request, { parsedBody: body.parsedBody })
			return body.batch ? await answerAsBatch(response) : response
		} finally {
			await server.close()
		}
	}

	// Every method but POST, GET and DELETE included: a 405 naming POST alone, the one method the endpoint takes.
	const notPost = () => {
		const refusal = methodNotAllowed('POST')
		return json(toEnvelope(refusal), { status: refusal.status, headers: refusal.headers })
	}

	// Not operations of /openapi.json (the MCP protocol is not REST); info.description points here.
	const hidden = { detail: { hide: true } }
	return plugin
		.get(metadataPath, () => json(metadata), hidden)
		.get('/.well-known/oauth-protected-resource', () => json(metadata), hidden)
		.post(MCP_PATH, ({ request }) => answer(request), { parse: 'none', ...hidden })
		.all(MCP_PATH, notPost, hidden)
}
