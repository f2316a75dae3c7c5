import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type RegisterServer, startRegisterServer } from '@lv/register-server'
import {
	type NatsHandle,
	type PrometheusHandle,
	type TestDatabase,
	createTestDatabase,
	startNats,
	startPrometheus,
	waitFor
} from '@lv/testing'
import { type ServiceProcess, issueKey, startService } from './check-stack.ts'

/**
 * Every service as a real process (its main.ts) on a real PostgreSQL and nats-server, the reader
 * reading UKGC from the register server, and a real Prometheus scraping each one's /metrics.
 */
const SERVICES = ['gateway', 'checker', 'reader', 'notifier', 'exporter', 'dashboard'] as const
const WEBHOOK_SECRET_KEY = Buffer.alloc(32, 9).toString('base64')

let db: TestDatabase
let nats: NatsHandle
let registers: RegisterServer
let prometheus: PrometheusHandle | undefined
const processes: ServiceProcess[] = []

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	registers = startRegisterServer()
	const env = {
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		WEBHOOK_SECRET_KEY,
		READER_SOURCE_BASE_URL: registers.url,
		READER_SOURCE_ALLOW_LIST: new URL(registers.url).host,
		READER_JURISDICTIONS: 'UKGC',
		READER_RUN_ON_START: 'true',
		// No mail is sent here; the dashboard refuses to start without a mail URL.
		DASHBOARD_MAIL_URL: 'smtp://127.0.0.1:1'
	}
	for (const name of SERVICES) processes.push(await startService(name, env))
	prometheus = await startPrometheus({
		jobs: Object.fromEntries(processes.map((service) => [service.name, `127.0.0.1:${service.healthPort}`]))
	})
}, 120_000)

afterAll(async () => {
	await prometheus?.stop()
	for (const service of processes.reverse()) await service.stop()
	await registers.stop()
	await nats.stop()
	await db.drop()
}, 60_000)

const serviceProcess = (name: string) => processes.find((service) => service.name === name) as ServiceProcess
const sampleValues = (samples: { value: [number, string] }[]) => samples.map((sample) => Number(sample.value[1]))

describe('Prometheus against the running stack', () => {
	test('scrapes every service and answers queries over the series they register', async () => {
		const server = prometheus as PrometheusHandle
		await waitFor(async () => (await server.targets()).filter((target) => target.health === 'up').length === SERVICES.length, {
			what: 'every service target to be up',
			timeoutMs: 30_000,
			intervalMs: 200
		})
		expect((await server.query('up')).map((sample) => sample.metric.job).sort()).toEqual([...SERVICES].sort())

		// The reader's start-up read of UKGC, then a keyed check of a UKGC host through the gateway.
		const apiKey = await issueKey(db.sql, 'enterprise')
		const gateway = serviceProcess('gateway')
		await waitFor(
			async () => {
				const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/check?domain=kestrelbet.co.uk`, {
					headers: { authorization: `Bearer ${apiKey}` }
				})
				return response.status === 200 && ((await response.json()) as { verdict: string }).verdict === 'licensed'
			},
			{ what: 'the UKGC read to reach the checker', timeoutMs: 60_000, intervalMs: 250 }
		)

		const query = (expr: string) =>
			waitFor(
				async () => {
					const samples = await server.query(expr)
					return samples.length > 0 ? samples : undefined
				},
				{ what: `prometheus to answer ${expr}`, timeoutMs: 20_000, intervalMs: 250 }
			)

		expect(
			sampleValues(await query('gateway_http_requests_total{route="/v1/check",status="200",plan="enterprise"}'))[0]
		).toBeGreaterThanOrEqual(1)
		expect(sampleValues(await query('gateway_http_request_duration_seconds_count{route="/v1/check"}'))[0]).toBeGreaterThanOrEqual(1)
		expect(sampleValues(await query('sum(checker_checks_total{kind="domain",verdict="licensed"})'))[0]).toBeGreaterThanOrEqual(1)
		expect(sampleValues(await query('checker_index_domains{jurisdiction="UKGC"}'))[0]).toBeGreaterThan(0)
		expect(sampleValues(await query('reader_runs_total{jurisdiction="UKGC",outcome="succeeded"}'))[0]).toBeGreaterThanOrEqual(1)
		expect(
			sampleValues(
				await query('reader_last_successful_read_age_seconds{jurisdiction="UKGC"} < reader_register_sla_seconds{jurisdiction="UKGC"}')
			)
		).toHaveLength(1)
		expect((await query('jetstream_consumer_pending_messages')).map((sample) => sample.metric.consumer).sort()).toEqual([
			'exporter-registry',
			'notifier-events',
			'reader-UKGC'
		])
		expect(sampleValues(await query('notifier_due_deliveries'))).toEqual([0])
		// The default process metrics of every service, labelled with its name.
		expect((await query('process_resident_memory_bytes')).map((sample) => sample.metric.service).sort()).toEqual([...SERVICES].sort())
	}, 120_000)
})
