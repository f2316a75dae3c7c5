import { afterEach, expect, test } from 'bun:test'
import { type OtlpReceiver, startOtlpReceiver } from '@lv/testing'
import { activeTraceId, captureTraceContext, extractTraceContext, inBatchSpan, inSpan, injectTraceContext } from './spans.ts'
import { isTracing, startTracing, stopTracing } from './setup.ts'

let receiver: OtlpReceiver | undefined

afterEach(async () => {
	await stopTracing()
	receiver?.stop()
	receiver = undefined
})

async function startWithReceiver() {
	receiver = startOtlpReceiver()
	expect(await startTracing({ serviceName: 'unit', endpoint: receiver.url })).toBe(true)
	return receiver
}

test('without an endpoint nothing is registered and instrumented code only runs', async () => {
	expect(await startTracing({ serviceName: 'unit', endpoint: undefined })).toBe(false)
	expect(isTracing()).toBe(false)
	const headers: Record<string, string> = {}
	const result = await inSpan('work', {}, async (span) => {
		expect(span).toBeUndefined()
		injectTraceContext((name, value) => {
			headers[name] = value
		})
		return activeTraceId()
	})
	expect(result).toBeUndefined()
	expect(headers).toEqual({})
	expect(captureTraceContext()).toBeUndefined()
})

test('nested spans and a context carried in headers make one exported trace', async () => {
	const otlp = await startWithReceiver()
	const headers = new Map<string, string>()
	const outerTraceId = await inSpan('outer', {}, async () => {
		await Bun.sleep(0)
		injectTraceContext((name, value) => headers.set(name, value))
		return activeTraceId()
	})
	expect(headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
	inSpan('remote', { parent: extractTraceContext((name) => headers.get(name)) }, () => {})
	await stopTracing()
	const spans = otlp.spans()
	const outer = spans.find((span) => span.name === 'outer')
	const remote = spans.find((span) => span.name === 'remote')
	expect(outer?.traceId).toBe(outerTraceId as string)
	expect(remote?.traceId).toBe(outerTraceId as string)
	expect(remote?.parentSpanId).toBe(outer?.spanId as string)
	expect(outer?.service).toBe('unit')
})

test('a batch span continues its first caller and links the others', async () => {
	const otlp = await startWithReceiver()
	const callers = ['a', 'b', 'c'].map((name) => inSpan(`caller ${name}`, {}, () => captureTraceContext()))
	inBatchSpan('batch', callers, { 'db.system.name': 'postgresql' }, () => {})
	await stopTracing()
	const spans = otlp.spans()
	const [a, b, c] = ['a', 'b', 'c'].map((name) => spans.find((span) => span.name === `caller ${name}`))
	const batch = spans.find((span) => span.name === 'batch')
	expect(batch?.parentSpanId).toBe(a?.spanId as string)
	expect(batch?.traceId).toBe(a?.traceId as string)
	expect(batch?.links.map((link) => link.spanId).sort()).toEqual([b?.spanId, c?.spanId].sort() as string[])
	expect(batch?.attributes['batch.size']).toBe(3)
})

test('a failing span is exported with an error status and the error passes through', async () => {
	const otlp = await startWithReceiver()
	await expect(
		inSpan('failing', {}, async () => {
			throw new Error('boom')
		})
	).rejects.toThrow('boom')
	await stopTracing()
	expect(otlp.spans().map((span) => [span.name, span.statusCode])).toEqual([['failing', 2]])
})
