import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { type OpenApiDocument, decorateDocument } from './decorate.ts'
import { requestIdOf } from '../request-id.ts'
import { API_DESCRIPTION, OPENAPI_TAGS } from './info.ts'

export const SPEC_PATH = '/openapi.json'

/**
 * GET /openapi.json: the document @elysiajs/openapi generates from the route declarations, passed
 * through decorateDocument (response headers, whole-body examples). The plugin caches its document
 * until routes change; the decorated copy is cached per generated document.
 */
export function apiDocument(config: { PUBLIC_BASE_URL: string }) {
	const decorated = new WeakMap<object, OpenApiDocument>()
	return new Elysia({ name: 'api-document' })
		.onAfterHandle(({ request, responseValue, set }) => {
			if (typeof responseValue !== 'object' || responseValue === null || responseValue instanceof Response) return
			if (new URL(request.url).pathname !== SPEC_PATH) return
			// The app's own X-Request-Id step is registered after this route, so it would miss it.
			set.headers['x-request-id'] = requestIdOf(request)
			let document = decorated.get(responseValue)
			if (!document) {
				document = decorateDocument(responseValue as OpenApiDocument)
				decorated.set(responseValue, document)
			}
			return document
		})
		.use(
			openapi({
				path: '/openapi',
				specPath: SPEC_PATH,
				provider: null,
				// Paths with a dot are documented too (/.well-known/jwks.json, /llms.txt); the document's own are not.
				exclude: { staticFile: false, paths: ['/openapi', SPEC_PATH] },
				documentation: {
					openapi: '3.1.0',
					info: {
						title: 'Licence Register Verification API',
						version: '1.0.0',
						description: API_DESCRIPTION,
						license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' }
					},
					servers: [{ url: config.PUBLIC_BASE_URL }],
					tags: OPENAPI_TAGS,
					components: {
						securitySchemes: {
							apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: 4-character prefix ending in `_` plus 32 characters.' }
						}
					}
				}
			})
		)
}
