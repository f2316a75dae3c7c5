import { BENCH_ROUNDS, median } from './rounds.ts'

/** How an in-process bench reaches an app: Elysia's `app.handle`. */
export type Handle = (request: Request) => Response | Promise<Response>

export type CpuPerCall = { micros: number; perSecond: number }

/**
 * `calls` GETs of `path` (or of a new path per call; POSTs of `body` when given), `inFlight` at a time: CPU time of
 * this process per call (the app, its database and NATS clients and the driver loop together), in µs, and calls
 * completed per second of wall time.
 */
export async function cpuPerCall(
	handle: Handle,
	path: string | (() => string),
	calls: number,
	headers: Record<string, string>,
	inFlight = 50,
	body?: string | (() => string)
): Promise<CpuPerCall> {
	let started = 0
	const startedAt = performance.now()
	const before = process.cpuUsage()
	// Content-Length as an HTTP client sends it (a Request made here has none of its own).
	const init = (text: string | undefined) =>
		text === undefined
			? { headers }
			: {
					method: 'POST',
					body: text,
					headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }
				}
	const fixed = typeof body === 'function' ? undefined : init(body)
	await Promise.all(
		Array.from({ length: inFlight }, async () => {
			while (started < calls) {
				started++
				const asked = typeof path === 'string' ? path : path()
				const response = await handle(new Request(`http://localhost${asked}`, fixed ?? init(typeof body === 'function' ? body() : body)))
				if (response.status !== 200) throw new Error(`${asked} answered ${response.status}: ${await response.text()}`)
				await response.arrayBuffer()
			}
		})
	)
	const used = process.cpuUsage(before)
	return { micros: (used.user + used.system) / calls, perSecond: calls / ((performance.now() - startedAt) / 1000) }
}

/**
 * Warms every scenario up with `warmupCalls`, then runs them in BENCH_ROUNDS rounds of `calls`, odd rounds in
 * reverse order, printing each round and the medians; returns each scenario's median CPU µs per call.
 */
export async function inAlternatingRounds(
	scenarios: readonly { name: string; measure: (calls: number) => Promise<CpuPerCall> }[],
	calls: number,
	warmupCalls: number
): Promise<Map<string, number>> {
	const results = new Map<string, CpuPerCall[]>()
	for (const { measure } of scenarios) await measure(warmupCalls)
	for (let round = 0; round < BENCH_ROUNDS; round++)
		for (const { name, measure } of round % 2 === 1 ? [...scenarios].reverse() : scenarios) {
			const result = await measure(calls)
			results.set(name, [...(results.get(name) ?? []), result])
			console.log(
				`round ${round + 1}  ${name.padEnd(40)} ${result.micros.toFixed(2)} µs of CPU per call, ${result.perSecond.toFixed(0)} calls/s`
			)
		}
	console.log(`-- median of ${BENCH_ROUNDS} rounds`)
	const medians = new Map<string, number>()
	for (const [name, runs] of results) {
		medians.set(name, median(runs.map((run) => run.micros)))
		console.log(
			`${name.padEnd(40)} ${median(runs.map((run) => run.micros)).toFixed(2)} µs of CPU per call, ${median(runs.map((run) => run.perSecond)).toFixed(0)} calls/s`
		)
	}
	return medians
}
