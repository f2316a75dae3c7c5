import { expect, test } from 'bun:test'
import { startOtlpReceiver } from '@lv/testing'
import { activeTraceId, inSpan, startTracing, stopTracing } from '@lv/tracing'
import { createLogger } from './index.ts'

test('writes one JSON line per entry with base and child fields', () => {
	const lines: string[] = []
	const logger = createLogger({ service: 'gateway' }, 'info', (line) => lines.push(line)).child({ request_id: 'req_1' })
	logger.info('listening', { port: 8080 })
	logger.debug('hidden below the level')
	expect(lines).toHaveLength(1)
	expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'info', msg: 'listening', service: 'gateway', request_id: 'req_1', port: 8080 })
})

test('never writes a secret-looking field or an error stack', () => {
	const lines: string[] = []
	const logger = createLogger({}, 'debug', (line) => lines.push(line))
	logger.error('failed', { authorization: 'Bearer lvk_secret', webhook_secret: 'whsec_x', error: new Error('boom') })
	const entry = JSON.parse(lines[0] ?? '')
	expect(entry.authorization).toBe('[redacted]')
	expect(entry.webhook_secret).toBe('[redacted]')
	expect(entry.error).toEqual({ name: 'Error', message: 'boom' })
	expect(lines[0]).not.toContain('lvk_secret')
})

test('a line written inside a traced span carries its trace_id, and none outside', async () => {
	const receiver = startOtlpReceiver()
	await startTracing({ serviceName: 'logger-test', endpoint: receiver.url })
	try {
		const lines: string[] = []
		const logger = createLogger({}, 'info', (line) => lines.push(line))
		const traceId = inSpan('work', {}, () => {
			logger.info('inside')
			return activeTraceId()
		})
		logger.info('outside')
		expect(traceId).toMatch(/^[0-9a-f]{32}$/)
		expect(JSON.parse(lines[0] ?? '').trace_id).toBe(traceId as string)
		expect(JSON.parse(lines[1] ?? '').trace_id).toBeUndefined()
	} finally {
		await stopTracing()
		receiver.stop()
	}
})
