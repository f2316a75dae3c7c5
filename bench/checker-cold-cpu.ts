/**
 * The checker's CPU per cold check in-process, by layer, on the synthetic world's index of
 * BENCH_DOMAINS links (default 500,000): the name stage alone (`scoreNames`), the whole verdict
 * (`checkDomain`), and the `check.many` handler as NATS drives it (request decoded and validated,
 * answers memoised, serialised, tagged and framed, BENCH_PER_MESSAGE checks a message); then a
 * `check.batch` of 100 domains, half listed (the same 50 in every batch) and half never asked, decoded
 * and answered by the checkout's batch handler (its row memo, where it has one, kept for the run).
 * Every check is of a never-asked unlisted domain (the handler's memo, kept for the run as a replica keeps
 * it, never holds the answer), so the rows' differences are what each layer adds to the name stage. Blocks of queries alternate between the layers (and
 * checkouts), so the machine's drift falls on all alike; medians over BENCH_ROUNDS rounds of CPU µs
 * per check (or batch) are printed, and digests of the handlers' answers.
 *
 * BENCH_WARM_CHECKS=n first answers n never-asked checks through each checkout's handler, as a replica has
 * on a snapshot it has served a while (what the checkout keeps per snapshot is then written).
 *
 * BENCH_BASE_ROOT=dir also runs another checkout's checker code (its own node_modules; `git archive`
 * of a commit plus `cp -a node_modules`) in the same process on its own index of the same world: a
 * same-run A/B of a change (the digests must match).
 *
 *   bun bench/checker-cold-cpu.ts          BENCH_BASE_ROOT=/tmp/base bun bench/checker-cold-cpu.ts
 */
import { REPO_ROOT } from '@lv/testing'
import { type CheckerModules, checkerModulesOf, memoFullOfOneOffs } from './lib/checker-modules.ts'
import { BENCH_ROUNDS, median } from './lib/rounds.ts'
import { hostname } from './lib/synthetic-world.ts'

const SIZE = Number(process.env.BENCH_DOMAINS ?? 500_000)
/** Queries per block; every layer gets BLOCKS blocks per round. */
const BLOCK = Number(process.env.BENCH_BLOCK ?? 200)
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10)
/** Checks per `check.many` message (the gateway coalesces the calls of one event-loop turn). */
const PER_MESSAGE = Number(process.env.BENCH_PER_MESSAGE ?? 10)
const BATCHES_PER_BLOCK = 4
/** Never-asked checks each checkout's handler answers before the rounds (default none: the snapshot's first checks). */
const WARM_CHECKS = Number(process.env.BENCH_WARM_CHECKS ?? 0)

const now = new Date('2026-11-24T12:00:00Z')
const readAt = new Date(now.getTime() - 3_600_000)

type Layer = { name: string; unit: 'check' | 'batch'; run(hosts: readonly string[]): Promise<void> }

type Modules = CheckerModules

/** The checkout's batch handler: answerBatch with its row memo (kept for the run) where it has one, else checkBatch and JSON. */
function batchHandlerOf(verdict: Modules['verdict'], batchAnswers: Modules['batchAnswers'], index: unknown) {
	const batchRows = memoFullOfOneOffs(verdict, index, now.getTime(), '')
	return (domains: unknown[]): Uint8Array =>
		batchAnswers
			? batchAnswers.answerBatch(index, now, batchRows, domains).bytes
			: new TextEncoder().encode(JSON.stringify(verdict.checkBatch(index, domains, { now })))
}

/** `check.many` requests of BENCH_PER_MESSAGE checks each, encoded as the gateway sends them. */
function manyRequests(bus: Modules['bus'], contracts: Modules['contracts'], hosts: readonly string[]): Uint8Array[] {
	const bytes: Uint8Array[] = []
	for (let at = 0; at < hosts.length; at += PER_MESSAGE) {
		const checks = hosts.slice(at, at + PER_MESSAGE).map((domain) => ({ domain }))
		bytes.push(bus.encodeBody(contracts.CheckManyRequest, 'check.many', { id: crypto.randomUUID(), sent_at: now.toISOString(), checks }))
	}
	return bytes
}

