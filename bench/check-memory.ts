/**
 * Checker memory with a large index and the rebuild time of the largest jurisdiction: a real
 * checker process loads BENCH_DOMAINS (default 500,000) domain links from PostgreSQL; RSS is read
 * from /proc after the load and around BENCH_REBUILDS (default 3) rebuilds of UKGC (60 % of the
 * links) on registry.changed, the peak (VmHWM) reset before each so it is that rebuild's own.
 *
 *   bun bench/check-memory.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { connectBus, ensureStreams, publish } from '@lv/bus'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import { createTestDatabase, startNats, stopSharedPostgres, waitFor } from '@lv/testing'
import { startService } from '../tests/e2e/check-stack.ts'
import { registerSizes, seedSyntheticRegisters } from './check-seed.ts'

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 500_000)
const PER_OPERATOR = Number(process.env.BENCH_DOMAINS_PER_OPERATOR ?? 50)
const REBUILDS = Number(process.env.BENCH_REBUILDS ?? 3)

const memory = (pid: number) => {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
	return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

type RebuildLog = { msg?: string; jurisdiction?: string; duration_ms?: number; domains?: number }
const rebuildsOf = (output: string, code: string): RebuildLog[] =>
	output
		.split('\n')
		.filter((line) => line.includes('index rebuilt'))
		.map((line) => JSON.parse(line) as RebuildLog)
		.filter((entry) => entry.jurisdiction === code)

const db = await createTestDatabase()
const nats = await startNats()
try {
	const seeding = performance.now()
	await seedSyntheticRegisters(db.sql, DOMAINS, PER_OPERATOR)
	console.log(
		`seeded ${DOMAINS} domain links (${registerSizes(DOMAINS)
			.map(([code, n]) => `${code} ${n}`)
			.join(', ')}) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`
	)

	const loading = performance.now()
	const checker = await startService('checker', { DATABASE_URL: db.url, NATS_URL: nats.url, LOG_LEVEL: 'info' })
	const loadSeconds = (performance.now() - loading) / 1000
	const afterLoad = memory(checker.pid)
	const initial = rebuildsOf(checker.output(), 'UKGC')[0]

	const bus = await connectBus({ servers: nats.url, name: 'bench-memory' })
	await ensureStreams(bus)
	// VmHWM reset (clear_refs 5), so the peak read after each rebuild is that rebuild's own.
	const resetPeak = () => {
		try {
			writeFileSync(`/proc/${checker.pid}/clear_refs`, '5')
		} catch {}
	}
	const rebuilds: { ms: number | undefined; peakMb: number; rssMb: number }[] = []
	for (let round = 1; round <= REBUILDS; round++) {
		await Bun.sleep(2_000)
		resetPeak()
		const [row] = await db.sql<{ data_version: bigint }[]>`
			UPDATE register_status SET data_version = data_version + 1, last_successful_read_at = now() WHERE jurisdiction_code = 'UKGC' RETURNING data_version`
		await publish(
			bus,
			RegistryChanged,
			subjects.registryChanged('UKGC'),
			{
				id: `bench-ukgc-${round}`,
				sent_at: new Date().toISOString(),
				jurisdiction: 'UKGC',
				run_id: `bench-ukgc-${round}`,
				data_version: Number(row?.data_version ?? 0),
				changed: true
			},
			registryChangedMsgId('UKGC', `bench-${Date.now()}-${round}`)
		)
		await waitFor(() => rebuildsOf(checker.output(), 'UKGC').length >= round + 1, {
			what: 'the UKGC rebuild',
			timeoutMs: 120_000,
			intervalMs: 100
		})
		const after = memory(checker.pid)
		rebuilds.push({ ms: rebuildsOf(checker.output(), 'UKGC')[round]?.duration_ms, peakMb: after.peakMb, rssMb: after.rssMb })
	}
	const afterRebuild = memory(checker.pid)
	// The allocator hands freed pages back to the system a little later; read RSS again once settled.
	await Bun.sleep(10_000)
	const settled = memory(checker.pid)
	await bus.close()
	const exitCode = await checker.stop()

	const rebuildMs = rebuilds.map((entry) => entry.ms ?? Number.NaN)
	const rebuildPeakMb = Math.max(...rebuilds.map((entry) => entry.peakMb))
	console.log(`
index: ${DOMAINS} domain links, ${Math.ceil(DOMAINS / PER_OPERATOR)} operators
checker ready (process start + full load): ${loadSeconds.toFixed(1)} s
RSS after load:            ${afterLoad.rssMb.toFixed(0)} MB (peak ${afterLoad.peakMb.toFixed(0)} MB)   target < 300 MB
UKGC first build:          ${initial?.duration_ms} ms for ${initial?.domains} domain links
UKGC rebuilds (on message): ${rebuildMs.join(', ')} ms for ${initial?.domains} domain links
RSS peak during a rebuild: ${rebuilds.map((entry) => entry.peakMb.toFixed(0)).join(', ')} MB
RSS after the rebuilds:    ${afterRebuild.rssMb.toFixed(0)} MB, 10 s later ${settled.rssMb.toFixed(0)} MB
checker exit code on SIGTERM: ${exitCode}`)
	console.log(
		JSON.stringify({
			bench: 'check-memory',
			domains: DOMAINS,
			loadSeconds,
			afterLoad,
			rebuilds,
			rebuildPeakMb,
			afterRebuild,
			settled,
			initialBuildMs: initial?.duration_ms,
			rebuildMs
		})
	)
} finally {
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
}
