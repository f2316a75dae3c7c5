import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { type OAuthClientProvider, UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { freePort, makeOwnedTempDir, waitFor } from '@lv/testing'
import { type ServiceProcess, startService } from './check-stack.ts'
import { type ReaderCheckStack, startReaderCheckStack } from '../support/stack.ts'
import { chromiumForFile, closeContexts, screenshot } from '../support/chromium.ts'

/**
 * The assistant connector with real processes: the gateway and dashboard main.ts, PostgreSQL,
 * nats-server, a checker and the reader's data. The SDK's own client, with its OAuth client
 * provider, registers, is sent through the consent page in headless Chromium, gets tokens, lists
 * and calls every tool, refreshes, and is revoked on the Connected apps page.
 */
const OAUTH_TOKEN_SECRET = 'e2e-connector-oauth-token-secret-0123456789'
const PASSWORD = 'correct horse battery staple'

let stack: ReaderCheckStack
let dashboard: ServiceProcess
let browser: Browser
let callback: ReturnType<typeof Bun.serve>
let appUrl: string
let mcpUrl: string
let mailDir: string
const codes: string[] = []

/** What an assistant keeps: its registration, its tokens, the PKCE verifier of the pending request, where it would send the user. */
class AssistantProvider implements OAuthClientProvider {
	information?: OAuthClientInformationMixed
	saved?: OAuthTokens
	verifier = ''
	authorizationUrl?: URL
	constructor(readonly redirectUrl: string) {}
	get clientMetadata(): OAuthClientMetadata {
		return {
			client_name: 'E2E Assistant',
			redirect_uris: [this.redirectUrl],
			grant_types: ['authorization_code', 'refresh_token'],
			response_types: ['code'],
			token_endpoint_auth_method: 'none'
		}
	}
	clientInformation = () => this.information
	saveClientInformation = (information: OAuthClientInformationMixed) => void (this.information = information)
	tokens = () => this.saved
	saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens)
	redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url)
	saveCodeVerifier = (verifier: string) => void (this.verifier = verifier)
	codeVerifier = () => this.verifier
	invalidateCredentials = (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') => {
		if (scope === 'all' || scope === 'tokens') this.saved = undefined
	}
}

beforeAll(async () => {
	const [apiPort, dashboardPort] = [await freePort(), await freePort()]
	appUrl = `http://127.0.0.1:${dashboardPort}`
	const apiUrl = `http://127.0.0.1:${apiPort}`
	mcpUrl = `${apiUrl}/mcp/account`
	stack = await startReaderCheckStack({
		gatewayEnv: { PORT: String(apiPort), PUBLIC_BASE_URL: apiUrl, APP_URL: appUrl, OAUTH_TOKEN_SECRET }
	})
	await stack.readDay(0)
	mailDir = makeOwnedTempDir('mcp-connector-mail')
	dashboard = await startService('dashboard', {
		DATABASE_URL: stack.db.url,
		NATS_URL: stack.natsUrl,
		PORT: String(dashboardPort),
		APP_URL: appUrl,
		API_BASE_URL: apiUrl,
		DASHBOARD_MAIL_URL: pathToFileURL(mailDir).href,
		OAUTH_TOKEN_SECRET
	})
	callback = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		fetch(request) {
			const code = new URL(request.url).searchParams.get('code')
			if (code) codes.push(code)
			return new Response('Connected. You can close this window.')
		}
	})
	browser = await chromiumForFile()
}, 120_000)

afterAll(async () => {
	await closeContexts(browser)
	callback?.stop(true)
	await dashboard?.stop()
	await stack?.stop()
	if (mailDir) rmSync(mailDir, { recursive: true, force: true })
}, 60_000)

/** The sign-up confirmation link the dashboard mailed (written as .eml files). */
function mailedConfirmLink(): string | false {
	for (const file of readdirSync(mailDir)) {
		const link = /http:\/\/127\.0\.0\.1:\d+\/sign-up\/confirm\?token=[A-Za-z0-9_-]+/.exec(readFileSync(join(mailDir, file), 'utf8'))?.[0]
		if (link) return link
	}
	return false
}

