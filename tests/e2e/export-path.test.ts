import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, publish } from '@lv/bus'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { bulkRegister } from '../../services/exporter/src/test-support/bulk-register.ts'
import { readCsvObjects } from '../../services/exporter/src/test-support/csv-reader.ts'
import { type ServiceProcess, issueKey, startService } from './check-stack.ts'

/**
 * The export path through real processes: the gateway's main.ts asks the exporter's main.ts over
 * NATS and streams the file from PostgreSQL over real HTTP.
 */
const LICENCES = 3_000
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let exporter: ServiceProcess
let gateway: ServiceProcess
let proKey: string

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	await bulkRegister(db.sql, { operators: 500, licences: LICENCES, domains: LICENCES }, new Date())
	const common = { DATABASE_URL: db.url, NATS_URL: nats.url, WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' }
	exporter = await startService('exporter', { ...common, EXPORTER_CHUNK_BYTES: '65536' })
	gateway = await startService('gateway', common)
	bus = await connectBus({ servers: nats.url, name: 'export-e2e' })
	proKey = await issueKey(db.sql, 'pro')
})

afterAll(async () => {
	await gateway?.stop()
	await exporter?.stop()
	await bus?.close()
	await nats?.stop()
	await db?.drop()
})

const exportOver = (path: string, key = proKey) =>
	fetch(`http://127.0.0.1:${gateway.port}${path}`, { headers: { authorization: `Bearer ${key}` } })

describe('export through the gateway and exporter processes', () => {
	test('a Pro key downloads the whole licences dataset as streamed CSV with a filename and its announced size', async () => {
		const response = await exportOver('/v1/export/licences')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="licences-\d{4}-\d{2}-\d{2}\.csv"$/)
		let pieces = 0
		const parts: Uint8Array[] = []
		for await (const piece of response.body ?? []) {
			pieces++
			parts.push(piece)
		}
		const bytes = Buffer.concat(parts)
		expect(bytes.length).toBe(Number(response.headers.get('x-export-bytes')))
		expect(pieces).toBeGreaterThan(1)
		const rows = readCsvObjects(bytes.toString('utf8'))
		expect(rows).toHaveLength(LICENCES)
		expect(rows.every((row) => row.source_url?.startsWith('https://registers.example/') && row.last_verified_at !== '')).toBe(true)
	})

	test('a register run announced on REGISTRY makes the next export a new file at the new data version', async () => {
		const before = await exportOver('/v1/export/operators?format=json')
		const beforeVersion = Number(before.headers.get('x-export-data-version'))
		await before.arrayBuffer()
		const run = crypto.randomUUID()
		await db.sql`UPDATE register_status SET data_version = data_version + 1, last_successful_read_at = now() WHERE jurisdiction_code = 'TGC'`
		const change: RegistryChanged = {
			id: run,
			sent_at: new Date().toISOString(),
			jurisdiction: 'TGC',
			run_id: run,
			data_version: 2,
			changed: true
		}
		await publish(bus, RegistryChanged, subjects.registryChanged('TGC'), change, registryChangedMsgId('TGC', run))
		await waitFor(
			async () =>
				(
					await db.sql`SELECT 1 FROM export_files WHERE dataset = 'operators' AND format = 'json' AND data_version = ${beforeVersion + 1} AND jurisdiction_code IS NULL`
				).length === 1,
			{ what: 'the exporter to prebuild operators.json at the new version', timeoutMs: 20_000 }
		)
		const after = await exportOver('/v1/export/operators?format=json')
		expect(Number(after.headers.get('x-export-data-version'))).toBe(beforeVersion + 1)
		await after.arrayBuffer()
	})

	test('HEAD over real HTTP is 405 and counts no export', async () => {
		const key = await issueKey(db.sql, 'pro')
		const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/export/licences`, {
			method: 'HEAD',
			headers: { authorization: `Bearer ${key}` }
		})
		expect(response.status).toBe(405)
		const [counted] = await db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM export_requests WHERE account_id = (SELECT account_id FROM api_keys ORDER BY created_at DESC LIMIT 1)`
		expect(counted?.n).toBe(0)
	})

	test('the exporter stops on SIGTERM within its bound; exports then answer 503 and are not counted', async () => {
		expect(await exporter.stop()).toBe(0)
		const key = await issueKey(db.sql, 'business')
		const response = await exportOver('/v1/export/domains', key)
		expect(response.status).toBe(503)
		expect((await response.json()).details.reason).toBe('dependency_unavailable')
		const [counted] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_requests WHERE dataset = 'domains'`
		expect(counted?.n).toBe(0)
	})
})
