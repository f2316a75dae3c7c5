import { describe, expect, test } from 'bun:test'
import { type Harness, harnessPerFile } from '../../services/dashboard/src/test-support/harness.ts'
import { handleFrom } from '@lv/testing'

const h = harnessPerFile()

const PATHS = ['/sign-in', '/', '/assets/dashboard.css', '/no-such-page']

/** The Strict-Transport-Security header of every kind of answer: a page, a redirect, an asset, a 404. */
async function hstsOf(app: ReturnType<Harness['dashboard']>, origin: string, peer: string, headers: Record<string, string> = {}) {
	const values = await Promise.all(
		PATHS.map(async (path) =>
			(await handleFrom(app, new Request(`${origin}${path}`, { headers }), peer)).headers.get('strict-transport-security')
		)
	)
	return [...new Set(values)]
}

describe('dashboard HSTS', () => {
	test('Strict-Transport-Security is on every answer when the dashboard is served over https (APP_URL or a trusted proxy saying so), never over plain http', async () => {
		const https = h.dashboard({ APP_URL: 'https://app.example.test' })
		expect(await hstsOf(https, 'https://app.example.test', '192.0.2.10')).toEqual(['max-age=31536000'])

		const behindProxy = h.dashboard({ APP_URL: 'http://localhost', TRUSTED_PROXIES: '10.0.0.0/8' })
		expect(await hstsOf(behindProxy, 'http://localhost', '10.0.0.2', { 'x-forwarded-proto': 'https' })).toEqual(['max-age=31536000'])
		expect(await hstsOf(behindProxy, 'http://localhost', '10.0.0.2', { 'x-forwarded-proto': 'http' })).toEqual([null])
		// Only a trusted proxy is believed: anyone else saying https still gets nothing.
		expect(await hstsOf(behindProxy, 'http://localhost', '192.0.2.10', { 'x-forwarded-proto': 'https' })).toEqual([null])

		expect(await hstsOf(h.dashboard({ APP_URL: 'http://localhost' }), 'http://localhost', '192.0.2.10')).toEqual([null])
	})
})
