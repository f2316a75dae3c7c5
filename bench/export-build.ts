/**
 * Export bench: fills a fresh database at register scale (own bulk insert; the register-server
 * generator does not exist yet), then
 *   1. builds each dataset in each format in its own process (time, peak RSS, size, cache-hit time);
 *   2. starts the real exporter and gateway processes and downloads the largest file over HTTP,
 *      sampling the gateway's RSS, to show the gateway streams rather than buffers.
 *
 *   BENCH_EXPORT_LICENCES=200000 bun bench/export-build.ts
 */
import { join } from 'node:path'
import { createAccount, issueApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { EXPORT_DATASETS, EXPORT_FORMATS } from '@lv/contracts'
import { REPO_ROOT, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'
import { bulkRegister } from '../services/exporter/src/test-support/bulk-register.ts'
import { peakRssDuring } from './lib/process.ts'

const licences = Number(process.env.BENCH_EXPORT_LICENCES ?? 200_000)
const scale = { operators: Math.max(1, Math.round(licences / 4)), licences, domains: licences }
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

const db = await createTestDatabase()
const nats = await startNats()
const children: ReturnType<typeof Bun.spawn>[] = []
try {
	const seedStarted = performance.now()
	await bulkRegister(db.sql, scale, new Date())
	console.log(
		`seeded ${scale.operators} operators, ${scale.licences} licences (+ history), ${scale.domains} domain links in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`
	)
	console.log('dataset    format  rows      size       build     cache hit  peak RSS (process)')
	for (const dataset of EXPORT_DATASETS) {
		for (const format of EXPORT_FORMATS) {
			const child = Bun.spawnSync(['bun', join(REPO_ROOT, 'bench/export-build-one.ts')], {
				env: { ...process.env, DATABASE_URL: db.url, BENCH_DATASET: dataset, BENCH_FORMAT: format },
				stdout: 'pipe',
				stderr: 'inherit'
			})
			if (child.exitCode !== 0) throw new Error(`build of ${dataset} ${format} failed`)
			const r = JSON.parse(child.stdout.toString().trim().split('\n').at(-1) ?? '{}')
			console.log(
				`${dataset.padEnd(10)} ${format.padEnd(7)} ${String(r.rows).padEnd(9)} ${`${(r.bytes / 1048576).toFixed(1)} MB`.padEnd(10)} ${`${(r.buildMs / 1000).toFixed(2)} s`.padEnd(9)} ${`${r.hitMs.toFixed(1)} ms`.padEnd(10)} ${mb(r.peakKb)} (idle ${mb(r.rssBeforeKb)})`
			)
		}
	}

	const env = {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? '/root',
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		LOG_LEVEL: 'warn'
	}
	const start = async (name: string, extra: Record<string, string>) => {
		const healthPort = await freePort()
		const child = Bun.spawn(['bun', join(REPO_ROOT, 'services', name, 'src', 'main.ts')], {
			env: { ...env, HEALTH_PORT: String(healthPort), ...extra },
			stdout: 'ignore',
			stderr: 'inherit'
		})
		children.push(child)
		await waitFor(
			() =>
				fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
					(r) => r.status === 200,
					() => false
				),
			{ what: `${name} ready`, timeoutMs: 30_000, intervalMs: 100 }
		)
		return child
	}
	await start('exporter', { EXPORTER_PREBUILD: 'false' })
	const apiPort = await freePort()
	const gateway = await start('gateway', { PORT: String(apiPort) })
	const { id } = await createAccount(db.sql, systemClock, { name: 'bench', plan: 'enterprise' })
	const { key } = await issueApiKey(db.sql, systemClock, id, 'bench')
	for (const format of EXPORT_FORMATS) {
		const started = performance.now()
		const { result, peakRssMb } = await peakRssDuring(gateway.pid, async () => {
			const response = await fetch(`http://127.0.0.1:${apiPort}/v1/export/licences?format=${format}`, {
				headers: { authorization: `Bearer ${key}` }
			})
			if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`)
			let bytes = 0
			for await (const piece of response.body ?? []) bytes += piece.length
			return bytes
		})
		const seconds = (performance.now() - started) / 1000
		console.log(
			`HTTP download licences ${format}: ${(result / 1048576).toFixed(1)} MB in ${seconds.toFixed(2)} s (${(result / 1048576 / seconds).toFixed(0)} MB/s), gateway peak RSS ${peakRssMb} MB`
		)
	}
} finally {
	for (const child of children) child.kill('SIGTERM')
	await Promise.all(children.map((child) => Promise.race([child.exited, Bun.sleep(5000)])))
	await nats.stop()
	await db.drop()
}
