import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { evidenceKeyring, generateEvidenceKey } from '@lv/evidence'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { signatureHeader } from '@lv/webhooks'
import { type TestChecker, startTestChecker } from '../../../services/checker/src/test-support/checker-harness.ts'
import { registerFactory } from '../../../services/checker/src/test-support/register-factory.ts'
import { type RunningExporter, startExporter } from '../../../services/exporter/src/exporter.ts'
import { readCsvObjects } from '../../../services/exporter/src/test-support/csv-reader.ts'
import { TEST_EXPORTER_CONFIG } from '../../../services/exporter/src/test-support/exporter-config.ts'
import { createApp } from '../../../services/gateway/src/app.ts'
import { seedRun } from '../../../services/gateway/src/evidence/test-support/runs.ts'
import { accountWithKey, insertPlan } from '../../../services/gateway/src/test-support/accounts.ts'
import { testDeps } from '../../../services/gateway/src/test-support/gateway.ts'
import { LicenceVerifyError, createLicenceVerifyClient, verifyWebhookSignature } from './index.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let exporter: RunningExporter
let gateway: ReturnType<typeof createApp>
let checkerless: ReturnType<typeof createApp>
let baseUrl: string
let key: string

const listen = (app: ReturnType<typeof createApp>) => {
	app.listen({ port: 0, hostname: '127.0.0.1' })
	return `http://127.0.0.1:${app.server?.port}`
}

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.finishAllRuns()
	await seedRun(db.sql, 'UKGC', new Date('2026-11-01T10:30:00Z'), 'succeeded', [
		{ publication: 'register', url: 'https://example.test/register.csv', bytes: 'acme,active', outcome: 'succeeded' }
	])
	bus = await connectBus({ servers: nats.url, name: 'sdk-test' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
	await ensureStreams(bus)
	exporter = await startExporter({
		sql: db.sql,
		bus,
		clock,
		logger: silentLogger,
		config: { ...TEST_EXPORTER_CONFIG, EXPORTER_PREBUILD: false }
	})
	const evidence = await evidenceKeyring(await generateEvidenceKey('sdk-test'))
	gateway = createApp({ ...testDeps({ sql: db.sql, bus, clock }), evidence })
	baseUrl = listen(gateway)
	key = (await accountWithKey(db.sql, clock, 'enterprise')).key
})

