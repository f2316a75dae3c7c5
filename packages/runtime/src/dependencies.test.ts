import { expect, test } from 'bun:test'
import { createLogger } from '@lv/logger'
import { startOtlpReceiver } from '@lv/testing'
import { closeDependencies, connectDependencies } from './dependencies.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile()

test('the collector address is logged without the credentials an endpoint URL may carry', async () => {
	const receiver = startOtlpReceiver()
	const lines: string[] = []
	const logger = createLogger({ service: 'probe' }, 'info', (line) => lines.push(line))
	const endpoint = new URL(receiver.url)
	endpoint.username = 'instance-42'
	endpoint.password = 's3cret-collector-token'
	const config = {
		DATABASE_URL: env.db.url,
		NATS_URL: env.nats.url,
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
