import { join } from 'node:path'
import { Elysia } from 'elysia'

const ASSETS_DIR = join(import.meta.dir, '..', 'assets')

/** Everything the pages load, served from this service: no CDN, no build step. */
const ASSETS: Record<string, string> = {
	'dashboard.css': 'text/css; charset=utf-8',
	'dashboard.js': 'text/javascript; charset=utf-8',
	'favicon.svg': 'image/svg+xml'
}

export const assetRoutes = () =>
	new Elysia().get('/assets/:name', ({ params, set }) => {
		const type = ASSETS[params.name]
		if (type === undefined) {
			set.status = 404
			return 'not found'
		}
		return new Response(Bun.file(join(ASSETS_DIR, params.name)), {
			headers: { 'content-type': type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' }
		})
	})