afterAll(async () => {
	await gateway.stop()
	await checkerless?.stop()
	await checker.stop()
	await exporter.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

const recordingSleep = () => {
	const waits: number[] = []
	return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

describe('the SDK against the real gateway', () => {
	test('check answers the typed Check result', async () => {
		const client = createLicenceVerifyClient({ baseUrl, apiKey: key })
		const result = await client.check({ domain: 'acmebet.co.uk' })
		expect(result.verdict).toBe('licensed')
		expect(result.match?.operator_slug).toBe('acme-gaming')
	})

	test('a refused call throws LicenceVerifyError with code and details.reason', async () => {
		const client = createLicenceVerifyClient({ baseUrl, apiKey: key })
		const error = await client.check({ domain: 'bad_host.example' }).catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(LicenceVerifyError)
		expect({
			status: (error as LicenceVerifyError).status,
			code: (error as LicenceVerifyError).code,
			reason: (error as LicenceVerifyError).reason
		}).toEqual({
			status: 400,
			code: 'invalid_query',
			reason: 'not_a_valid_hostname'
		})
		expect((error as LicenceVerifyError).requestId).toMatch(/^req_/)
	})

	test('a batch with evidence is signed, and the SDK verifies the record and the snapshot bytes it names', async () => {
		const client = createLicenceVerifyClient({ baseUrl, apiKey: key })
		const batch = await client.checkBatch(['acmebet.co.uk', 'unknown.example'], { evidence: 'true' })
		const jws = batch.evidence?.jws as string
		const verified = await client.verifyEvidence(jws, { snapshots: true })
		expect(verified).toMatchObject({
			ok: true,
			kid: 'sdk-test',
			record: { kind: 'check_batch', publications: [{ jurisdiction: 'UKGC', source_url: 'https://example.test/register.csv' }] }
		})
		expect((await client.evidence(batch.evidence?.id as string)).jws).toBe(jws)
		const [header, payload, signature] = jws.split('.')
		const forged = Buffer.from(
			Buffer.from(payload as string, 'base64url')
				.toString()
				.replace('licensed', 'unlicensed')
		).toString('base64url')
		expect(await client.verifyEvidence(`${header}.${forged}.${signature}`)).toMatchObject({
			ok: false,
			reason: 'evidence_signature_invalid'
		})
	})

	test('exportFile streams the CSV with what its headers say; exportFileIfChanged is null while the file is the one held; a refusal is a typed error', async () => {
		const client = createLicenceVerifyClient({ baseUrl, apiKey: key })
		const file = await client.exportFile('licences', { jurisdiction: 'ukgc' })
		const text = await new Response(file.body).text()
		expect(readCsvObjects(text).map((row) => row.license_number)).toEqual(['000-012345-R-123456-002'])
		expect(file).toMatchObject({
			contentType: 'text/csv; charset=utf-8; header=present',
			filename: 'licences-UKGC-2026-11-01.csv',
			sha256: new Bun.CryptoHasher('sha256').update(text).digest('hex'),
			bytes: new TextEncoder().encode(text).length,
			rows: 1
		})
		expect(await client.exportFileIfChanged('licences', file.sha256 ?? '', { jurisdiction: 'ukgc' })).toBeNull()
		const changed = await client.exportFileIfChanged('licences', '0'.repeat(64), { jurisdiction: 'ukgc' })
		expect(changed?.sha256).toBe(file.sha256)
		await changed?.body.cancel()
		const error = (await client.exportFile('licences', { format: 'xlsx' }).catch((caught: unknown) => caught)) as LicenceVerifyError
		expect(error).toBeInstanceOf(LicenceVerifyError)
		expect({ status: error.status, reason: error.reason, field: error.details.field }).toEqual({
			status: 400,
			reason: 'invalid_input',
			field: 'format'
		})
	})

	test('a 429 with Retry-After is retried once after the wait it names', async () => {
		await insertPlan(db.sql, { code: 'sdk-one-per-second', monthly_quota: 1000, per_second_limit: 1 })
		const limited = await accountWithKey(db.sql, clock, 'sdk-one-per-second')
		const waits: number[] = []
		const client = createLicenceVerifyClient({
			baseUrl,
			apiKey: limited.key,
			sleep: async (ms) => {
				waits.push(ms)
				clock.advance(ms)
			}
		})
		await client.check({ domain: 'acmebet.co.uk' })
		expect((await client.check({ domain: 'acmebet.co.uk' })).verdict).toBe('licensed')
		expect(waits).toEqual([1_000])
	})

	test('a 503 from the gateway is retried after 1 s, 2 s and 4 s before the typed error is thrown', async () => {
		// A nats-server no checker listens on.
		const lonelyNats = await startNats()
		const orphanBus = await connectBus({ servers: lonelyNats.url, name: 'sdk-test-orphan' })
		checkerless = createApp(testDeps({ sql: db.sql, bus: orphanBus, clock, config: { CHECKER_TIMEOUT_MS: 100 } }))
		const { waits, sleep } = recordingSleep()
		const client = createLicenceVerifyClient({ baseUrl: listen(checkerless), apiKey: key, sleep })
		const error = (await client.check({ domain: 'acmebet.co.uk' }).catch((caught: unknown) => caught)) as LicenceVerifyError
		expect({ status: error.status, reason: error.reason, waits }).toEqual({
			status: 503,
			reason: 'checker_unavailable',
			waits: [1_000, 2_000, 4_000]
		})
		await orphanBus.close()
		await lonelyNats.stop()
	})
})

describe('verifyWebhookSignature', () => {
	test('accepts the notifier scheme and refuses an altered body', () => {
		const body = '{"event":"license.status_changed"}'
		const header = signatureHeader(body, ['whsec_test'], 1_790_000_000)
		expect(verifyWebhookSignature(header, body, ['whsec_test'], { nowSeconds: 1_790_000_010 })).toEqual({
			valid: true,
			timestamp: 1_790_000_000
		})
		expect(verifyWebhookSignature(header, `${body} `, ['whsec_test'], { nowSeconds: 1_790_000_010 })).toEqual({
			valid: false,
			reason: 'no_matching_signature'
		})
	})
	test('a tolerance read from a missing setting (NaN) or an unset secret fails loudly instead of accepting old or forged deliveries', () => {
		const body = '{"event":"license.status_changed"}'
		const yearOld = signatureHeader(body, ['whsec_test'], 1_758_000_000)
		const toleranceSeconds = Number(process.env.LV_WEBHOOK_TOLERANCE_NEVER_SET)
		expect(() => verifyWebhookSignature(yearOld, body, ['whsec_test'], { toleranceSeconds, nowSeconds: 1_790_000_000 })).toThrow(RangeError)
		expect(() => verifyWebhookSignature(yearOld, body, [process.env.LV_WEBHOOK_SECRET_NEVER_SET ?? ''])).toThrow(RangeError)
	})
})
