/**
 * The name stage alone at register scale: the index holds the names and licences of a
 * `lib/synthetic-world.ts` world of SIZE links (one operator per 50 links) but no links, so a cold
 * check of a never-seen unlisted domain costs its name stage plus a few empty lookups. Prints the
 * per-check CPU and wall time (p50 / p99 / max), the name-search build time and a digest of the
 * answers (equal digests between two builds: the same answers).
 *
 *   bun bench/name-stage.ts            # 5,000,000 links' worth of names (about 230,000)
 *   bun bench/name-stage.ts 500000 5000
 */
import { checkDomain } from '@lv/verdict'
import { buildWorldIndex, distinctNameKeys, hostname, world } from './lib/synthetic-world.ts'

const size = Number(process.argv[2] ?? 5_000_000)
const queries = Number(process.argv[3] ?? 5_000)
// A fixed clock, so the answers' digest compares runs (equal digests: the same answers).
const now = new Date('2026-11-24T12:00:00Z')
const readAt = new Date(now.getTime() - 3_600_000)
const w = world(size, readAt)
const started = performance.now()
const { index } = buildWorldIndex(w, readAt, false)
const buildMs = performance.now() - started
const names = [...index.shards.values()].reduce((sum, shard) => sum + shard.names.length, 0)

for (let q = 0; q < 1_000; q++) checkDomain(index, hostname(size + 2 + q * 7), { now })
const wall: number[] = []
const cpu: number[] = []
let nameMatches = 0
let digest = 0n
for (let q = 0; q < queries; q++) {
	const cpuBefore = process.cpuUsage()
	const before = performance.now()
	const result = checkDomain(index, hostname(size + 1 + q * 7), { now })
	wall.push((performance.now() - before) * 1000)
	const used = process.cpuUsage(cpuBefore)
	cpu.push(used.user + used.system)
	if (result.verdict !== 'not_found') nameMatches++
	digest = Bun.hash(JSON.stringify(result), digest) as bigint
}
const at = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0)
wall.sort((a, b) => a - b)
cpu.sort((a, b) => a - b)
console.log(
	JSON.stringify({
		bench: 'name-stage',
		size,
		names,
		distinctKeys: distinctNameKeys(index),
		buildMs: Math.round(buildMs),
		queries,
		nameMatches,
		answersDigest: digest.toString(16),
		cpuUs: { p50: at(cpu, 0.5), p99: at(cpu, 0.99), max: at(cpu, 1) },
		wallUs: { p50: at(wall, 0.5), p99: at(wall, 0.99), max: at(wall, 1) }
	})
)
