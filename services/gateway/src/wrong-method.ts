import { type AppError, methodNotAllowed } from '@lv/errors'
import { BATCH_PATH } from './routes/check.ts'

const EXPORT_PATH = /^\/v1\/export\/[^/]*\/?$/

/**
 * The 405 of a request that no route took for its method: SPEC answers any method but POST on the
 * batch path with 405 and `Allow: POST`, key or no key; HEAD on an export path is refused (the export
 * route itself refuses HEAD, its `refuse` option). Read only once the router found no route, so no
 * request a route takes pays for it (a hook on arrival costs every request).
 */
export function wrongMethod(request: Request): AppError | undefined {
	const { pathname } = new URL(request.url)
	if (pathname === BATCH_PATH && request.method !== 'POST') return methodNotAllowed('POST')
	if (request.method === 'HEAD' && EXPORT_PATH.test(pathname)) return methodNotAllowed('GET')
	return undefined
}
