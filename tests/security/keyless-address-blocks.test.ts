import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { testApp } from '../../services/gateway/src/test-support/gateway.ts'
import { useStores } from './stores.ts'
import { handleFrom } from '@lv/testing'

const stores = useStores('keyless-blocks-test')

describe('keyless limits by address block', () => {
	const clock = new TestClock(new Date('2026-11-05T12:10:00.000Z'))
	const app = () => testApp({ sql: stores.db.sql, bus: stores.bus, clock })
	const call = (address: string) => handleFrom(app(), new Request('http://gateway/v1/jurisdictions'), address)

	test('ten keyless calls from ten addresses of one IPv6 /64 use up that /64; the next /64 has its own allowance', async () => {
		for (let host = 1; host <= 10; host++) expect((await call(`2001:db8:aa:1::${host.toString(16)}`)).status).toBe(200)
		const refused = await call('2001:db8:aa:1:ffff:ffff:ffff:ffff')
		expect(refused.status).toBe(429)
		expect(((await refused.json()) as { details: { reason: string } }).details.reason).toBe('quota_exceeded')
		expect((await call('2001:db8:aa:2::1')).status).toBe(200)
	})

	test('IPv4 addresses count one by one (/32), also when they arrive IPv4-mapped', async () => {
		for (let index = 0; index < 10; index++) expect((await call(index % 2 ? '198.51.100.7' : '::ffff:c633:6407')).status).toBe(200)
		expect((await call('198.51.100.7')).status).toBe(429)
		expect((await call('198.51.100.8')).status).toBe(200)
	})
})
