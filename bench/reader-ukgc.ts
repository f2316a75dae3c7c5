/**
 * Reconciles a generated UKGC-sized publication (20,000 licences / 200,000 domains by default)
 * through the real reader against a real PostgreSQL and the register server: the first load,
 * a no-change re-read with full downloads, and a re-read answered 304. Prints wall time and peak RSS.
 *
 *   bun bench/reader-ukgc.ts [--licences 20000] [--domains 200000]
 */
import { parseArgs } from 'node:util'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { generateUkgcRegister, startRegisterServer, UKGC_FILE_NAMES } from '@lv/register-server'
import { adapters } from '@lv/registers'
import { createTestDatabase, stopSharedPostgres } from '@lv/testing'
import { httpFetcher } from '../services/reader/src/fetch/http-fetcher.ts'
import { registerServerPolicy } from '../services/reader/src/fetch/source-policy.ts'
import { runJurisdiction, type RunDeps } from '../services/reader/src/run.ts'
import { Sources } from '../services/reader/src/sources.ts'

const { values } = parseArgs({
	args: Bun.argv.slice(2),
	options: { licences: { type: 'string', default: '20000' }, domains: { type: 'string', default: '200000' } }
})
const db = await createTestDatabase()
const server = startRegisterServer()
// Only the encoded files stay in this process (served by the register server); the generated text is dropped.
const generated = (() => {
	const register = generateUkgcRegister({ licences: Number(values.licences), domains: Number(values.domains) })
	const encoder = new TextEncoder()
	for (const [key, file] of Object.entries(UKGC_FILE_NAMES)) {
		server.replace(
			`www.gamblingcommission.gov.uk/downloads/${file}`,
			encoder.encode(register[key as keyof typeof UKGC_FILE_NAMES]),
			'text/csv; charset=utf-8'
		)
	}
	return { licences: register.licenceCount, domains: register.domainCount, licenceRows: register.licences.split('\r\n').length - 2 }
})()
const clock = new TestClock('2026-11-02T06:00:00.000Z')
const deps: RunDeps = {
	sql: db.sql,
	clock,
	fetcher: httpFetcher({ timeoutMs: 60_000, userAgent: 'bench' }),
	sources: new Sources(server.url),
	policy: registerServerPolicy(server.url),
	adapters,
	grace: { missedReads: 2, minimumMs: 48 * 3_600_000 },
	maxFiles: 20,
	logger: silentLogger
}

let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => {
	peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 20)

const mb = (bytes: number) => Math.round(bytes / 1_048_576)
async function measure(label: string, before?: () => Promise<unknown>) {
	await before?.()
	Bun.gc(true)
	peakRss = process.memoryUsage().rss
	const started = performance.now()
	const result = await runJurisdiction(deps, 'UKGC')
	const seconds = (performance.now() - started) / 1000
	peakRss = Math.max(peakRss, process.memoryUsage().rss)
	console.log(
		JSON.stringify({
			run: label,
			seconds: Number(seconds.toFixed(2)),
			peak_rss_mb: mb(peakRss),
			changed: result.changed,
			licences: result.counts.listedLicences,
			domains: result.counts.domains,
			history: result.counts.created + result.counts.statusChanges,
			phases: result.timings
		})
	)
}

console.log(
	JSON.stringify({ generated: { licences: generated.licences, domains: generated.domains, licence_rows: generated.licenceRows } })
)
await measure('first load')
clock.advanceHours(24)
await measure('no-change re-read (full download)', () => db.sql`UPDATE register_reads SET etag = NULL, last_modified = NULL`)
clock.advanceHours(24)
await measure('no-change re-read (304)')
clearInterval(sampler)
console.log(JSON.stringify({ process_max_rss_mb: mb(process.resourceUsage().maxRSS * 1024) }))
await server.stop()
await db.drop()
await stopSharedPostgres()
