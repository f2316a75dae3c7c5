import { expect, test } from 'bun:test'
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
