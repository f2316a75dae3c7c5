import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type AddressInfo, createServer } from 'node:net'
import { createLicenceVerifyClient } from './client.ts'
import { retryAfterMs, retryingFetch } from './retry.ts'

/** A fetcher answering the given statuses in turn (headers per answer), recording each call. */
function answering(...answers: [number, Record<string, string>?][]) {
	const calls: string[] = []
	const fetcher = async (request: Request) => {
		calls.push(`${request.method} ${await request.text()}`)
		const [status, headers] = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [200]
		return new Response('{}', { status, headers })
	}
	return { fetcher, calls }
}

function recordingSleep() {
	const waits: number[] = []
	return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

const post = () => new Request('http://api.test/v1/check/batch', { method: 'POST', body: '{"domains":["a.example"]}' })

describe('retryingFetch', () => {
	test('a 5xx is retried after 1 s, 2 s and 4 s, then the last answer is returned', async () => {
		const { fetcher, calls } = answering([503], [503], [502], [500])
		const { waits, sleep } = recordingSleep()
		const response = await retryingFetch(fetcher, { sleep })(post())
		expect({ status: response.status, calls: calls.length, waits }).toEqual({ status: 500, calls: 4, waits: [1_000, 2_000, 4_000] })
		expect(new Set(calls)).toEqual(new Set(['POST {"domains":["a.example"]}']))
	})

	test('a 5xx followed by a success returns the success after one wait', async () => {
		const { fetcher } = answering([503], [200])
		const { waits, sleep } = recordingSleep()
		expect((await retryingFetch(fetcher, { sleep })(post())).status).toBe(200)
		expect(waits).toEqual([1_000])
	})

	test('a 429 with Retry-After is retried once after that wait, and not a second time', async () => {
		const { fetcher, calls } = answering([429, { 'retry-after': '1' }], [429, { 'retry-after': '1' }])
		const { waits, sleep } = recordingSleep()
		expect((await retryingFetch(fetcher, { sleep })(post())).status).toBe(429)
		expect({ calls: calls.length, waits }).toEqual({ calls: 2, waits: [1_000] })
	})

	test('a 429 whose Retry-After names the next UTC day (export or trial daily cap) is returned at once, not waited for for hours', async () => {
		const { fetcher, calls } = answering([429, { 'retry-after': '43200' }], [200])
		const { waits, sleep } = recordingSleep()
		expect((await retryingFetch(fetcher, { sleep })(post())).status).toBe(429)
		expect({ calls: calls.length, waits }).toEqual({ calls: 1, waits: [] })
		const patient = answering([429, { 'retry-after': '43200' }], [200])
		expect((await retryingFetch(patient.fetcher, { sleep, maxRetryAfterMs: Number.POSITIVE_INFINITY })(post())).status).toBe(200)
		expect(waits).toEqual([43_200_000])
	})

	test('a 429 without Retry-After (monthly quota, keyless cap) is not retried', async () => {
		const { fetcher, calls } = answering([429])
		const { waits, sleep } = recordingSleep()
		expect((await retryingFetch(fetcher, { sleep })(post())).status).toBe(429)
		expect({ calls: calls.length, waits }).toEqual({ calls: 1, waits: [] })
	})

	test('a 4xx other than 429 is returned at once', async () => {
		const { fetcher, calls } = answering([400])
		expect((await retryingFetch(fetcher, recordingSleep())(post())).status).toBe(400)
		expect(calls.length).toBe(1)
	})

	test('a network failure of a GET is retried like a 5xx and rethrown after the last wait', async () => {
		let calls = 0
		const { waits, sleep } = recordingSleep()
		const failing = async () => {
			calls++
			throw new TypeError('socket closed')
		}
		await expect(retryingFetch(failing, { sleep })(new Request('http://api.test/v1/check?domain=a.example'))).rejects.toThrow(
			'socket closed'
		)
		expect({ calls, waits }).toEqual({ calls: 4, waits: [1_000, 2_000, 4_000] })
	})
})

/**
 * A real server that reads each request whole (headers and the Content-Length body) and then drops
 * the connection without answering: the request reached it, the answer is lost.
 */
async function droppingServer() {
	const received: string[] = []
	const server = createServer((socket) => {
		let buffered = Buffer.alloc(0)
		socket.on('data', (chunk: Buffer) => {
			buffered = Buffer.concat([buffered, chunk])
			const headerEnd = buffered.indexOf('\r\n\r\n')
			if (headerEnd < 0) return
			const head = buffered.subarray(0, headerEnd).toString('latin1')
			const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
			if (buffered.length < headerEnd + 4 + length) return
			received.push(`${head.split(' ', 2).join(' ')} ${buffered.subarray(headerEnd + 4).toString()}`.trim())
			socket.destroy()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return { baseUrl: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('retryingFetch against a server that drops the connection after reading the request', () => {
	let server: Awaited<ReturnType<typeof droppingServer>>
	beforeAll(async () => {
		server = await droppingServer()
	})
	afterAll(() => server.close())
	const realFetch = (request: Request) => fetch(request)

	test('a POST that reached the server is sent once: the failure is thrown at once, never applied twice', async () => {
		server.received.length = 0
		const { waits, sleep } = recordingSleep()
		const request = new Request(`${server.baseUrl}/v1/webhooks/abc/rotate_secret`, { method: 'POST', body: '{}' })
		await expect(retryingFetch(realFetch, { sleep })(request)).rejects.toThrow()
		expect({ received: server.received, waits }).toEqual({ received: ['POST /v1/webhooks/abc/rotate_secret {}'], waits: [] })
	})

	test("the client's batch check (counted against the quota) is sent once when its answer is lost", async () => {
		server.received.length = 0
		const { waits, sleep } = recordingSleep()
		const client = createLicenceVerifyClient({ baseUrl: server.baseUrl, apiKey: 'lv_k_test', sleep })
		await expect(client.checkBatch(['a.example'])).rejects.toThrow()
		expect({ received: server.received, waits }).toEqual({ received: ['POST /v1/check/batch {"domains":["a.example"]}'], waits: [] })
	})

	test('a GET and a DELETE, idempotent, are sent again after 1 s, 2 s and 4 s, then the failure is thrown', async () => {
		for (const method of ['GET', 'DELETE']) {
			server.received.length = 0
			const { waits, sleep } = recordingSleep()
			const request = new Request(`${server.baseUrl}/v1/watchlist/operators/acme`, { method })
			await expect(retryingFetch(realFetch, { sleep })(request)).rejects.toThrow()
			expect({ received: server.received, waits }).toEqual({
				received: Array(4).fill(`${method} /v1/watchlist/operators/acme`),
				waits: [1_000, 2_000, 4_000]
			})
		}
	})

	test('a request the caller aborted is not sent again', async () => {
		const { waits, sleep } = recordingSleep()
		const request = new Request(`${server.baseUrl}/v1/check?domain=a.example`, { signal: AbortSignal.abort() })
		await expect(retryingFetch(realFetch, { sleep })(request)).rejects.toThrow()
		expect(waits).toEqual([])
	})
})

describe('retryingFetch when nothing was sent', () => {
	test('a POST whose connection was refused (nothing listening) is sent again, and answered once a server listens', async () => {
		const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(null, { status: 500 }) })
		const port = probe.port
		probe.stop(true)
		const received: string[] = []
		let server: ReturnType<typeof Bun.serve> | undefined
		const waits: number[] = []
		const sleep = async (ms: number) => {
			waits.push(ms)
			server ??= Bun.serve({
				port,
				hostname: '127.0.0.1',
				fetch: async (request) => {
					received.push(`${request.method} ${await request.text()}`)
					return Response.json({ ok: true }, { status: 201 })
				}
			})
		}
		try {
			const request = new Request(`http://127.0.0.1:${port}/v1/watchlist/operators`, { method: 'POST', body: '{"operator_slug":"acme"}' })
			const response = await retryingFetch((r) => fetch(r), { sleep })(request)
			expect({ status: response.status, received, waits }).toEqual({
				status: 201,
				received: ['POST {"operator_slug":"acme"}'],
				waits: [1_000]
			})
		} finally {
			server?.stop(true)
		}
	})
})

describe('retryAfterMs', () => {
	test('reads delta-seconds and HTTP dates against the injected now', () => {
		expect(retryAfterMs('3', 0)).toBe(3_000)
		expect(retryAfterMs('Thu, 05 Nov 2026 00:00:10 GMT', Date.parse('2026-11-05T00:00:00Z'))).toBe(10_000)
		expect(retryAfterMs('soon', 0)).toBeNull()
		expect(retryAfterMs(null, 0)).toBeNull()
	})
})
