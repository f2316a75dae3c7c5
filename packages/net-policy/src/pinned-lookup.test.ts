import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import http from 'node:http'
import { pinnedLookup } from './pinned-lookup.ts'

let server: ReturnType<typeof Bun.serve>

beforeAll(() => {
	server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => new Response(`host ${request.headers.get('host')}`) })
})
afterAll(() => server.stop(true))

const get = (url: string, lookup: ReturnType<typeof pinnedLookup>) =>
	new Promise<string>((resolve, reject) => {
		const outgoing = http.get(url, { lookup, agent: false }, (response) => {
			let body = ''
			response.on('data', (chunk: Buffer) => (body += chunk.toString()))
			response.on('end', () => resolve(body))
		})
		outgoing.on('error', reject)
	})

describe('pinnedLookup', () => {
	test('the connection goes to the pinned address whatever the name would resolve to, and the Host header keeps the name', async () => {
		// .invalid never resolves (RFC 6761): reaching the server proves the resolver was not asked
		expect(await get(`http://registers.invalid:${server.port}/x`, pinnedLookup('127.0.0.1'))).toBe(`host registers.invalid:${server.port}`)
	})
})
