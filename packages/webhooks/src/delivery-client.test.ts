import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import type { Server } from 'bun'
import { deliveryHeaders } from './delivery-headers.ts'
import { DEFAULT_MAX_RESPONSE_BYTES, deliver } from './delivery-client.ts'
import { signatureHeader, verifySignature } from './signature.ts'
import { checkWebhookUrl } from './url-policy.ts'

const CERT = readFileSync(join(import.meta.dir, 'fixtures', 'receiver-cert.pem'), 'utf8')
const KEY = readFileSync(join(import.meta.dir, 'fixtures', 'receiver-key.pem'), 'utf8')
const TEN_MB = 10 * 1024 * 1024
const SECRET = 'whsec_receiverReceiverReceiverReceiverReceive'

type Seen = { method: string; path: string; host: string | null; headers: Headers; body: string }

let plain: Server<undefined>
let secure: Server<undefined>
const seen: Seen[] = []
let landingHits = 0

function route(request: Request, body: string): Response | Promise<Response> {
	const url = new URL(request.url)
	seen.push({ method: request.method, path: url.pathname, host: request.headers.get('host'), headers: request.headers, body })
	switch (url.pathname) {
		case '/ok':
			return new Response('received', { status: 200 })
		case '/fail':
			return new Response('boom', { status: 500 })
		case '/redirect':
			return new Response(null, { status: 302, headers: { Location: '/landing' } })
		case '/landing':
			landingHits++
			return new Response('landed')
		case '/hang':
			return new Promise<Response>(() => {})
		case '/stall-body':
			return new Response(
				new ReadableStream({
					start(controller) {
						controller.enqueue(new TextEncoder().encode('partial'))
					}
				})
			)
		case '/huge':
			return new Response(new Uint8Array(TEN_MB).fill(97))
		case '/accents':
			return new Response('\u00e9\u00e9\u00e9')
		case '/verify': {
			const header = request.headers.get('x-service-signature') ?? ''
			const now = Number(request.headers.get('x-service-timestamp'))
			const check = verifySignature(header, body, [SECRET], 300, now)
			return new Response(JSON.stringify(check), { status: check.valid ? 204 : 401 })
		}
		default:
			return new Response('no route', { status: 404 })
	}
}

beforeAll(() => {
	const fetch = async (request: Request) => route(request, await request.text())
	plain = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch })
	secure = Bun.serve({ hostname: '127.0.0.1', port: 0, tls: { cert: CERT, key: KEY }, fetch })
})

afterAll(() => {
	plain.stop(true)
	secure.stop(true)
})

// `.invalid` never resolves, so any success proves the client used the pinned address and no DNS
const pinnedUrl = (path: string) => `http://receiver.invalid:${plain.port}${path}`
const post = (path: string, extra: Partial<Parameters<typeof deliver>[0]> = {}) =>
	deliver({ url: pinnedUrl(path), address: '127.0.0.1', headers: { 'Content-Type': 'application/json' }, body: '{"ping":true}', ...extra })

