/**
 * What the nats-core client's `RequestError("cancelled")` costs: after every answered `request()`, the
 * request's resolver calls `cancel()`, which builds that error to reject a promise already resolved (ADR 0063).
 * CPU of this process per answered request (the asking connection and an echo responder on another, both here)
 * for: the library as it is; its resolver without the error, as a patch would make it; and `requestMany` with
 * one message, the API without the error. BENCH_ROUNDS alternating rounds (default 9), BENCH_IN_FLIGHT requests
 * at a time (default 50; the gateway coalesces checks, so a cold check at 50 connections shares its request
 * with some 25 others, ADR 0059), and the median per-round difference the patch would make.
 *
 *   bun bench/nats-request-cancel.ts          BENCH_IN_FLIGHT=1 bun bench/nats-request-cancel.ts
 */
import { connectBus } from '@lv/bus'
import { startNats } from '@lv/testing'
import { RequestOne } from '@nats-io/nats-core/internal'
import { median } from './lib/rounds.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50)
const CALLS = Number(process.env.BENCH_CALLS ?? 20_000)

type Resolver = (this: PatchableRequest, error: Error | null, message: unknown) => void
type PatchableRequest = {
	timer?: { cancel(): void }
	deferred: { resolve(message: unknown): void; reject(error: Error): void }
	mux: { cancel(request: PatchableRequest): void }
}
const prototype = RequestOne.prototype as unknown as { resolver: Resolver }
const libraryResolver = prototype.resolver
/** The resolver without the error for the settled promise (with noAsyncTraces, as connectBus connects). */
const patchedResolver: Resolver = function (this: PatchableRequest, error, message) {
	this.timer?.cancel()
	if (error) this.deferred.reject(error)
	else this.deferred.resolve(message)
	this.mux.cancel(this)
}

const nats = await startNats()
const asker = await connectBus({ servers: nats.url, name: 'bench-request-cancel-asker' })
const answerer = await connectBus({ servers: nats.url, name: 'bench-request-cancel-answerer' })
answerer.nc.subscribe('bench.echo', {
	callback: (_error, message) => {
		message.respond(message.data)
	}
})
await answerer.nc.flush()
const body = new Uint8Array(200)

const ways = {
	library: (): Promise<unknown> => asker.nc.request('bench.echo', body, { timeout: 5_000 }),
	'patched resolver': (): Promise<unknown> => asker.nc.request('bench.echo', body, { timeout: 5_000 }),
	'requestMany of one': async (): Promise<unknown> => {
		const replies = await asker.nc.requestMany('bench.echo', body, { strategy: 'count', maxMessages: 1, maxWait: 5_000 })
		for await (const reply of replies) return reply
		return undefined
	}
}
type Way = keyof typeof ways

async function cpuPerRequest(way: Way, calls: number): Promise<number> {
	prototype.resolver = way === 'patched resolver' ? patchedResolver : libraryResolver
	let started = 0
	const before = process.cpuUsage()
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (started++ < calls) await ways[way]()
		})
	)
	const used = process.cpuUsage(before)
	return (used.user + used.system) / calls
}

const names = Object.keys(ways) as Way[]
const perRound = new Map<Way, number[]>(names.map((name) => [name, []]))
try {
	for (const name of names) await cpuPerRequest(name, 3_000)
	for (let round = 0; round < ROUNDS; round++)
		for (const name of round % 2 === 1 ? [...names].reverse() : names) perRound.get(name)?.push(await cpuPerRequest(name, CALLS))
	for (const name of names) console.log(`${name.padEnd(20)} ${median(perRound.get(name) ?? []).toFixed(2)} µs of CPU per request`)
	const library = perRound.get('library') ?? []
	const patched = perRound.get('patched resolver') ?? []
	const saved = library.map((micros, round) => micros - (patched[round] ?? micros))
	console.log(
		`the patch, round by round: median ${median(saved).toFixed(2)} µs less per request, less in ${saved.filter((micros) => micros > 0).length} of ${ROUNDS} rounds (${IN_FLIGHT} in flight)`
	)
} finally {
	prototype.resolver = libraryResolver
	await asker.close()
	await answerer.close()
	await nats.stop()
}
