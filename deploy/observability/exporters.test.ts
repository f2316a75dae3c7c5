import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, ensureConsumer, ensureStreams } from '@lv/bus'
import { NOTIFIER_EVENTS_CONSUMER } from '@lv/contracts'
import { type NatsHandle, findBinary, freePort, startNats, waitFor } from '@lv/testing'
import { databasePerFile } from '@lv/testing/per-file'
import { POSTGRES_EXPORTER_CONNECTIONS } from '../service-config.ts'
import { NATS_EXPORTER_SERIES, POSTGRES_EXPORTER_SERIES } from './exporter-series.ts'

const env = databasePerFile()
let nats: NatsHandle
let bus: Bus

beforeAll(async () => {
	nats = await startNats({ monitor: true })
	bus = await connectBus({ servers: nats.url, name: 'exporters-test' })
	await ensureStreams(bus)
	await ensureConsumer(bus, NOTIFIER_EVENTS_CONSUMER)
}, 60_000)

afterAll(async () => {
	await bus?.close()
	await nats?.stop()
})

/** The values at `path` in a monitoring answer, `*` standing for each item of an array. */
function valuesAt(json: unknown, path: string[]): unknown[] {
	const [key, ...rest] = path
	if (key === undefined) return [json]
	if (key === '*') return Array.isArray(json) ? json.flatMap((item) => valuesAt(item, rest)) : []
	return json !== null && typeof json === 'object' && key in json ? valuesAt((json as Record<string, unknown>)[key], rest) : []
}

const atLeast = (version: string, since: string) => {
	const [have, want] = [version, since].map((text) => text.split('.').map(Number))
	const first = have?.findIndex((part, index) => part !== want?.[index]) ?? -1
	return first === -1 || (have?.[first] ?? 0) > (want?.[first] ?? 0)
}

describe('the NATS exporter', () => {
	test('reads every number the alert rules use from a monitoring endpoint a real nats-server serves', async () => {
		const monitor = nats.monitorUrl ?? ''
		const version = ((await (await fetch(`${monitor}/varz`)).json()) as { version: string }).version
		const missing: string[] = []
		for (const [name, { from, since }] of Object.entries(NATS_EXPORTER_SERIES)) {
			if (since && !atLeast(version, since)) continue
			const values = valuesAt(await (await fetch(`${monitor}${from.endpoint}`)).json(), from.path)
			if (values.length === 0 || values.some((value) => typeof value !== 'number')) missing.push(name)
		}
		expect({ version, missing }).toEqual({ version, missing: [] })
	})

	test('the path reader finds a number under arrays and misses one that is not there', () => {
		const answer = { account_details: [{ stream_detail: [{ consumer_detail: [{ num_pending: 3 }, { num_pending: 0 }] }] }] }
		expect(valuesAt(answer, ['account_details', '*', 'stream_detail', '*', 'consumer_detail', '*', 'num_pending'])).toEqual([3, 0])
		expect(valuesAt(answer, ['account_details', '*', 'num_pending'])).toEqual([])
		expect(atLeast('2.9.10', '2.10.0')).toBe(false)
		expect(atLeast('2.10.22', '2.10.0')).toBe(true)
	})
})

describe('the PostgreSQL exporter', () => {
	test("answers every series and label the alert rules read, with the services' DATABASE_URL, on at most its counted connections", async () => {
		const binary = findBinary(['prometheus-postgres-exporter', 'postgres_exporter'])
		if (!binary) throw new Error('the PostgreSQL exporter not found: apt-get install -y prometheus-postgres-exporter')
		const port = await freePort()
		// lib/pq asks for TLS unless told otherwise; the URL says so, as deploy/README.md tells operators to.
		const url = `${env.db.url}?sslmode=disable`
		const exporter = Bun.spawn([binary, `--web.listen-address=127.0.0.1:${port}`], {
			env: { PATH: process.env.PATH ?? '', DATA_SOURCE_NAME: url },
			stdout: 'ignore',
			stderr: 'ignore'
		})
		try {
			const text = await waitFor(
				async () => {
					const body = await fetch(`http://127.0.0.1:${port}/metrics`).then(
						(response) => response.text(),
						() => ''
					)
					return body.includes('\npg_up 1') ? body : undefined
				},
				{ what: 'the exporter to reach PostgreSQL' }
			)
			const lines = text.split('\n').filter((line) => line.startsWith('pg_'))
			const unanswered = Object.entries(POSTGRES_EXPORTER_SERIES).flatMap(([name, labels]) => {
				const samples = lines.filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
				return samples.length === 0 || !labels.every((label) => samples.every((sample) => sample.includes(`${label}="`))) ? [name] : []
			})
			expect(unanswered).toEqual([])
			const [held] = await env.db.sql<{ n: number }[]>`
				SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ''`
			expect(held?.n).toBeGreaterThan(0)
			expect(held?.n).toBeLessThanOrEqual(POSTGRES_EXPORTER_CONNECTIONS)
		} finally {
			exporter.kill()
			await exporter.exited
		}
	})
})