describe('deliver', () => {
	test('a 2xx answer is ok and the receiver gets the exact body, the headers and the original Host', async () => {
		const body = '{"event":"test.ping","n":1}'
		const before = seen.length
		const headers = { 'Content-Type': 'application/json', 'X-Service-Event': 'test.ping' }
		const result = await deliver({ url: pinnedUrl('/ok'), address: '127.0.0.1', headers, body })
		expect(result).toMatchObject({ ok: true, status: 200, body: 'received', errorKind: null, error: null })
		expect(result.latencyMs).toBeGreaterThanOrEqual(0)
		const request = seen[before] as Seen
		expect(request.method).toBe('POST')
		expect(request.body).toBe(body)
		expect(request.host).toBe(`receiver.invalid:${plain.port}`)
		expect(request.headers.get('x-service-event')).toBe('test.ping')
		expect(request.headers.get('content-length')).toBe(String(body.length))
	})

	test('a 500 answer is a failure that still reports status and body', async () => {
		expect(await post('/fail')).toMatchObject({ ok: false, status: 500, body: 'boom', errorKind: null })
	})

	test('a 302 is a failure and the Location is not followed', async () => {
		const hitsBefore = landingHits
		const result = await post('/redirect')
		expect(result).toMatchObject({ ok: false, status: 302, errorKind: 'redirect_not_followed' })
		expect(landingHits).toBe(hitsBefore)
	})

	test('a receiver that never answers is cut off at the timeout bound', async () => {
		const result = await post('/hang', { timeoutMs: 200 })
		expect(result).toMatchObject({ ok: false, status: null, body: null, errorKind: 'timeout' })
		expect(result.latencyMs).toBeGreaterThanOrEqual(190)
		expect(result.latencyMs).toBeLessThan(2000)
	})

	test('the timeout covers the body too: a 200 whose body stalls is a failure', async () => {
		const result = await post('/stall-body', { timeoutMs: 200 })
		expect(result).toMatchObject({ ok: false, status: 200, body: 'partial', errorKind: 'timeout' })
	})

	test('a 10 MB answer is truncated to maxResponseBytes and returns long before the timeout', async () => {
		const result = await post('/huge', { maxResponseBytes: 1024, timeoutMs: 5000 })
		expect(result).toMatchObject({ ok: true, status: 200, errorKind: null })
		expect(result.body).toBe('a'.repeat(1024))
		expect(result.latencyMs).toBeLessThan(5000)
	})

	test('without maxResponseBytes the body is capped at the default', async () => {
		const result = await post('/huge', { timeoutMs: 5000 })
		expect(result.body?.length).toBe(DEFAULT_MAX_RESPONSE_BYTES)
	})

	test('a multi-byte character cut by the byte limit is dropped, not mangled', async () => {
		expect((await post('/accents', { maxResponseBytes: 3 })).body).toBe('\u00e9')
	})

	test('a closed port is a connection_refused failure', async () => {
		const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
		const port = closed.port
		closed.stop(true)
		const result = await deliver({
			url: `http://receiver.invalid:${port}/`,
			address: '127.0.0.1',
			headers: {},
			body: '{}',
			timeoutMs: 2000
		})
		expect(result).toMatchObject({ ok: false, status: null, errorKind: 'connection_refused' })
	})
})

