import { expect, test } from 'bun:test'
import { connectBus, ensureConsumer, ensureStreams } from '@lv/bus'
import { type ConsumerSpec, STREAMS, subjects } from '@lv/contracts'
import { metricValue, startNats } from '@lv/testing'
import { watchConsumerLag } from './consumer-lag.ts'
import { startHealthServer } from './health-server.ts'
import { Histogram, counterFrom, createServiceMetrics, gaugeFrom, metricsRoute, oncePerScrape, seriesNames } from './metrics.ts'

test('the health server serves the registry as Prometheus text on /metrics when metrics are on, and 404 when they are off', async () => {
	const on = createServiceMetrics('probe', true)
	const off = createServiceMetrics('probe', false)
	const servers = [
		startHealthServer(0, () => true, { hostname: '127.0.0.1', ...metricsRoute(on) }),
		startHealthServer(0, () => true, { hostname: '127.0.0.1', ...metricsRoute(off) })
	]
	try {
		const [withMetrics, without] = await Promise.all(servers.map((server) => fetch(`http://127.0.0.1:${server.port}/metrics`)))
		expect(withMetrics?.status).toBe(200)
		expect(withMetrics?.headers.get('content-type')).toContain('text/plain')
		expect(await withMetrics?.text()).toContain('process_resident_memory_bytes{service="probe"}')
		expect(without?.status).toBe(404)
	} finally {
		for (const server of servers) server.stop()
	}
})

test('/metrics carries service_ready: 1 while /readyz answers ready, 0 while it does not (a failing probe included)', async () => {
	const metrics = createServiceMetrics('probe', true)
	let ready: boolean | 'throws' = false
	const server = startHealthServer(
		0,
		() => {
			if (ready === 'throws') throw new Error('probe failed')
			return ready
		},
		{ hostname: '127.0.0.1', ...metricsRoute(metrics) }
	)
	const scrape = async () => (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text()
	try {
		expect(await scrape()).toContain('service_ready{service="probe"} 0')
		ready = true
		expect(await scrape()).toContain('service_ready{service="probe"} 1')
		ready = 'throws'
		expect(await scrape()).toContain('service_ready{service="probe"} 0')
	} finally {
		server.stop()
	}
})

test('a counter mirrored from a plain number adds, at each scrape, what the number grew by since it was made', async () => {
	const { registry } = createServiceMetrics('probe', false)
	let hits = 5
	counterFrom(registry, { name: 'probe_hits_total', help: 'hits' }, () => hits)
	expect(await metricValue(registry, 'probe_hits_total')).toBe(0)
	hits = 12
	expect(await metricValue(registry, 'probe_hits_total')).toBe(7)
	expect(await metricValue(registry, 'probe_hits_total')).toBe(7)
})

test('gauges built from one reading share it within a scrape; a failed reading leaves labelled ones without samples and unlabelled ones NaN', async () => {
	const { registry } = createServiceMetrics('probe', false)
	let nowMs = 0
	let reads = 0
	let failing = false
	const reading = oncePerScrape(
		async () => {
			reads++
			if (failing) throw new Error('store down')
			return { due: 3 }
		},
		() => nowMs
	)
	gaugeFrom(registry, { name: 'probe_due', help: 'due', labelNames: [] }, reading, (state) => [[{}, state.due]])
	gaugeFrom(registry, { name: 'probe_due_by_kind', help: 'due by kind', labelNames: ['kind'] }, reading, (state) => [
		[{ kind: 'retry' }, state.due * 2]
	])
	expect(await registry.metrics()).toContain('probe_due_by_kind{kind="retry",service="probe"} 6')
	expect(reads).toBe(1)
	failing = true
	nowMs = 1_000
	const text = await registry.metrics()
	expect(reads).toBe(2)
	// prom-client writes it "Nan"; Prometheus reads NaN case-insensitively.
	expect(text.toLowerCase()).toContain('probe_due{service="probe"} nan')
	expect(text).not.toContain('probe_due_by_kind{')
})

test('a reading that never answers (a stalled store) leaves its gauges empty within the bound instead of holding the scrape', async () => {
	const { registry } = createServiceMetrics('probe', false)
	const never = () => new Promise<{ due: number }>(() => {})
	const options = { timeoutMs: 50 }
	gaugeFrom(registry, { name: 'probe_due', help: 'due', labelNames: [], ...options }, never, (state) => [[{}, state.due]])
	gaugeFrom(registry, { name: 'probe_due_by_kind', help: 'due by kind', labelNames: ['kind'], ...options }, never, (state) => [
		[{ kind: 'retry' }, state.due]
	])
	counterFrom(registry, { name: 'probe_hits_total', help: 'hits' }, () => 4)
	const text = await Promise.race([registry.metrics(), Bun.sleep(2_000).then(() => 'the scrape was still waiting')])
	expect(text).toContain('probe_hits_total{service="probe"} 0')
	expect(text.toLowerCase()).toContain('probe_due{service="probe"} nan')
	expect(text).not.toContain('probe_due_by_kind{')
})

test('a histogram is listed with its _bucket, _sum and _count series', () => {
	const metrics = createServiceMetrics('probe', false)
	new Histogram({ name: 'probe_seconds', help: 'h', registers: [metrics.registry] })
	expect(seriesNames(metrics.registry)).toEqual(['probe_seconds_bucket', 'probe_seconds_sum', 'probe_seconds_count'])
})

test("a durable consumer's pending, unacknowledged and redelivered messages are read from the server at scrape time", async () => {
	const nats = await startNats()
	const bus = await connectBus({ servers: nats.url, name: 'consumer-lag-test' })
	try {
		await ensureStreams(bus, { specs: [STREAMS.REGISTRY] })
		const spec: ConsumerSpec = {
			stream: STREAMS.REGISTRY.name,
			durable: 'lag-probe',
			filterSubject: subjects.allRegistryChanged,
			ackWaitMs: 60_000,
			maxDeliver: -1,
			maxAckPending: 16
		}
		await ensureConsumer(bus, spec)
		for (const code of ['UKGC', 'MGA', 'CW']) await bus.js.publish(subjects.registryChanged(code), new TextEncoder().encode('{}'))
		const { registry } = createServiceMetrics('probe', false)
		watchConsumerLag(registry, bus, [spec, { ...spec, durable: 'no-such-consumer' }])
		const labels = { stream: 'REGISTRY', consumer: 'lag-probe' }
		expect(await metricValue(registry, 'jetstream_consumer_pending_messages', labels)).toBe(3)
		expect(await metricValue(registry, 'jetstream_consumer_ack_pending_messages', labels)).toBe(0)
		expect(await metricValue(registry, 'jetstream_consumer_redelivered_messages', labels)).toBe(0)
		expect(await registry.metrics()).not.toContain('no-such-consumer')
	} finally {
		await bus.close()
		await nats.stop()
	}
})
