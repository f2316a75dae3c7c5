/**
 * GET /v1/check?domain= (keyed) through gateway -> NATS -> checker, measured in the same run as a
 * bare Elysia route, then POST /v1/check/batch with 100 domains. Real processes, real PostgreSQL
 * and nats-server, an index of BENCH_DOMAINS (default 500,000) domain links.
 *
 *   bun bench/check-http.ts            BENCH_DOMAINS=50000 BENCH_SECONDS=5 bun bench/check-http.ts
 */
import { join } from 'node:path'
import { REPO_ROOT, createTestDatabase, freePort, startNats, stopSharedPostgres, waitFor } from '@lv/testing'
import { issueKey, startService } from '../tests/e2e/check-stack.ts'
import { seedSyntheticRegisters } from './check-seed.ts'
import { type WrkResult, formatResult, runWrk } from './check-wrk.ts'

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 500_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 10)

const db = await createTestDatabase()
const nats = await startNats()
const seeded = performance.now()
await seedSyntheticRegisters(db.sql, DOMAINS)
console.log(`seeded ${DOMAINS} domain links in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
const key = await issueKey(db.sql, 'enterprise')
const env = { DATABASE_URL: db.url, NATS_URL: nats.url }
const checker = await startService('checker', env)
const gateway = await startService('gateway', env)
const barePort = await freePort()
const bare = Bun.spawn(['bun', join(REPO_ROOT, 'bench/check-bare-server.ts'), String(barePort)], { stdout: 'ignore', stderr: 'inherit' })
await waitFor(() => fetch(`http://127.0.0.1:${barePort}/v1/bare`).then((r) => r.ok, () => false), { what: 'the bare route' })

const auth = { Authorization: `Bearer ${key}` }
const checkUrl = `http://127.0.0.1:${gateway.port}/v1/check?domain=acmebet.co.uk`
const sample = await (await fetch(checkUrl, { headers: auth })).json()
if (sample.verdict !== 'licensed') throw new Error(`unexpected sample answer: ${JSON.stringify(sample).slice(0, 300)}`)

const batchDomains = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? `ukgc-site${i * 37 + 1}.com` : `unlisted-${i}.example`))
const batchBody = JSON.stringify({ domains: batchDomains })
const batchRun = {
	url: `http://127.0.0.1:${gateway.port}/v1/check/batch`,
	method: 'POST' as const,
	headers: { ...auth, 'Content-Type': 'application/json' },
	body: batchBody
}

const results: WrkResult[] = []
try {
	// Warm-up: JIT, connection pools, the index's first touches.
	await runWrk({ label: 'warm-up', url: `http://127.0.0.1:${barePort}/v1/bare`, connections: CONNECTIONS, durationSeconds: 2 })
	await runWrk({ label: 'warm-up', url: checkUrl, headers: auth, connections: CONNECTIONS, durationSeconds: 2 })
	await runWrk({ label: 'warm-up', ...batchRun, connections: BATCH_CONNECTIONS, durationSeconds: 2 })

	results.push(await runWrk({ label: `bare Elysia GET (c${CONNECTIONS})`, url: `http://127.0.0.1:${barePort}/v1/bare`, connections: CONNECTIONS, durationSeconds: SECONDS }))
	results.push(await runWrk({ label: `GET /v1/check?domain= keyed (c${CONNECTIONS})`, url: checkUrl, headers: auth, connections: CONNECTIONS, durationSeconds: SECONDS }))
	results.push(await runWrk({ label: `POST /v1/check/batch x100 (c${BATCH_CONNECTIONS})`, ...batchRun, connections: BATCH_CONNECTIONS, durationSeconds: SECONDS }))
	results.push(await runWrk({ label: 'POST /v1/check/batch x100 (c1)', ...batchRun, connections: 1, durationSeconds: SECONDS }))
} finally {
	bare.kill('SIGTERM')
	await gateway.stop()
	await checker.stop()
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
}

const [bareResult, checkResult] = results
console.log(`\nindex: ${DOMAINS} domain links; wrk -t1, ${SECONDS} s per run, ${navigator.hardwareConcurrency} cores\n`)
for (const result of results) console.log(formatResult(result))
if (bareResult && checkResult) {
	console.log(`\ncheck / bare: ${((checkResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)} % (target >= 20 %), check p99 ${checkResult.p99Ms.toFixed(2)} ms (target < 10 ms)`)
}
console.log(JSON.stringify({ bench: 'check-http', domains: DOMAINS, results }))
