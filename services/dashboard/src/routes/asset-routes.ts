import { join } from 'node:path'
import { Elysia } from 'elysia'

const ASSETS_DIR = join(import.meta.dir, '..', 'assets')
const CSS = 'text/css; charset=utf-8'
const JS = 'text/javascript; charset=utf-8'

type Asset = { path: string; type: string }
const own = (name: string, type: string): Asset => ({ path: join(ASSETS_DIR, name), type })
/** A file of an npm dependency, at the exact version package.json pins (uPlot: ADR 0026). */
const vendored = (specifier: string, type: string): Asset => ({ path: Bun.resolveSync(specifier, import.meta.dir), type })

/** Everything the pages load, served from this service: no CDN, no build step. */
const ASSETS: Record<string, Asset> = {
	'dashboard.css': own('dashboard.css', CSS),
	'dashboard.js': own('dashboard.js', JS),
	'usage-chart.js': own('usage-chart.js', JS),
	'favicon.svg': own('favicon.svg', 'image/svg+xml'),
	'uplot.min.js': vendored('uplot/dist/uPlot.iife.min.js', JS),
	'uplot.min.css': vendored('uplot/dist/uPlot.min.css', CSS)
}

export const assetRoutes = () =>
	new Elysia().get('/assets/:name', ({ params, set }) => {
		const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined
		if (asset === undefined) {
			set.status = 404
			return 'not found'
		}
		return new Response(Bun.file(asset.path), {
			headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' }
		})
	})
