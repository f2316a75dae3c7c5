import { describe, expect, test } from 'bun:test'
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

	test('a network failure is retried like a 5xx and rethrown after the last wait', async () => {
		let calls = 0
		const { waits, sleep } = recordingSleep()
		const failing = async () => {
			calls++
			throw new TypeError('connection refused')
		}
		await expect(retryingFetch(failing, { sleep })(post())).rejects.toThrow('connection refused')
		expect({ calls, waits }).toEqual({ calls: 4, waits: [1_000, 2_000, 4_000] })
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
