/**
 * The `check.many` handler's CPU per cold check with its caches warm and cold: the same handler as
 * bench/checker-cold-cpu.ts (request decoded, answers memoised, serialised and framed), on the synthetic
 * world's index of BENCH_DOMAINS links, BENCH_PER_MESSAGE never-asked unlisted domains a message, each
 * message answered
 * - warm: right after the previous one, as a replica answers a message queued behind another;
 * - after an L2's worth of other memory touched (BENCH_SWEEP_SMALL_MB, default 2 MB: the other processes
 *   that ran on this core while the replica waited);
 * - after the whole L3 and more touched (BENCH_SWEEP_LARGE_MB, default 64 MB);
 * - after sleeping BENCH_SLEEP_MS (default 2 ms, the replica's idle gap between messages in the whole path,
 *   bench/lib/checker-trace.ts), whatever the machine runs meanwhile.
 * The sweeps and sleeps are outside the measured CPU. Modes alternate message by message; medians over
 * BENCH_ROUNDS rounds of CPU µs per check are printed, with the load.
 *
 *   bun bench/checker-cache.ts          BENCH_PER_MESSAGE=25 BENCH_ROUNDS=5 bun bench/checker-cache.ts
 */
import { loadavg } from 'node:os'
import { REPO_ROOT } from '@lv/testing'
import { checkerModulesOf, memoFullOfOneOffs } from './lib/checker-modules.ts'
import { BENCH_ROUNDS, median } from './lib/rounds.ts'
import { hostname } from './lib/synthetic-world.ts'

/** Settings from the environment, or their defaults. */
const [SIZE, PER_MESSAGE, MESSAGES_PER_ROUND, SMALL_MB, LARGE_MB, SLEEP_MS] = (
	[
		['BENCH_DOMAINS', 500_000],
		['BENCH_PER_MESSAGE', 20],
		['BENCH_MESSAGES', 200],
		['BENCH_SWEEP_SMALL_MB', 2],
		['BENCH_SWEEP_LARGE_MB', 64],
		['BENCH_SLEEP_MS', 2]
	] as const
).map(([name, fallback]) => Number(process.env[name] ?? fallback)) as [number, number, number, number, number, number]

const now = new Date('2026-11-24T12:00:00Z')
const readAt = new Date(now.getTime() - 3_600_000)
const { synthetic, bus, clock, contracts, logger, verdict, responders } = await checkerModulesOf(REPO_ROOT)
const { index } = synthetic.buildWorldIndex(synthetic.world(SIZE, readAt), readAt)
const deps = { sql: undefined, store: { current: () => index }, clock: new clock.TestClock(now), logger: logger.silentLogger }
const memo = memoFullOfOneOffs(verdict, index, now.getTime(), 'domain\u0000')

let nextQuery = SIZE + 1
const message = () =>
	bus.encodeBody(contracts.CheckManyRequest, 'check.many', {
		id: crypto.randomUUID(),
		sent_at: now.toISOString(),
		checks: Array.from({ length: PER_MESSAGE }, () => ({ domain: hostname((nextQuery += 7)) }))
	})

const other = new Uint8Array(LARGE_MB << 20)
/** Touches `mb` MB of other memory, a write per cache line. */
const sweep = (mb: number) => {
	const end = Math.min(other.length, mb << 20)
	for (let at = 0; at < end; at += 64) other[at] = (other[at] as number) + 1
}

type Mode = { name: string; before(): Promise<void> | void }
const modes: Mode[] = [
	{ name: 'warm (back to back)', before() {} },
	{ name: `after ${SMALL_MB} MB of other memory`, before: () => sweep(SMALL_MB) },
	{ name: `after ${LARGE_MB} MB of other memory`, before: () => sweep(LARGE_MB) },
	{ name: `after sleeping ${SLEEP_MS} ms`, before: () => Bun.sleep(SLEEP_MS) }
]

const cpuMicros = () => {
	const usage = process.cpuUsage()
	return usage.user + usage.system
}

async function answerOne(request: Uint8Array) {
	await responders.answerMany(deps, memo, bus.decodeBody(contracts.CheckManyRequest, 'check.many', request).checks)
}

// Warm-up: the JIT and the memo, as a replica that has answered a while.
for (let i = 0; i < 300; i++) await answerOne(message())

const perRound: number[][] = modes.map(() => [])
for (let round = 0; round < BENCH_ROUNDS; round++) {
	const spent = modes.map(() => 0)
	for (let m = 0; m < MESSAGES_PER_ROUND; m++) {
		for (let i = 0; i < modes.length; i++) {
			const mode = modes[(i + m) % modes.length] as Mode
			const request = message()
			await mode.before()
			const start = cpuMicros()
			await answerOne(request)
			const at = modes.indexOf(mode)
			spent[at] = (spent[at] as number) + cpuMicros() - start
		}
	}
	spent.forEach((micros, i) => perRound[i]?.push(micros / (MESSAGES_PER_ROUND * PER_MESSAGE)))
	console.log(
		`round ${round + 1}: ${modes.map((mode, i) => `${mode.name} ${(spent[i] as number) / (MESSAGES_PER_ROUND * PER_MESSAGE)}`).join(', ')}`
	)
}
console.log(`-- ${SIZE} links, ${PER_MESSAGE} checks a message, median of ${BENCH_ROUNDS} rounds, load ${loadavg()[0]?.toFixed(1)}`)
for (const [i, mode] of modes.entries())
	console.log(`${mode.name.padEnd(36)} ${median(perRound[i] as number[]).toFixed(1)} µs CPU per cold check`)
