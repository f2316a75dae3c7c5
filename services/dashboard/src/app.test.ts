import { expect, test } from 'bun:test'
import { createSql } from '@lv/db'
import { startTcpProxy } from '@lv/testing'
import { BrowserSession, signUp } from './test-support/browser-session.ts'
import { harnessPerFile } from './test-support/harness.ts'

const h = harnessPerFile()

test('every answer says nosniff: pages, redirects, JSON, plain text and errors alike', async () => {
	const app = h.dashboard()
	const requests = [
		new Request('http://localhost/sign-in'),
		new Request('http://localhost/'),
		new Request('http://localhost/llms.txt'),
		new Request('http://localhost/assets/no-such-file.js'),
		new Request('http://localhost/no-such-page'),
		new Request('http://localhost/.well-known/oauth-authorization-server'),
		new Request('http://localhost/oauth/token', {
			method: 'POST',
			body: 'grant_type=password',
			headers: { 'content-type': 'application/x-www-form-urlencoded' }
		})
	]
	const answers = await Promise.all(requests.map(async (request) => (await app.handle(request)).headers.get('x-content-type-options')))
	expect(answers).toEqual(requests.map(() => 'nosniff'))
})

test('a signed-in page whose database cannot be reached is the 503 page saying to try again, not the 500 one', async () => {
	const target = new URL(h.db.url)
	const proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port) })
	const viaProxy = createSql(proxy.urlFor(h.db.url), { max: 2, connectTimeoutSeconds: 2 })
	try {
		let app = h.dashboard()
		const browser = new BrowserSession({ handle: (request) => app.handle(request), server: null })
		await signUp(browser, h.mailbox)
		app = h.dashboard({}, { sql: viaProxy })
		proxy.down()
		const page = await browser.get('/keys')
		expect({ status: page.status, text: page.html.includes('Try again in a moment') }).toEqual({ status: 503, text: true })
	} finally {
		proxy.stop()
		await viaProxy.end({ timeout: 0 })
	}
})
