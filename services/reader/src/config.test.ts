import { describe, expect, test } from 'bun:test'
import { readReaderConfig } from './config.ts'

const env = { DATABASE_URL: 'postgres://reader@127.0.0.1/x', NATS_URL: 'nats://127.0.0.1:4222' }

describe('source policy settings', () => {
	test('by default the policy allows no exception: no origin, no address block, no files', () => {
		const { policy } = readReaderConfig(env)
		expect(policy.allowList).toEqual({ origins: [], cidrs: [] })
		expect(policy.allowFiles).toBe(false)
	})

	test('READER_SOURCE_BASE_URL must be an origin on READER_SOURCE_ALLOW_LIST, or the reader does not start', () => {
		expect(() => readReaderConfig({ ...env, READER_SOURCE_BASE_URL: 'http://127.0.0.1:8070' })).toThrow(/READER_SOURCE_ALLOW_LIST/)
		const { policy } = readReaderConfig({
			...env,
			READER_SOURCE_BASE_URL: 'http://127.0.0.1:8070',
			READER_SOURCE_ALLOW_LIST: '127.0.0.1:8070'
		})
		expect(policy.allowList.origins).toEqual([{ hostname: '127.0.0.1', port: 8070 }])
	})

	test('an allow-list entry that is neither host:port nor an address block stops the start', () => {
		expect(() => readReaderConfig({ ...env, READER_SOURCE_ALLOW_LIST: 'localhost' })).toThrow(/allow-list entry "localhost"/)
	})
})
