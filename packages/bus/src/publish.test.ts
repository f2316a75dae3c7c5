import { describe, expect, test } from 'bun:test'
import { JetStreamApiError } from '@nats-io/jetstream'
import { ClosedConnectionError, DrainingConnectionError, TimeoutError } from '@nats-io/nats-core'
import { isRetryableNatsError } from './publish.ts'

const apiError = (code: number) => new JetStreamApiError({ code, err_code: 10_000, description: 'api error' })

describe('isRetryableNatsError', () => {
	test('a timeout, a lost connection and a JetStream 5xx are sent again', () => {
		expect([new TimeoutError(), new Error('connection disconnected'), apiError(503)].map(isRetryableNatsError)).toEqual([true, true, true])
	})

	test('a closed or draining connection and a JetStream 4xx are not', () => {
		expect([new ClosedConnectionError(), new DrainingConnectionError(), apiError(400)].map(isRetryableNatsError)).toEqual([
			false,
			false,
			false
		])
	})
})
