import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
	type NatsHandle,
	type OtlpReceiver,
	type ReceivedSpan,
	type TestDatabase,
	createTestDatabase,
	startNats,
	startOtlpReceiver,
	waitFor
} from '@lv/testing'
import { registerFactory } from '../../services/checker/src/test-support/register-factory.ts'
import { type ServiceProcess, issueKey, startService } from './check-stack.ts'

/**
 * Tracing across real processes: the gateway and the checker export to an OTLP/HTTP receiver run
 * by the test, and one keyed check must come out as one trace from the gateway's HTTP span to the
 * checker's handling of the NATS request that carried it.
 */
let db: TestDatabase
let nats: NatsHandle
let receiver: OtlpReceiver
let checker: ServiceProcess
let gateway: ServiceProcess
let key: string

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	receiver = startOtlpReceiver()
	const make = registerFactory(db.sql, new Date(Date.now() - 3_600_000))
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.finishAllRuns(new Date())
	key = await issueKey(db.sql, 'pro')
	const env = {
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
		OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
		OTEL_BSP_SCHEDULE_DELAY: '100'
	}
	checker = await startService('checker', env)
	gateway = await startService('gateway', { ...env, LOG_LEVEL: 'debug' })
}, 90_000)

afterAll(async () => {
	await gateway?.stop()
	await checker?.stop()
	receiver?.stop()
	await nats.stop()
	await db.drop()
})

const named = (spans: ReceivedSpan[], service: string, name: string) => spans.find((span) => span.service === service && span.name === name)

test('one keyed check is one trace from the gateway HTTP span through NATS to the checker', async () => {
	const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/check?domain=acmebet.co.uk`, {
		headers: { authorization: `Bearer ${key}` }
	})
	expect(response.status).toBe(200)
	const trace = await waitFor(
		() => {
			const spans = receiver.spans()
			const http = named(spans, 'gateway', 'GET /v1/check')
			const served =
				http && spans.find((span) => span.traceId === http.traceId && span.service === 'checker' && span.name === 'serve check.many')
			return served ? spans.filter((span) => span.traceId === http.traceId) : undefined
		},
		{ what: 'the check trace to reach the receiver', timeoutMs: 20_000 }
	)
	const http = named(trace, 'gateway', 'GET /v1/check') as ReceivedSpan
	const batch = named(trace, 'gateway', 'check.many batch')
	const request = named(trace, 'gateway', 'request check.many')
	const served = named(trace, 'checker', 'serve check.many')
	const lookup = named(trace, 'gateway', 'db look up api key')
	expect(http.parentSpanId).toBeUndefined()
	expect(http.attributes['http.response.status_code']).toBe(200)
	expect(batch?.parentSpanId).toBe(http.spanId)
	expect(request?.parentSpanId).toBe(batch?.spanId as string)
	expect(served?.parentSpanId).toBe(request?.spanId as string)
	expect(lookup?.parentSpanId).toBe(http.spanId)
	expect(lookup?.attributes['db.system.name']).toBe('postgresql')
	expect(trace.some((span) => span.name === 'db count keyed calls')).toBe(true)
	const requestLine = gateway
		.output()
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as { msg: string; path?: string; trace_id?: string })
		.find((line) => line.msg === 'request' && line.path === '/v1/check')
	expect(requestLine?.trace_id).toBe(http.traceId)
})
