import { expect, test } from 'bun:test'
import { metricValue } from '@lv/testing'
import { createServiceMetrics, seriesNames } from './metrics.ts'
import { PlainCounter, PlainHistogram } from './plain-metrics.ts'

test('a plain counter exposes one sample per child, with the registry default labels', async () => {
	const { registry } = createServiceMetrics('probe', false)
	const counter = new PlainCounter(registry, 'probe_requests_total', 'requests', ['route', 'status'])
	const ok = counter.child('/v1/check', '200')
	ok.count++
	ok.count++
	counter.child('/v1/check', '503').count++
	expect(counter.child('/v1/check', '200')).toBe(ok)
	const text = await registry.metrics()
	expect(text).toContain('# TYPE probe_requests_total counter')
	expect(text).toContain('probe_requests_total{route="/v1/check",status="200",service="probe"} 2')
	expect(text).toContain('probe_requests_total{route="/v1/check",status="503",service="probe"} 1')
})

test('a plain histogram exposes cumulative buckets up to +Inf, its sum and its count', async () => {
	const { registry } = createServiceMetrics('probe', false)
	const histogram = new PlainHistogram(registry, 'probe_seconds', 'latency', ['route'], [0.01, 0.1, 1])
	const check = histogram.child('/v1/check')
	for (const seconds of [0.005, 0.01, 0.05, 0.5, 2]) check.observe(seconds)
	const bucket = (le: string) => metricValue(registry, 'probe_seconds_bucket', { route: '/v1/check', le })
	expect([await bucket('0.01'), await bucket('0.1'), await bucket('1'), await bucket('+Inf')]).toEqual([2, 3, 4, 5])
	expect(await metricValue(registry, 'probe_seconds_count', { route: '/v1/check' })).toBe(5)
	expect(await metricValue(registry, 'probe_seconds_sum', { route: '/v1/check' })).toBeCloseTo(2.565)
	expect(await registry.metrics()).toContain('probe_seconds_bucket{route="/v1/check",le="+Inf",service="probe"} 5')
	expect(seriesNames(registry)).toEqual(['probe_seconds_bucket', 'probe_seconds_sum', 'probe_seconds_count'])
})