/** The layers of one checkout, on its own index of the same world. */
async function layersOf(
	root: string,
	label: string
): Promise<{ layers: Layer[]; digest(hosts: readonly string[]): Promise<string>; batchDigest(hosts: readonly string[]): string }> {
	const { synthetic, bus, clock, contracts, logger, verdict, hostnames, nameMatching, responders, batchAnswers } =
		await checkerModulesOf(root)
	const { decodeBody, encodeBody } = bus
	const { CheckBatchRequest, CheckManyRequest } = contracts
	const { index } = synthetic.buildWorldIndex(synthetic.world(SIZE, readAt), readAt)
	const deps = { sql: undefined, store: { current: () => index }, clock: new clock.TestClock(now), logger: logger.silentLogger }
	const messages = (hosts: readonly string[]) => manyRequests(bus, contracts, hosts)
	// One memo for the whole run, as a replica keeps it: never-asked checks fill it and push older answers out.
	const runMemo = memoFullOfOneOffs(verdict, index, now.getTime(), 'domain\u0000')
	const handle = async (hosts: readonly string[], memo = runMemo) => {
		const replies: Uint8Array[] = []
		for (const request of messages(hosts))
			replies.push(await responders.answerMany(deps, memo, decodeBody(CheckManyRequest, 'check.many', request).checks))
		return replies
	}
	const batches = (hosts: readonly string[]) =>
		Array.from({ length: BATCHES_PER_BLOCK }, (_, b) =>
			encodeBody(CheckBatchRequest, 'check.batch', {
				id: crypto.randomUUID(),
				sent_at: now.toISOString(),
				domains: Array.from({ length: 100 }, (_, i) =>
					i % 2 === 0 ? synthetic.hostname((i * 2_917 + 1) % SIZE) : (hosts[(b * 50 + i) % hosts.length] as string)
				)
			})
		)
	const answerBatch = batchHandlerOf(verdict, batchAnswers, index)
	const layers: Layer[] = [
		{
			name: `${label}: name stage alone`,
			unit: 'check',
			async run(hosts) {
				for (const host of hosts) nameMatching.scoreNames(index, verdict.labelKey(hostnames.rootLabel(host)), 6)
			}
		},
		{
			name: `${label}: checkDomain`,
			unit: 'check',
			async run(hosts) {
				for (const host of hosts) verdict.checkDomain(index, host, { now })
			}
		},
		{
			name: `${label}: check.many handler`,
			unit: 'check',
			async run(hosts) {
				await handle(hosts)
			}
		},
		{
			name: `${label}: check.batch x100 handler`,
			unit: 'batch',
			async run(hosts) {
				for (const request of batches(hosts)) answerBatch(decodeBody(CheckBatchRequest, 'check.batch', request).domains)
			}
		}
	]
	return {
		layers,
		async digest(hosts) {
			let digest = 0n
			for (const reply of await handle(hosts, new verdict.AnswerMemo(4096)))
				for (const { status, body } of contracts.decodeFramedAnswers(reply))
					digest = Bun.hash(body, Bun.hash(String(status), digest)) as bigint
			return digest.toString(16)
		},
		batchDigest(hosts) {
			let digest = 0n
			// Twice over, so that rows kept by a row memo are answered from it the second time.
			for (const request of [...batches(hosts), ...batches(hosts)])
				digest = Bun.hash(answerBatch(decodeBody(CheckBatchRequest, 'check.batch', request).domains), digest) as bigint
			return digest.toString(16)
		}
	}
}

const checkouts = [await layersOf(REPO_ROOT, 'this checkout')]
if (process.env.BENCH_BASE_ROOT) checkouts.push(await layersOf(process.env.BENCH_BASE_ROOT, 'base checkout'))
const layers = checkouts.flatMap((checkout) => checkout.layers)

/** Never-asked unlisted hosts: block b of round r, the same for every layer of that block. */
let nextQuery = SIZE + 1
const freshBlock = () => Array.from({ length: BLOCK }, () => hostname((nextQuery += 7)))

const digestHosts = freshBlock()
for (const [n, checkout] of checkouts.entries())
	console.log(
		`answers digest ${n === 0 ? 'this checkout' : 'base checkout'}: ${await checkout.digest(digestHosts)}, batches ${checkout.batchDigest(digestHosts)}`
	)

const cpuOf = async (layer: Layer, hosts: readonly string[]) => {
	const before = process.cpuUsage()
	await layer.run(hosts)
	const used = process.cpuUsage(before)
	return (used.user + used.system) / (layer.unit === 'check' ? hosts.length : BATCHES_PER_BLOCK)
}
for (const layer of layers) await cpuOf(layer, freshBlock())
// A replica that has answered this many never-asked checks on its snapshot (the parts kept with it written, ADR 0061).
for (let warmed = 0; warmed < WARM_CHECKS; warmed += BLOCK) {
	const hosts = freshBlock()
	for (const layer of layers) if (layer.name.endsWith('check.many handler')) await layer.run(hosts)
}
const results = new Map<string, number[]>()
for (let round = 0; round < BENCH_ROUNDS; round++) {
	const sums = new Map<string, number>()
	for (let block = 0; block < BLOCKS; block++) {
		const hosts = freshBlock()
		for (const layer of block % 2 === 1 ? [...layers].reverse() : layers)
			sums.set(layer.name, (sums.get(layer.name) ?? 0) + (await cpuOf(layer, hosts)))
	}
	for (const [name, sum] of sums) {
		results.set(name, [...(results.get(name) ?? []), sum / BLOCKS])
		console.log(`round ${round + 1}  ${name.padEnd(44)} ${(sum / BLOCKS).toFixed(1)} µs`)
	}
}
console.log(`-- median of ${BENCH_ROUNDS} rounds, ${SIZE} links, CPU µs per check (per batch for check.batch)`)
for (const layer of layers) console.log(`${layer.name.padEnd(44)} ${median(results.get(layer.name) ?? []).toFixed(1)} µs`)
