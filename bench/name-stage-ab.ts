/**
 * The name stage of several checkouts in one process (`bench/name-stage.ts`'s names-only index and
 * never-asked labels): each checkout (`git archive` of a commit plus `cp -a node_modules`) builds its
 * own index of the same world, then blocks of 50 labels go to every checkout in turn (the order
 * rotating from block to block and round to round), and each label's CPU time per cold check is the
 * least over BENCH_ROUNDS rounds, and so is its wall time. Prints per checkout the mean, p50 and
 * p99 and the mean of the heavy 2 % (CPU, and wall under `wallUs`), with their ratios to the first
 * checkout, and a digest of the answers (equal digests: the same answers). CPU is the process's, every
 * thread's time counted (ADR 0062).
 *
 * The heavy 2 % are the labels slowest over all checkouts together: taken from the first checkout's
 * times alone, they would be the labels its own noise slowed, and every other checkout would look
 * 3–10 % faster on them by that alone (ADR 0053). A copy of the first checkout under another name
 * shows the spread of the harness itself; the checkout built last tends to run a little slower.
 *
 *   BENCH_CHECKOUTS=main=/tmp/base,change=. bun bench/name-stage-ab.ts 5000000 3000
 */
import { join, resolve } from 'node:path'
import { BENCH_ROUNDS } from './lib/rounds.ts'

const size = Number(process.argv[2] ?? 5_000_000)
const queries = Number(process.argv[3] ?? 3_000)
const BLOCK = 50
const now = new Date('2026-11-24T12:00:00Z')
const readAt = new Date(now.getTime() - 3_600_000)

type Checkout = {
	name: string
	check: (host: string) => unknown
	least: Float64Array
	leastWall: Float64Array
	digest: bigint
}

async function checkoutAt(name: string, root: string): Promise<Checkout> {
	const synthetic = await import(join(root, 'bench/lib/synthetic-world.ts'))
	const verdict = await import(join(root, 'node_modules/@lv/verdict/src/index.ts'))
	const { index } = synthetic.buildWorldIndex(synthetic.world(size, readAt), readAt, false)
	const check = (host: string) => verdict.checkDomain(index, host, { now })
	for (let q = 0; q < 1_000; q++) check(synthetic.hostname(size + 2 + q * 7))
	const unset = () => new Float64Array(queries).fill(Number.POSITIVE_INFINITY)
	return { name, check, least: unset(), leastWall: unset(), digest: 0n }
}

const pairs = (process.env.BENCH_CHECKOUTS ?? `this=${process.cwd()}`).split(',').map((pair) => pair.split('='))
const checkouts: Checkout[] = []
for (const [name, root] of pairs) checkouts.push(await checkoutAt(name as string, resolve(root as string)))
const { hostname } = await import('./lib/synthetic-world.ts')
const hosts = Array.from({ length: queries }, (_, q) => hostname(size + 1 + q * 7))

for (let round = 0; round < BENCH_ROUNDS; round++)
	for (let from = 0; from < queries; from += BLOCK)
		for (let turn = 0; turn < checkouts.length; turn++) {
			const checkout = checkouts[(turn + from / BLOCK + round) % checkouts.length] as Checkout
			for (let q = from; q < Math.min(queries, from + BLOCK); q++) {
				const before = process.cpuUsage()
				const started = performance.now()
				const answer = checkout.check(hosts[q] as string)
				const wall = (performance.now() - started) * 1000
				const used = process.cpuUsage(before)
				checkout.least[q] = Math.min(checkout.least[q] as number, used.user + used.system)
				checkout.leastWall[q] = Math.min(checkout.leastWall[q] as number, wall)
				if (round === 0) checkout.digest = Bun.hash(JSON.stringify(answer), checkout.digest) as bigint
			}
		}

const together = (q: number) => checkouts.reduce((sum, { least }) => sum + (least[q] as number), 0)
const heavy = Array.from({ length: queries }, (_, q) => q)
	.sort((a, b) => together(b) - together(a))
	.slice(0, Math.ceil(queries * 0.02))
/** Mean, p50, p99 and the heavy labels' mean of one time per label. */
function summary(times: Float64Array) {
	const sorted = [...times].sort((a, b) => a - b)
	const at = (p: number) => Math.round(sorted[Math.floor(sorted.length * p)] ?? 0)
	return {
		mean: Math.round(sorted.reduce((sum, us) => sum + us, 0) / sorted.length),
		p50: at(0.5),
		p99: at(0.99),
		heavy: Math.round(heavy.reduce((sum, q) => sum + (times[q] as number), 0) / heavy.length)
	}
}
const figures = checkouts.map(({ name, least, leastWall, digest }) => {
	const cpu = summary(least)
	const wall = summary(leastWall)
	return {
		name,
		meanUs: cpu.mean,
		p50Us: cpu.p50,
		p99Us: cpu.p99,
		heavyUs: cpu.heavy,
		wallUs: wall,
		answersDigest: digest.toString(16)
	}
})
const first = figures[0] as (typeof figures)[number]
const ratio = (value: number, of: number) => Number((value / of).toFixed(3))
console.log(
	JSON.stringify({
		bench: 'name-stage-ab',
		size,
		queries,
		rounds: BENCH_ROUNDS,
		checkouts: figures.map((figure) => ({
			...figure,
			meanRatio: ratio(figure.meanUs, first.meanUs),
			p99Ratio: ratio(figure.p99Us, first.p99Us),
			heavyRatio: ratio(figure.heavyUs, first.heavyUs),
			wallRatios: {
				mean: ratio(figure.wallUs.mean, first.wallUs.mean),
				p99: ratio(figure.wallUs.p99, first.wallUs.p99),
				heavy: ratio(figure.wallUs.heavy, first.wallUs.heavy)
			}
		}))
	})
)
