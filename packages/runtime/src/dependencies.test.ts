import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, startOtlpReceiver } from '@lv/testing'
import { closeDependencies, connectDependencies } from './dependencies.ts'

let db: TestDatabase
let nats: NatsHandle

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
})
afterAll(async () => {
	await nats.stop()
	await db.drop()
})

test('the collector address is logged without the credentials an endpoint URL may carry', async () => {
	const receiver = startOtlpReceiver()
	const lines: string[] = []
	const logger = createLogger({ service: 'probe' }, 'info', (line) => lines.push(line))
	const endpoint = new URL(receiver.url)
	endpoint.username = 'instance-42'
	endpoint.password = 's3cret-collector-token'
	const config = {
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		JETSTREAM_REPLICAS: 1,
		NATS_USER: '',
		NATS_PASSWORD: '',
		NATS_TLS_CA: '',
		NATS_TLS_CERT: '',
		NATS_TLS_KEY: ''
	}
	const dependencies = await connectDependencies('probe', config, logger, {
		defaultPoolMax: 1,
		env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint.href}?api-key=s3cret-query-token` }
	})
	try {
		const exporting = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'exporting traces')
		expect(exporting?.endpoint).toBe(new URL(receiver.url).origin + new URL(receiver.url).pathname)
		expect(lines.join('\n')).not.toContain('s3cret')
	} finally {
		await closeDependencies(dependencies)
		receiver.stop()
	}
})
