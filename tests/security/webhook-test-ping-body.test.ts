import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { responseExcerpt } from '@lv/webhooks'
import { type Receiver, startReceiver } from '../../services/notifier/src/test-support/receiver.ts'
import { accountWithKey, bearer } from '../../services/gateway/src/test-support/accounts.ts'
import { newSecretKey, notificationsApp } from '../../services/gateway/src/test-support/webhooks.ts'
import { TEST_RESPONSE_BODY_BYTES } from '../../services/gateway/src/webhooks/test-ping.ts'
import { useStores } from './stores.ts'

const clock = new TestClock('2026-11-10T12:00:00.000Z')
const stores = useStores('test-ping-body-test')
let receiver: Receiver
let app: ReturnType<typeof notificationsApp>

beforeAll(() => {
	receiver = startReceiver()
	app = notificationsApp({ sql: stores.db.sql, bus: stores.bus, clock, secretKey: newSecretKey(), allowList: [receiver.origin] })
})

afterAll(() => receiver.stop())

async function testPing(answer: () => Response): Promise<{ http_status: number; response_body: string | null }> {
	const { key } = await accountWithKey(stores.db.sql, clock, 'pro')
	clock.advance(1_000)
	const created = (await (
		await app.handle(
			new Request('http://localhost/v1/webhooks', {
				method: 'POST',
				headers: { ...bearer(key), 'content-type': 'application/json' },
				body: JSON.stringify({ url: receiver.url('/hook'), events: ['license.issued'] })
			})
		)
	).json()) as { id: string }
	receiver.respondWith(answer)
	clock.advance(1_000)
	return (await (
		await app.handle(new Request(`http://localhost/v1/webhooks/${created.id}/test`, { method: 'POST', headers: bearer(key) }))
	).json()) as {
		http_status: number
		response_body: string | null
	}
}

describe('the webhook test ping shows the receiver answer as a short plain-text excerpt', () => {
	test(`a long text answer is cut to ${TEST_RESPONSE_BODY_BYTES} bytes with control and invisible characters replaced`, async () => {
		const answer = `denied\u0000\u001b[31m\u202Eerror\r\n${'x'.repeat(10_000)}`
		const result = await testPing(() => new Response(answer, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } }))
		expect(result.http_status).toBe(403)
		expect(result.response_body?.startsWith('denied [31m error x')).toBe(true)
		expect(Buffer.byteLength(result.response_body ?? '')).toBeLessThanOrEqual(TEST_RESPONSE_BODY_BYTES)
		expect(result.response_body).not.toMatch(/[\p{Cc}\p{Cf}]/u)
	})

	test('a binary or non-text answer (an image, a PDF, a file) is not shown at all', async () => {
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe])
		expect((await testPing(() => new Response(png, { headers: { 'content-type': 'image/png' } }))).response_body).toBeNull()
		expect(
			(await testPing(() => new Response('%PDF-1.7 secret', { headers: { 'content-type': 'application/pdf' } }))).response_body
		).toBeNull()
		expect((await testPing(() => new Response(png, { headers: { 'content-type': '' } }))).response_body).toBeNull()
	})

	test('JSON and XML answers are text', async () => {
		const result = await testPing(() => Response.json({ ok: true }))
		expect(result.response_body).toBe('{"ok":true}')
		expect(responseExcerpt('<ok/>', 'application/problem+xml')).toBe('<ok/>')
	})
})
