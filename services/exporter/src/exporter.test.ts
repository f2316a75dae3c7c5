import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { type Bus, connectBus, ensureStreams, publish, request } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { EXPORT_DATASETS, ExportBuildRequest, ExportFileReply, RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { type RunningExporter, startExporter } from './exporter.ts'
import { readRegisterState } from './register-state.ts'
import { TEST_EXPORTER_CONFIG } from './test-support/exporter-config.ts'
import { seeder } from './test-support/seed.ts'
import { storedFileText } from './test-support/stored-file.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T06:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let exporter: RunningExporter

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const seed = seeder(db.sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming')
	const licence = await seed.licence(acme, { number: '000-039217-R-319300-001' })
	await seed.link(acme, 'acmebet.co.uk', { licence })
	await seed.finishRun('UKGC', READ_AT)
	bus = await connectBus({ servers: nats.url, name: 'exporter-test' })
	await ensureStreams(bus)
	exporter = await startExporter({ sql: db.sql, bus, clock, logger: silentLogger, config: TEST_EXPORTER_CONFIG })
})

afterAll(async () => {
	await exporter.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

const header = () => ({ id: crypto.randomUUID(), sent_at: clock.now().toISOString() })
const ask = (body: Omit<ExportBuildRequest, 'id' | 'sent_at'>) =>
	request(bus, {
		subject: subjects.exportBuild,
		schema: ExportBuildRequest,
		body: { ...header(), ...body },
		timeoutMs: 10_000,
		unavailableReason: 'dependency_unavailable'
	})

describe('export.build responder', () => {
	test('answers with the documented reply naming a stored file of the slice', async () => {
		const reply = await ask({ dataset: 'licences', format: 'csv', jurisdiction: 'UKGC', status: null })
		expect([...Value.Errors(ExportFileReply, reply)].map((error) => `${error.path} ${error.message}`)).toEqual([])
		const file = reply as ExportFileReply
		expect(file).toMatchObject({ dataset: 'licences', format: 'csv', jurisdiction: 'UKGC', status: null, row_count: 1 })
		expect(await storedFileText(db.sql, file.file_id)).toContain('000-039217-R-319300-001')
	})

	test('a request outside the contract comes back as a 400 error reply, not a file', async () => {
		const bad = { ...header(), dataset: 'accounts', format: 'csv', jurisdiction: null, status: null }
		const reply = await bus.nc.request(subjects.exportBuild, new TextEncoder().encode(JSON.stringify(bad)), { timeout: 10_000 })
		expect(reply.headers?.get('Nats-Service-Error-Code')).toBe('400')
		expect(JSON.parse(new TextDecoder().decode(reply.data))).toMatchObject({ code: 'invalid_query', details: { reason: 'invalid_input' } })
	})

	test('the bus client rejects an unknown status before sending', async () => {
		await expect(ask({ dataset: 'domains', format: 'json', jurisdiction: null, status: 'bogus' as 'active' })).rejects.toThrow()
		await expect(ask({ dataset: 'domains', format: 'json', jurisdiction: null, status: 'delisted' })).resolves.toMatchObject({
			row_count: 0
		})
	})
})

describe('REGISTRY consumer', () => {
	test('a registry.changed message prebuilds every unsliced dataset in both formats at the new state', async () => {
		const at = new Date('2026-11-02T06:00:00.000Z')
		await seeder(db.sql, at).finishRun('MGA', at)
		const change: RegistryChanged = { ...header(), jurisdiction: 'MGA', run_id: crypto.randomUUID(), data_version: 1, changed: true }
		await publish(bus, RegistryChanged, subjects.registryChanged('MGA'), change, registryChangedMsgId('MGA', change.run_id))
		const keys = await Promise.all(
			EXPORT_DATASETS.map(async (dataset) => [dataset, (await readRegisterState(db.sql, dataset)).versionKey] as const)
		)
		const built = async () => {
			const found: string[] = []
			for (const [dataset, versionKey] of keys) {
				const rows = await db.sql<{ format: string }[]>`
					SELECT format FROM export_files
					WHERE dataset = ${dataset} AND version_key = ${versionKey} AND jurisdiction_code IS NULL AND status IS NULL`
				found.push(...rows.map((row) => `${dataset}.${row.format}`))
			}
			return found.length === 6 ? found : undefined
		}
		await waitFor(built, { what: 'six prebuilt files', timeoutMs: 20_000 })
		expect((await built())?.sort()).toEqual([
			'domains.csv',
			'domains.json',
			'licences.csv',
			'licences.json',
			'operators.csv',
			'operators.json'
		])
	})
})