const shot = (page: Page, name: string) => screenshot(page, `connector-${name}`)

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
	const result = (await client.callTool({ name, arguments: args })) as CallToolResult
	if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`)
	return result.structuredContent as Record<string, any>
}

/** The same call with the stack's API key: the REST answer a tool must mirror. */
async function rest(path: string): Promise<Record<string, any>> {
	const response = await fetch(`http://127.0.0.1:${stack.gateway.port}${path}`, { headers: { authorization: `Bearer ${stack.apiKey}` } })
	return (await response.json()) as Record<string, any>
}

const connectWith = async (provider: AssistantProvider) => {
	const client = new Client({ name: 'e2e-assistant', version: '1.0.0' })
	await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }))
	return client
}

describe('assistant connector, end to end', () => {
	test('register, consent in a browser, tokens, every tool on reader data, refresh, revoke', async () => {
		const provider = new AssistantProvider(`http://127.0.0.1:${callback.port}/callback`)

		// 1. The assistant meets a 401, discovers the metadata, registers, and asks to send the user to the consent page.
		const unauthorised = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider })
		await expect(new Client({ name: 'e2e-assistant', version: '1.0.0' }).connect(unauthorised)).rejects.toBeInstanceOf(UnauthorizedError)
		expect(provider.information?.client_id).toStartWith('lvc_')
		const authorizationUrl = provider.authorizationUrl as URL
		expect(authorizationUrl.origin).toBe(appUrl)
		expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
		expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl)

		// 2. The user: signed out, so sign-up first; then sign in through the request and approve on the consent page.
		const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
		const page = await context.newPage()
		page.on('dialog', (dialog) => void dialog.accept())
		await page.goto(`${appUrl}/sign-up`)
		await page.fill('#account_name', 'Northwind Compliance')
		await page.fill('#email', 'analyst@northwind.example')
		await page.fill('#password', PASSWORD)
		await page.click('button[type=submit]')
		const confirmLink = await waitFor(mailedConfirmLink, { what: 'the sign-up mail', timeoutMs: 10_000, intervalMs: 50 })
		await page.goto(confirmLink)
		await Promise.all([page.waitForURL(`${appUrl}/keys`), page.click('button:has-text("Create account")')])
		// Business: a dozen tool calls in a second stay under its per-second limit.
		await stack.db.sql`UPDATE accounts SET plan_code = 'business' WHERE name = 'Northwind Compliance'`
		await page.click('text=Sign out')
		await page.goto(authorizationUrl.href)
		expect(new URL(page.url()).pathname).toBe('/sign-in')
		await page.fill('#email', 'analyst@northwind.example')
		await page.fill('#password', PASSWORD)
		await Promise.all([page.waitForURL((url) => url.pathname === '/oauth/authorize'), page.click('button[type=submit]')])
		expect(await page.textContent('h1')).toBe('Connect “E2E Assistant”?')
		expect(await page.textContent('.signed-in-user')).toBe('analyst@northwind.example')
		expect(await page.textContent('.account-name')).toBe('Northwind Compliance')
		expect(await page.textContent('.redirect-host')).toBe(`127.0.0.1:${callback.port}`)
		await shot(page, '01-consent')
		await Promise.all([page.waitForURL((url) => url.port === String(callback.port)), page.click('#approve')])
		expect(codes).toHaveLength(1)

		// 3. The assistant exchanges the code and connects.
		await unauthorised.finishAuth(codes[0] as string)
		const firstTokens = provider.saved as OAuthTokens
		expect(firstTokens.refresh_token).toBeString()
		const client = await connectWith(provider)

		// 4. Every tool, on what the reader read from the demo registers; structured results mirror the REST answers.
		const { tools } = await client.listTools()
		expect(tools).toHaveLength(12)
		const checked = await call(client, 'check_domain', { domain: 'kestrelbet.co.uk' })
		const restCheck = await rest('/v1/check?domain=kestrelbet.co.uk')
		expect(checked.verdict).toBe('licensed')
		expect(checked.verdict_detail).toBe(restCheck.verdict_detail)
		expect({ ...checked, _meta: null }).toEqual({ ...restCheck, _meta: null })
		const { license_number: licenseNumber, license_id: licenseId, operator_slug: slug } = checked.match
		expect(
			await call(client, 'check_domain', { domain: 'kestrelbet.co.uk', as_of: stack.clock.now().toISOString().slice(0, 10) })
		).toHaveProperty('as_of')
		expect((await call(client, 'check_licence', { license_number: licenseNumber })).match.license_id).toBe(licenseId)
		const batch = await call(client, 'check_domains_batch', { domains: ['kestrelbet.co.uk', 'no-such-site.example'] })
		expect(batch.results.map((row: { verdict: string }) => row.verdict)).toEqual([
			'licensed',
			restCheck.verdict === 'licensed' ? (await rest('/v1/check?domain=no-such-site.example')).verdict : ''
		])
		expect((await call(client, 'search_operators', { q: 'kestrel' })).operators.map((row: { slug: string }) => row.slug)).toContain(slug)
		expect(await call(client, 'get_operator', { slug })).toEqual(await rest(`/v1/operators/${slug}`))
		expect(await call(client, 'get_licence_history', { license_id: licenseId })).toEqual(await rest(`/v1/licenses/${licenseId}/history`))
		expect((await call(client, 'list_regulatory_actions', { slug })).operator_slug).toBe(slug)
		expect(Object.keys((await call(client, 'get_coverage')).jurisdictions).sort()).toEqual(['AN', 'CW', 'IOM', 'KH', 'MGA', 'TGC', 'UKGC'])
		expect((await call(client, 'add_to_watchlist', { operator_slug: slug })).slug).toBe(slug)
		expect((await call(client, 'list_watchlist')).operators.map((row: { slug: string }) => row.slug)).toEqual([slug])
		expect(await call(client, 'read_watchlist_events', { limit: 10 })).toHaveProperty('events')
		expect(await call(client, 'remove_from_watchlist', { operator_slug: slug })).toEqual({ ok: true })
		const jurisdictions = await client.readResource({ uri: `http://127.0.0.1:${stack.gateway.port}/v1/jurisdictions` })
		expect(JSON.parse((jurisdictions.contents[0] as { text: string }).text)).toEqual(await rest('/v1/jurisdictions'))

		// 5. Refresh: a new access token and a new refresh token; the connector takes the new access token.
		expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED')
		const refreshed = provider.saved as OAuthTokens
		expect(refreshed.refresh_token).not.toBe(firstTokens.refresh_token)
		expect(refreshed.access_token).not.toBe(firstTokens.access_token)
		expect((await call(client, 'check_domain', { domain: 'kestrelbet.co.uk' })).verdict).toBe('licensed')

		// 6. Revoked on the Connected apps page: the next call is refused.
		await page.goto(`${appUrl}/connected-apps`)
		expect(await page.textContent('table.data')).toContain('E2E Assistant')
		await shot(page, '02-connected-apps')
		await Promise.all([page.waitForURL(`${appUrl}/connected-apps?notice=revoked`), page.click('button:has-text("Revoke")')])
		await shot(page, '03-revoked')
		const refused = await fetch(mcpUrl, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${refreshed.access_token}`,
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream'
			},
			body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' })
		})
		expect(refused.status).toBe(401)
		expect(((await refused.json()) as { details: { reason: string } }).details.reason).toBe('grant_revoked')
		// The SDK client, refused, tries its refresh token, which the revoked grant no longer honours: it must ask the user again.
		provider.authorizationUrl = undefined
		await expect(client.callTool({ name: 'get_coverage', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError)
		expect((provider.authorizationUrl as URL | undefined)?.origin).toBe(appUrl)
		await context.close()
	}, 180_000)
})
