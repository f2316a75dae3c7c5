import { Elysia, t } from 'elysia'
import { llmsTxt } from '@lv/llms-txt'
import type { RouteDeps } from '../app.ts'
import { errorResponses } from '../models/error-responses.ts'

/** GET /llms.txt: the service described for language models, with one example per main endpoint. */
export const llmsRoutes = (deps: RouteDeps) => {
	const base = deps.config.PUBLIC_BASE_URL
	const body = llmsTxt({ api: base, mcp: `${deps.connector?.mcpUrl ?? base}/mcp/account`, dashboard: deps.config.APP_URL })
	return new Elysia().get('/llms.txt', () => new Response(body, { headers: { 'content-type': 'text/markdown; charset=utf-8' } }), {
		response: { 200: t.String({ description: 'Markdown (llmstxt.org).' }), ...errorResponses(500) },
		detail: {
			tags: ['health'],
			security: [],
			summary: 'The service for language models',
			description: 'What the service is, the main endpoints with one example each, links to `/openapi.json` and the MCP connector.'
		}
	})
}
