import { type AppError, methodNotAllowed } from '@lv/errors'
import { BATCH_PATH } from './routes/check.ts'

const EXPORT_PATH = /^\/v1\/export\/[^/]*\/?$/

/** The app's routes as Elysia lists them (`app.routes`): a method, or ALL, and a path with `:param` and `*` segments. */
export type RouteList = readonly { readonly method: string; readonly path: string }[]

/** The methods the app's routes take at a path; none where no route has the path. */
export type MethodsAt = (pathname: string) => readonly string[]

const escaped = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/** A route path as a pattern over request paths: `:param` is one segment, `*` the rest; a trailing slash is optional. */
function pathPattern(path: string): RegExp {
	const segments = path.split('/').map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : escaped(segment)))
	return new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`)
}

export function methodsByPath(routes: RouteList): MethodsAt {
	const patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>()
	for (const { method, path } of routes) {
		const entry = patterns.get(path) ?? { pattern: pathPattern(path), methods: new Set<string>() }
		entry.methods.add(method)
		patterns.set(path, entry)
	}
	return (pathname) => {
		const methods = new Set<string>()
		for (const { pattern, methods: taken } of patterns.values()) if (pattern.test(pathname)) for (const method of taken) methods.add(method)
		return [...methods].sort()
	}
}

/**
 * The 405 of a request that no route took for its method, where a route takes its path with another
 * method (`Allow` lists those); undefined where no route has the path (a 404). SPEC answers any method
 * but POST on the batch path with 405 and `Allow: POST`, key or no key, HEAD included; HEAD on an export
 * path is refused (the export route itself refuses HEAD, its `refuse` option); other HEAD requests are
 * left to the 404 (the server answers HEAD on a GET route itself). Read only once the router found no
 * route, so no request a route takes pays for it (a hook on arrival costs every request).
 */
export function wrongMethod(request: Request, methodsAt: MethodsAt): AppError | undefined {
	const { pathname } = new URL(request.url)
	if (pathname === BATCH_PATH && request.method !== 'POST') return methodNotAllowed('POST')
	if (request.method === 'HEAD') return EXPORT_PATH.test(pathname) ? methodNotAllowed('GET') : undefined
	const methods = methodsAt(pathname)
	return methods.length > 0 && !methods.includes('ALL') ? methodNotAllowed(methods.join(', ')) : undefined
}
