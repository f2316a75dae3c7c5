import { Elysia } from 'elysia'
import { llmsTxt } from '@lv/llms-txt'
import type { DashboardDeps } from '../deps.ts'

/** GET /llms.txt on the dashboard: the same description of the service as the API root's. */
export const llmsRoutes = (deps: Pick<DashboardDeps, 'config' | 'oauth'>) => {
	const api = deps.config.API_BASE_URL
	const body = llmsTxt({ api, mcp: `${deps.oauth?.mcpUrl ?? api}/mcp/account`, dashboard: deps.config.APP_URL })
	return new Elysia().get('/llms.txt', () => new Response(body, { headers: { 'content-type': 'text/markdown; charset=utf-8' } }))
}
