import { describe, expect, test } from 'bun:test'
import { methodsByPath, wrongMethod } from './wrong-method.ts'

const routes = [
	{ method: 'GET', path: '/v1/operators/:slug' },
	{ method: 'GET', path: '/v1/operators/search' },
	{ method: 'GET', path: '/v1/watchlist/operators' },
	{ method: 'POST', path: '/v1/watchlist/operators' },
	{ method: 'DELETE', path: '/v1/watchlist/operators/:slug' },
	{ method: 'GET', path: '/v1/export/:dataset' },
	{ method: 'POST', path: '/v1/check/batch' },
	{ method: 'ALL', path: '/mcp/account' },
	{ method: 'GET', path: '/docs/*' }
]
const methodsAt = methodsByPath(routes)
const refusal = (method: string, path: string) => wrongMethod(new Request(`http://localhost${path}`, { method }), methodsAt)

describe('methodsByPath', () => {
	test('joins the methods of every route whose path matches, a parameter being one segment and * the rest', () => {
		expect(methodsAt('/v1/watchlist/operators')).toEqual(['GET', 'POST'])
		expect(methodsAt('/v1/watchlist/operators/')).toEqual(['GET', 'POST'])
		expect(methodsAt('/v1/watchlist/operators/acme')).toEqual(['DELETE'])
		expect(methodsAt('/v1/operators/search')).toEqual(['GET'])
		expect(methodsAt('/docs/a/b.html')).toEqual(['GET'])
		expect(methodsAt('/v1/watchlist/operators/acme/more')).toEqual([])
		expect(methodsAt('/v1/watchlist')).toEqual([])
	})
})

describe('wrongMethod', () => {
	test('is 405 with Allow naming the methods taken at the path', () => {
		expect(refusal('PUT', '/v1/watchlist/operators')?.headers).toEqual({ Allow: 'GET, POST' })
		expect(refusal('POST', '/v1/operators/acme')?.status).toBe(405)
	})

	test('leaves a path no route has to the 404, and a path an ALL route takes', () => {
		expect(refusal('DELETE', '/v1/nope')).toBeUndefined()
		expect(refusal('PUT', '/mcp/account')).toBeUndefined()
	})

	test('answers HEAD on the batch and an export path, and leaves other HEAD requests to the 404', () => {
		expect(refusal('HEAD', '/v1/check/batch')?.headers).toEqual({ Allow: 'POST' })
		expect(refusal('HEAD', '/v1/export/licences')?.headers).toEqual({ Allow: 'GET' })
		expect(refusal('HEAD', '/v1/operators/acme')).toBeUndefined()
	})
})