describe('a receiver that never ends its headers', () => {
	test('is a failed attempt long before the timeout, and the socket is closed', async () => {
		let closed = false
		const line = `X-Pad: ${'a'.repeat(1000)}\r\n`
		const server = createServer((socket) => {
			socket.on('close', () => (closed = true))
			socket.on('error', () => (closed = true))
			socket.once('data', () => {
				socket.write('HTTP/1.1 200 OK\r\n')
				const pump = () => {
					while (!closed) if (!socket.write(line)) return void socket.once('drain', pump)
				}
				pump()
			})
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo
		const result = await deliver({
			url: `http://receiver.invalid:${port}/`,
			address: '127.0.0.1',
			headers: {},
			body: '{}',
			timeoutMs: 60_000
		})
		await new Promise<void>((resolve) => server.close(() => resolve()))
		expect(result).toMatchObject({ ok: false, status: null, errorKind: 'network_error' })
		expect(closed).toBe(true)
	})
})

describe('proxies named in the environment', () => {
	test('are never used: with HTTP_PROXY, HTTPS_PROXY and ALL_PROXY set, the attempt still goes straight to the pinned address', async () => {
		let proxied = 0
		const proxy = Bun.serve({
			hostname: '127.0.0.1',
			port: 0,
			fetch() {
				proxied++
				return new Response('proxy')
			}
		})
		const proxyUrl = `http://127.0.0.1:${proxy.port}`
		const client = join(import.meta.dir, 'delivery-client.ts')
		const script = `const { deliver } = await import(${JSON.stringify(client)})
const result = await deliver({ url: ${JSON.stringify(pinnedUrl('/ok'))}, address: '127.0.0.1', headers: {}, body: '{}' })
console.log(JSON.stringify([result.status, result.body]))`
		const child = Bun.spawn([process.execPath, '-e', script], {
			env: { ...process.env, HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, ALL_PROXY: proxyUrl, http_proxy: proxyUrl, NO_PROXY: '' },
			stdout: 'pipe'
		})
		const output = await new Response(child.stdout).text()
		await child.exited
		proxy.stop(true)
		expect(JSON.parse(output)).toEqual([200, 'received'])
		expect(proxied).toBe(0)
	})
})

describe('deliver to an IPv6 address', () => {
	test('a name pinned to ::1 reaches the IPv6 receiver with the original Host', async () => {
		const v6 = Bun.serve({ hostname: '::1', port: 0, fetch: (request) => new Response(request.headers.get('host')) })
		try {
			const result = await deliver({ url: `http://receiver.invalid:${v6.port}/`, address: '::1', headers: {}, body: '{}', timeoutMs: 2000 })
			expect(result).toMatchObject({ ok: true, status: 200, body: `receiver.invalid:${v6.port}` })
		} finally {
			v6.stop(true)
		}
	})
})

describe('deliver over https', () => {
	const secureUrl = (host: string) => `https://${host}:${secure.port}/ok`

	test('connects to the pinned address and verifies the certificate against the URL hostname (SNI name)', async () => {
		const result = await deliver({ url: secureUrl('receiver.webhooks.test'), address: '127.0.0.1', headers: {}, body: '{}', ca: CERT })
		expect(result).toMatchObject({ ok: true, status: 200, body: 'received' })
		expect(seen.at(-1)?.host).toBe(`receiver.webhooks.test:${secure.port}`)
	})

	test('a certificate for another name is a tls_error even though the address is right', async () => {
		const result = await deliver({ url: secureUrl('other.webhooks.test'), address: '127.0.0.1', headers: {}, body: '{}', ca: CERT })
		expect(result).toMatchObject({ ok: false, status: null, errorKind: 'tls_error' })
	})

	test('an untrusted certificate is a tls_error', async () => {
		const result = await deliver({ url: secureUrl('receiver.webhooks.test'), address: '127.0.0.1', headers: {}, body: '{}' })
		expect(result).toMatchObject({ ok: false, errorKind: 'tls_error' })
	})
})

describe('check, sign and deliver together', () => {
	test('an allow-listed local receiver verifies the signed delivery', async () => {
		const checked = await checkWebhookUrl(`http://127.0.0.1:${plain.port}/verify`, { allowList: [`127.0.0.1:${plain.port}`] })
		const body = JSON.stringify({ event: 'test.ping', livemode: false, data: {} })
		const unixSeconds = Math.floor(Date.now() / 1000)
		const headers = deliveryHeaders({
			event: 'test.ping',
			eventId: 'evt_01JABCDEFGHJKMNPQRSTVWXYZ0',
			deliveryId: '0d6c1a4e-8f43-4c8e-9a51-3b7e2f1d9c20',
			attempt: 1,
			unixSeconds,
			signature: signatureHeader(body, [SECRET], unixSeconds),
			missedDeliveries: 0
		})
		const result = await deliver({ url: checked.url, address: checked.address, headers, body })
		expect(result).toMatchObject({ ok: true, status: 204, errorKind: null })
		expect(seen.at(-1)?.headers.get('user-agent')).toBe('LicenceRegisterWebhooks/1')
	})

	test('the same URL without the allow-list entry is refused before any request is made', async () => {
		const before = seen.length
		await expect(checkWebhookUrl(`http://127.0.0.1:${plain.port}/verify`)).rejects.toMatchObject({ reason: 'private_ip_blocked' })
		expect(seen.length).toBe(before)
	})
})
