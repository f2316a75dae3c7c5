import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
	CallToolRequestSchema,
	type CallToolResult,
	ErrorCode,
	ListResourcesRequestSchema,
	ListToolsRequestSchema,
	McpError,
	ReadResourceRequestSchema
} from '@modelcontextprotocol/sdk/types.js'
import { Value } from '@sinclair/typebox/value'
import type { RouteAnswer } from './route-calls.ts'
import { RESOURCES, type RouteCall, TOOLS } from './tools.ts'

export const SERVER_INFO = { name: 'licence-verify', title: 'Licence register verification', version: '1.0.0' }

const INSTRUCTIONS = [
	'Tools over the licence registers of seven gambling regulators (UKGC, MGA, CW, KH, AN, TGC, IOM), called as the signed-in account: each call counts against its plan like an API call.',
	'When telling a user whether a site or licence is licensed, repeat `verdict_detail` as returned; never say licensed unless `verdict` is `licensed`.'
].join(' ')

type AnswerRoute = (call: RouteCall) => Promise<RouteAnswer>

type RequestSchema =
	| typeof ListToolsRequestSchema
	| typeof CallToolRequestSchema
	| typeof ListResourcesRequestSchema
	| typeof ReadResourceRequestSchema

/** Matches a request by its method alone, keeping every field, so the params are checked by `paramsChecked`. */
const byMethod = (schema: RequestSchema) => schema.pick({ method: true }).loose()

/**
 * The request as `schema` reads it. The SDK parses a request against its handler's schema before the
 * handler runs and answers a mismatch (`params.name` a number, `params.uri` missing) as -32603
 * Internal error; JSON-RPC 2.0 names it -32602 Invalid params.
 */
function paramsChecked<S extends RequestSchema>(schema: S, request: unknown): ReturnType<S['parse']> {
	const parsed = schema.safeParse(request)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		throw new McpError(ErrorCode.InvalidParams, `Invalid params: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`)
	}
	return parsed.data as ReturnType<S['parse']>
}

const isSuccess = (status: number) => status >= 200 && status < 300

type Envelope = { error?: string; code?: string; details?: { reason?: string } }

/** `429 rate_limited (per_second_limit_exceeded): …`: status, code and reason first, as a client branches on them. */
function refusalSummary(answer: RouteAnswer): string {
	const envelope = (answer.body ?? {}) as Envelope
	return `${answer.status} ${envelope.code ?? 'server_error'} (${envelope.details?.reason ?? 'internal_error'}): ${envelope.error ?? 'The request failed.'}`
}

/** A refusal as a tool error: the SPEC envelope (code, details.reason) as the structured result and in the text. */
function toolError(answer: RouteAnswer): CallToolResult {
	const envelope = (answer.body ?? {}) as Envelope
	return {
		isError: true,
		content: [{ type: 'text', text: `${refusalSummary(answer)}\n${JSON.stringify(answer.body)}` }],
		structuredContent: { status: answer.status, ...envelope }
	}
}

function invalidArguments(tool: string, message: string): CallToolResult {
	return toolError({
		status: 400,
		body: {
			error: `The arguments do not match the input schema of ${tool}: ${message}`,
			code: 'invalid_query',
			details: { reason: 'invalid_input' }
		}
	})
}

/** The answer of a route as a tool result; a 204 (nothing to say) becomes `{ ok: true }`. */
function toolResult(answer: RouteAnswer): CallToolResult {
	if (!isSuccess(answer.status)) return toolError(answer)
	const structured = (answer.body ?? { ok: true }) as Record<string, unknown>
	return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }
}

/**
 * One MCP server for one HTTP request (stateless Streamable HTTP): every tool and resource is a
 * route of the gateway answered for the caller's grant by `answerRoute`.
 */
export function connectorServer(answerRoute: AnswerRoute, apiBaseUrl: string): Server {
	const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS })
	const resourceUri = (path: string) => new URL(path, apiBaseUrl).href

	server.setRequestHandler(byMethod(ListToolsRequestSchema), (request) => {
		paramsChecked(ListToolsRequestSchema, request)
		return {
			tools: TOOLS.map((tool) => ({
				name: tool.name,
				title: tool.title,
				description: tool.description,
				inputSchema: tool.inputSchema,
				annotations: { title: tool.title, readOnlyHint: !tool.writes, destructiveHint: false, idempotentHint: true, openWorldHint: false }
			}))
		}
	})

	server.setRequestHandler(byMethod(CallToolRequestSchema), async (raw) => {
		const request = paramsChecked(CallToolRequestSchema, raw)
		const tool = TOOLS.find((candidate) => candidate.name === request.params.name)
		if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`)
		const args = request.params.arguments ?? {}
		if (!Value.Check(tool.inputSchema, args)) {
			const first = Value.Errors(tool.inputSchema, args).First()
			return invalidArguments(tool.name, first ? `${first.path || '/'} ${first.message}` : 'invalid')
		}
		return toolResult(await answerRoute(tool.route(args)))
	})

	server.setRequestHandler(byMethod(ListResourcesRequestSchema), (request) => {
		paramsChecked(ListResourcesRequestSchema, request)
		return {
			resources: RESOURCES.map((resource) => ({
				uri: resourceUri(resource.path),
				name: resource.name,
				title: resource.title,
				description: resource.description,
				mimeType: 'application/json'
			}))
		}
	})

	server.setRequestHandler(byMethod(ReadResourceRequestSchema), async (raw) => {
		const request = paramsChecked(ReadResourceRequestSchema, raw)
		const resource = RESOURCES.find((candidate) => resourceUri(candidate.path) === request.params.uri)
		if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`)
		const answer = await answerRoute({ method: 'GET', path: resource.path })
		if (!isSuccess(answer.status)) throw new McpError(ErrorCode.InternalError, refusalSummary(answer), answer.body)
		return { contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(answer.body) }] }
	})

	return server
}
