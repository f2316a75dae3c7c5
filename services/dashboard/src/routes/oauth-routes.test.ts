import { beforeAll, describe, expect, test } from 'bun:test'
import pkceChallenge from 'pkce-challenge'
import { DAY } from '@lv/clock'
import { AUTHORIZATION_CODE_TTL_MS, REFRESH_TOKEN_TTL_MS, revokeUserGrants } from '../oauth/oauth-store.ts'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { type Harness, harnessPerFile } from '../test-support/harness.ts'

const REDIRECT = 'http://127.0.0.1:43117/callback'
const RESOURCE = 'http://api.localhost/mcp/account'
const h = harnessPerFile()
let app: ReturnType<Harness['dashboard']>

beforeAll(() => {
	app = h.dashboard()
})

const post = (path: string, body: string, contentType: string) =>
	app.handle(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': contentType }, body }))
const postForm = (path: string, fields: Record<string, string>) =>
	post(path, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded')
const register = (metadata: unknown) => post('/oauth/register', JSON.stringify(metadata), 'application/json')

async function registeredClient(redirectUris = [REDIRECT]): Promise<string> {
	const response = await register({ client_name: 'Test Assistant', redirect_uris: redirectUris })
	expect(response.status).toBe(201)
	return ((await response.json()) as { client_id: string }).client_id
}

const authorizePath = (params: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(params)}`

type Flow = { clientId: string; browser: BrowserSession; email: string; verifier: string; challenge: string; state: string }

async function signedInFlow(): Promise<Flow> {
	const clientId = await registeredClient()
	const browser = new BrowserSession(app)
	const { email } = await signUp(browser, h.mailbox, { accountName: 'Compliance Team Ltd' })
	const { code_verifier, code_challenge } = await pkceChallenge()
	return { clientId, browser, email, verifier: code_verifier, challenge: code_challenge, state: crypto.randomUUID() }
}

const requestParams = (flow: Flow, overrides: Record<string, string> = {}) => ({
	response_type: 'code',
	client_id: flow.clientId,
	redirect_uri: REDIRECT,
	code_challenge: flow.challenge,
	code_challenge_method: 'S256',
	state: flow.state,
	resource: RESOURCE,
	scope: 'account',
	...overrides
})

/** Consent page shown and approved: the code the client receives at its redirect URI. */
async function approvedCode(flow: Flow): Promise<string> {
	const params = requestParams(flow)
	const consent = await flow.browser.get(authorizePath(params))
	expect(consent.status).toBe(200)
	const answer = await flow.browser.post('/oauth/authorize', { ...params, decision: 'approve' })
	expect(answer.status).toBe(303)
	const back = new URL(answer.location ?? '')
	expect(back.origin + back.pathname).toBe(REDIRECT)
	expect(back.searchParams.get('state')).toBe(flow.state)
	expect(back.searchParams.get('iss')).toBe('http://localhost')
	return back.searchParams.get('code') ?? ''
}

type Tokens = { access_token: string; refresh_token: string; expires_in: number; token_type: string }

const exchange = (flow: Flow, code: string, overrides: Record<string, string> = {}) =>
	postForm('/oauth/token', {
		grant_type: 'authorization_code',
		client_id: flow.clientId,
		code,
		redirect_uri: REDIRECT,
		code_verifier: flow.verifier,
		resource: RESOURCE,
		...overrides
	})

const refresh = (flow: Flow, refreshToken: string) =>
	postForm('/oauth/token', { grant_type: 'refresh_token', client_id: flow.clientId, refresh_token: refreshToken, resource: RESOURCE })

async function tokensFor(flow: Flow): Promise<Tokens> {
	const response = await exchange(flow, await approvedCode(flow))
	expect(response.status).toBe(200)
	return (await response.json()) as Tokens
}

/** An MCP initialize on the gateway with the access token: its status and error reason. */
async function connectorStatus(accessToken: string): Promise<{ status: number; reason?: string }> {
	const response = await h.gateway.handle(
		new Request(RESOURCE, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${accessToken}`,
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream'
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
			})
		})
	)
	const body = (await response.json()) as { details?: { reason?: string } }
	return { status: response.status, reason: body.details?.reason }
}

const oauthErrorOf = async (response: Response) => ((await response.json()) as { error: string }).error

describe('authorisation server metadata (RFC 8414)', () => {
	test('advertises the code flow with PKCE S256 only, public clients, registration and revocation', async () => {
		const response = await app.handle(new Request('http://localhost/.well-known/oauth-authorization-server'))
		expect(await response.json()).toMatchObject({
			issuer: 'http://localhost',
			authorization_endpoint: 'http://localhost/oauth/authorize',
			token_endpoint: 'http://localhost/oauth/token',
			registration_endpoint: 'http://localhost/oauth/register',
			revocation_endpoint: 'http://localhost/oauth/revoke',
			response_types_supported: ['code'],
			grant_types_supported: ['authorization_code', 'refresh_token'],
			code_challenge_methods_supported: ['S256'],
			token_endpoint_auth_methods_supported: ['none']
		})
	})
})

describe('dynamic client registration (RFC 7591)', () => {
	test('a public client with a loopback redirect URI is registered', async () => {
		const response = await register({
			client_name: 'Desktop assistant',
			redirect_uris: [REDIRECT],
			token_endpoint_auth_method: 'client_secret_basic'
		})
		expect(response.status).toBe(201)
		const client = (await response.json()) as Record<string, unknown>
		expect(client).toMatchObject({ client_name: 'Desktop assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' })
		expect(client.client_secret).toBeUndefined()
	})

	test('a javascript: redirect URI is refused with invalid_redirect_uri', async () => {
		const response = await register({ client_name: 'x', redirect_uris: ['javascript:alert(1)'] })
		expect(response.status).toBe(400)
		expect(await oauthErrorOf(response)).toBe('invalid_redirect_uri')
	})

	test('an http redirect URI to a host other than loopback is refused with invalid_redirect_uri', async () => {
		const response = await register({ client_name: 'x', redirect_uris: ['https://ok.example/cb', 'http://assistant.example/cb'] })
		expect(response.status).toBe(400)
		expect(await oauthErrorOf(response)).toBe('invalid_redirect_uri')
	})

	test('a redirect URI holding a NUL, a space or a line break is refused with invalid_redirect_uri, never a 500', async () => {
		for (const uri of ['https://assistant.example/cb\u0000', 'https://assistant.example/c b', 'cursor://anysphere/cb\r\n']) {
			const response = await register({ client_name: 'x', redirect_uris: [uri] })
			expect(response.status).toBe(400)
			expect(await oauthErrorOf(response)).toBe('invalid_redirect_uri')
		}
	})

	test('a client asking for the implicit or password grant is refused with invalid_client_metadata', async () => {
		for (const metadata of [
			{ redirect_uris: [REDIRECT], grant_types: ['password'] },
			{ redirect_uris: [REDIRECT], response_types: ['token'] }
		]) {
			const response = await register(metadata)
			expect(response.status).toBe(400)
			expect(await oauthErrorOf(response)).toBe('invalid_client_metadata')
		}
	})
})

describe('authorisation request and consent', () => {
	test('the consent page names the signed-in user, the account, the client and its redirect host', async () => {
		const flow = await signedInFlow()
		const page = await flow.browser.get(authorizePath(requestParams(flow)))
		expect(page.status).toBe(200)
		expect(page.html).toContain('Connect “Test Assistant”?')
		expect(page.html).toContain('Compliance Team Ltd')
		expect(page.html).toMatch(/class="signed-in-user">[^<]+@example\.com</)
		expect(page.html).toContain('<strong class="redirect-host">127.0.0.1:43117</strong>')
	})

	test("a native app's redirect URI is shown by its scheme, never by the host-like text the client put after it", async () => {
		const flow = await signedInFlow()
		const lookalike = 'x-assistant://claude.ai/api/mcp/auth_callback'
		const clientId = await registeredClient([lookalike])
		const page = await flow.browser.get(authorizePath(requestParams(flow, { client_id: clientId, redirect_uri: lookalike })))
		expect(page.status).toBe(200)
		expect(page.html).toContain('<strong class="redirect-host">x-assistant:</strong>')
		expect(page.html).not.toContain('claude.ai</strong>')
	})

	test('a client_id holding a NUL character is the unregistered-application page, never a 500', async () => {
		const flow = await signedInFlow()
		const page = await flow.browser.get(authorizePath(requestParams(flow, { client_id: `${flow.clientId}\u0000` })))
		expect({ status: page.status, location: page.location }).toEqual({ status: 400, location: null })
		expect(page.html).toContain('not registered with this service')
	})

	test('a redirect URI the client did not register is shown as an error page and never redirected to', async () => {
		const flow = await signedInFlow()
		for (const redirect of ['http://127.0.0.1:43117/callback/', 'http://127.0.0.1:43117/other', 'https://evil.example/callback']) {
			const page = await flow.browser.get(authorizePath(requestParams(flow, { redirect_uri: redirect })))
			expect(page.status).toBe(400)
			expect(page.location).toBeNull()
		}
	})

	test('plain PKCE, a missing challenge, the implicit flow and another resource are refused at the redirect URI', async () => {
		const flow = await signedInFlow()
		const cases: [Record<string, string>, string][] = [
			[{ code_challenge_method: 'plain', code_challenge: flow.verifier }, 'invalid_request'],
			[{ code_challenge: '' }, 'invalid_request'],
			[{ response_type: 'token' }, 'unsupported_response_type'],
			[{ resource: 'https://other.example/mcp' }, 'invalid_target'],
			[{ scope: 'admin' }, 'invalid_scope']
		]
		for (const [overrides, error] of cases) {
			const answer = await flow.browser.get(authorizePath(requestParams(flow, overrides)))
			expect(answer.status).toBe(303)
			const back = new URL(answer.location ?? '')
			expect(back.searchParams.get('error')).toBe(error)
			expect(back.searchParams.get('state')).toBe(flow.state)
			expect(back.searchParams.get('code')).toBeNull()
		}
	})

	test('a repeated client_id or redirect_uri is an error page, never a redirect, even when both values are the same', async () => {
		const flow = await signedInFlow()
		for (const extra of [
			`&client_id=${flow.clientId}`,
			`&redirect_uri=${encodeURIComponent(REDIRECT)}`,
			'&redirect_uri=https%3A%2F%2Fevil.example%2Fcb'
		]) {
			const page = await flow.browser.get(authorizePath(requestParams(flow)) + extra)
			expect({ status: page.status, location: page.location }).toEqual({ status: 400, location: null })
			expect(page.html).toContain('more than once')
		}
	})

	test('any other repeated parameter is invalid_request at the redirect URI, never the last value taken; a repeated state is not echoed', async () => {
		const flow = await signedInFlow()
		const other = await pkceChallenge()
		const cases: [string, string, string | null][] = [
			[`&code_challenge=${other.code_challenge}`, 'invalid_request', flow.state],
			['&response_type=code', 'invalid_request', flow.state],
			['&state=attacker', 'invalid_request', null],
			['&resource=https%3A%2F%2Fother.example%2Fmcp', 'invalid_target', flow.state]
		]
		for (const [extra, error, state] of cases) {
			const answer = await flow.browser.get(authorizePath(requestParams(flow)) + extra)
			expect(answer.status).toBe(303)
			const back = new URL(answer.location ?? '')
			expect(back.origin + back.pathname).toBe(REDIRECT)
			expect({ error: back.searchParams.get('error'), state: back.searchParams.get('state') }).toEqual({ error, state })
		}
	})

	test('a consent form holding a field twice issues no code', async () => {
		const flow = await signedInFlow()
		const params = requestParams(flow)
		await flow.browser.get(authorizePath(params))
		const form = new URLSearchParams({ ...params, decision: 'approve', csrf: flow.browser.csrfToken() })
		form.append('redirect_uri', REDIRECT)
		const answer = await flow.browser.postRaw('/oauth/authorize', form.toString(), 'application/x-www-form-urlencoded')
		expect({ status: answer.status, location: answer.location }).toEqual({ status: 400, location: null })
		expect((await h.db.sql`SELECT 1 FROM oauth_grants WHERE client_id = ${flow.clientId}`).length).toBe(0)
	})

	test('signed out, the request goes through sign-in and comes back to the consent page', async () => {
		const flow = await signedInFlow()
		const email = flow.email
		const fresh = new BrowserSession(app)
		const path = authorizePath(requestParams(flow))
		const first = await fresh.get(path)
		expect(first.status).toBe(303)
		expect(first.location).toBe(`/sign-in?next=${encodeURIComponent(path)}`)
		await fresh.get(first.location ?? '')
		const signedIn = await fresh.post('/sign-in', { email, password: 'correct horse battery staple', next: path })
		expect(signedIn.location).toBe(path)
		expect((await fresh.get(path)).html).toContain('Connect “Test Assistant”?')
	})

	test('sign-in never continues to another site or page (no open redirect)', async () => {
		const browser = new BrowserSession(app)
		for (const next of ['https://evil.example/', '//evil.example/oauth/authorize?x', '/keys']) {
			const page = await browser.get(`/sign-in?next=${encodeURIComponent(next)}`)
			expect(page.html).not.toContain('name="next"')
		}
	})

	test('a continuation holding line breaks, a NUL or non-ASCII text is followed percent-encoded, never a 500', async () => {
		const flow = await signedInFlow()
		const fresh = new BrowserSession(app)
		for (const [next, expected] of [
			['/oauth/authorize?a=\r\nSet-Cookie: x=1', '/oauth/authorize?a=Set-Cookie:%20x=1'],
			['/oauth/authorize?state=a\u0000b', '/oauth/authorize?state=a%00b'],
			['/oauth/authorize?state=caf\u00e9 \u20ac', '/oauth/authorize?state=caf%C3%A9%20%E2%82%AC']
		] as const) {
			const shown = await fresh.get(`/sign-in?next=${encodeURIComponent(next)}`)
			expect(shown.status).toBe(200)
			expect(shown.html).toContain(`name="next" value="${expected}"`)
			const signedIn = await fresh.post('/sign-in', { email: flow.email, password: 'correct horse battery staple', next })
			expect(signedIn.status).toBe(303)
			expect(signedIn.location).toBe(expected)
			expect((await fresh.get(`/sign-in?next=${encodeURIComponent(next)}`)).location).toBe(expected)
			fresh.cookies.clear()
		}
	})

	test('deny sends access_denied back and creates no grant', async () => {
		const flow = await signedInFlow()
		const params = requestParams(flow)
		await flow.browser.get(authorizePath(params))
		const answer = await flow.browser.post('/oauth/authorize', { ...params, decision: 'deny' })
		expect(new URL(answer.location ?? '').searchParams.get('error')).toBe('access_denied')
		expect((await h.db.sql`SELECT 1 FROM oauth_grants WHERE client_id = ${flow.clientId}`).length).toBe(0)
	})

	test('an approval without the page CSRF token is refused', async () => {
		const flow = await signedInFlow()
		const answer = await flow.browser.post('/oauth/authorize', { ...requestParams(flow), decision: 'approve' }, { csrf: 'none' })
		expect(answer.status).toBe(403)
		expect(answer.location).toBeNull()
	})
})

describe('token endpoint', () => {
	test('a code and its verifier give a short-lived access token the connector accepts and a refresh token', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		expect(tokens.token_type).toBe('Bearer')
		expect(tokens.expires_in).toBe(600)
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 200, reason: undefined })
	})

	test('a PKCE verifier that does not match the challenge is invalid_grant', async () => {
		const flow = await signedInFlow()
		const other = await pkceChallenge()
		const response = await exchange(flow, await approvedCode(flow), { code_verifier: other.code_verifier })
		expect(response.status).toBe(400)
		expect(await oauthErrorOf(response)).toBe('invalid_grant')
	})

	test('a redirect URI other than the request one is invalid_grant', async () => {
		const flow = await signedInFlow()
		const response = await exchange(flow, await approvedCode(flow), { redirect_uri: 'http://127.0.0.1:43117/other' })
		expect(await oauthErrorOf(response)).toBe('invalid_grant')
	})

	test('a loopback redirect URI on another port (RFC 8252 §7.3) is approved and sent the code; the token request names that same URI', async () => {
		const flow = await signedInFlow()
		const ephemeral = 'http://127.0.0.1:50123/callback'
		const params = requestParams(flow, { redirect_uri: ephemeral })
		expect((await flow.browser.get(authorizePath(params))).status).toBe(200)
		const answer = await flow.browser.post('/oauth/authorize', { ...params, decision: 'approve' })
		const back = new URL(answer.location ?? '')
		expect(back.origin + back.pathname).toBe(ephemeral)
		const code = back.searchParams.get('code') ?? ''
		expect(await oauthErrorOf(await exchange(flow, code, { redirect_uri: REDIRECT }))).toBe('invalid_grant')
		const other = await signedInFlow()
		const otherParams = requestParams(other, { redirect_uri: ephemeral })
		await other.browser.get(authorizePath(otherParams))
		const otherAnswer = await other.browser.post('/oauth/authorize', { ...otherParams, decision: 'approve' })
		const otherCode = new URL(otherAnswer.location ?? '').searchParams.get('code') ?? ''
		expect((await exchange(other, otherCode, { redirect_uri: ephemeral })).status).toBe(200)
	})

	test('a request that named no redirect URI (one registered) may leave it out of the token request; one that named it may not', async () => {
		const unnamed = await signedInFlow()
		const params = requestParams(unnamed)
		const { redirect_uri: _, ...withoutRedirect } = params
		expect((await unnamed.browser.get(authorizePath(withoutRedirect))).status).toBe(200)
		const answer = await unnamed.browser.post('/oauth/authorize', { ...withoutRedirect, decision: 'approve' })
		const back = new URL(answer.location ?? '')
		expect(back.origin + back.pathname).toBe(REDIRECT)
		const { redirect_uri: __, ...tokenRequest } = {
			grant_type: 'authorization_code',
			client_id: unnamed.clientId,
			code: back.searchParams.get('code') ?? '',
			redirect_uri: REDIRECT,
			code_verifier: unnamed.verifier,
			resource: RESOURCE
		}
		expect((await postForm('/oauth/token', tokenRequest)).status).toBe(200)

		const named = await signedInFlow()
		const response = await postForm('/oauth/token', {
			...tokenRequest,
			client_id: named.clientId,
			code: await approvedCode(named),
			code_verifier: named.verifier
		})
		expect(response.status).toBe(400)
		expect(await oauthErrorOf(response)).toBe('invalid_grant')
	})

	test('a repeated token parameter is 400 invalid_request before the code is spent: the code still works once', async () => {
		const flow = await signedInFlow()
		const code = await approvedCode(flow)
		const other = await pkceChallenge()
		const fields = {
			grant_type: 'authorization_code',
			client_id: flow.clientId,
			code,
			redirect_uri: REDIRECT,
			code_verifier: flow.verifier,
			resource: RESOURCE
		}
		for (const [name, value] of [
			['code_verifier', other.code_verifier],
			['client_id', flow.clientId],
			['redirect_uri', 'http://127.0.0.1:43117/other']
		] as const) {
			const form = new URLSearchParams(fields)
			form.append(name, value)
			const response = await post('/oauth/token', form.toString(), 'application/x-www-form-urlencoded')
			expect(response.status).toBe(400)
			expect(await response.json()).toMatchObject({
				error: 'invalid_request',
				error_description: `${name} sent more than once (RFC 6749 §3.1)`
			})
		}
		expect((await exchange(flow, code)).status).toBe(200)
	})

	test('another resource is invalid_target', async () => {
		const flow = await signedInFlow()
		const response = await exchange(flow, await approvedCode(flow), { resource: 'https://other.example/mcp' })
		expect(await oauthErrorOf(response)).toBe('invalid_target')
	})

	test('a code past its minute is invalid_grant', async () => {
		const flow = await signedInFlow()
		const code = await approvedCode(flow)
		h.clock.advance(AUTHORIZATION_CODE_TTL_MS + 1000)
		expect(await oauthErrorOf(await exchange(flow, code))).toBe('invalid_grant')
	})

	test('each approval deletes codes a day past their expiry and expired refresh tokens, keeping live ones', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		h.clock.advance(REFRESH_TOKEN_TTL_MS + DAY)
		await flow.browser.get('/sign-in')
		await flow.browser.post('/sign-in', { email: flow.email, password: 'correct horse battery staple' })
		const later = await tokensFor(flow)
		const [counts] = await h.db.sql<{ codes: number; refresh: number }[]>`
			SELECT (SELECT count(*)::int FROM oauth_authorization_codes c JOIN oauth_grants g ON g.id = c.grant_id WHERE g.client_id = ${flow.clientId}) AS codes,
				(SELECT count(*)::int FROM oauth_refresh_tokens r JOIN oauth_grants g ON g.id = r.grant_id WHERE g.client_id = ${flow.clientId}) AS refresh`
		expect(counts).toEqual({ codes: 1, refresh: 1 })
		expect(await oauthErrorOf(await refresh(flow, tokens.refresh_token))).toBe('invalid_grant')
		expect((await refresh(flow, later.refresh_token)).status).toBe(200)
	})

	test('a code used twice is invalid_grant and revokes the grant: the tokens of the first exchange stop working', async () => {
		const flow = await signedInFlow()
		const code = await approvedCode(flow)
		const first = (await (await exchange(flow, code)).json()) as Tokens
		expect((await connectorStatus(first.access_token)).status).toBe(200)
		const again = await exchange(flow, code)
		expect(again.status).toBe(400)
		expect(await oauthErrorOf(again)).toBe('invalid_grant')
		expect(await connectorStatus(first.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		expect(await oauthErrorOf(await refresh(flow, first.refresh_token))).toBe('invalid_grant')
	})

	test('refresh rotates the token; the spent one presented again revokes the whole grant', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const rotated = await refresh(flow, tokens.refresh_token)
		expect(rotated.status).toBe(200)
		const next = (await rotated.json()) as Tokens
		expect(next.refresh_token).not.toBe(tokens.refresh_token)
		expect((await connectorStatus(next.access_token)).status).toBe(200)

		const reuse = await refresh(flow, tokens.refresh_token)
		expect(reuse.status).toBe(400)
		expect(await oauthErrorOf(reuse)).toBe('invalid_grant')
		expect(await oauthErrorOf(await refresh(flow, next.refresh_token))).toBe('invalid_grant')
		expect(await connectorStatus(next.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		const [grant] = await h.db.sql<{ revoked_reason: string }[]>`SELECT revoked_reason FROM oauth_grants WHERE client_id = ${flow.clientId}`
		expect(grant?.revoked_reason).toBe('refresh_token_reuse')
	})

	test('a refresh token of another client is invalid_grant', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const response = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			client_id: await registeredClient(),
			refresh_token: tokens.refresh_token
		})
		expect(await oauthErrorOf(response)).toBe('invalid_grant')
	})

	test('the password and client-credentials grants are unsupported_grant_type; no client_id is invalid_client', async () => {
		const flow = await signedInFlow()
		for (const grantType of ['password', 'client_credentials', 'implicit'])
			expect(
				await oauthErrorOf(
					await postForm('/oauth/token', { grant_type: grantType, client_id: flow.clientId, username: 'a', password: 'b' })
				)
			).toBe('unsupported_grant_type')
		const anonymous = await postForm('/oauth/token', { grant_type: 'authorization_code', code: 'x' })
		expect(anonymous.status).toBe(401)
		expect(await oauthErrorOf(anonymous)).toBe('invalid_client')
	})
})

describe('revocation', () => {
	test('RFC 7009: revoking the refresh token ends the grant; the connector refuses the access token next', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const response = await postForm('/oauth/revoke', {
			token: tokens.refresh_token,
			token_type_hint: 'refresh_token',
			client_id: flow.clientId
		})
		expect(response.status).toBe(200)
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
	})

	test('a repeated token is 400 invalid_request and revokes nothing', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const form = new URLSearchParams({ token: 'not-a-token', client_id: flow.clientId })
		form.append('token', tokens.refresh_token)
		const response = await post('/oauth/revoke', form.toString(), 'application/x-www-form-urlencoded')
		expect(response.status).toBe(400)
		expect(await oauthErrorOf(response)).toBe('invalid_request')
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 200, reason: undefined })
	})

	test('an unknown token is answered 200 too', async () => {
		const flow = await signedInFlow()
		expect((await postForm('/oauth/revoke', { token: 'not-a-token', client_id: flow.clientId })).status).toBe(200)
	})

	test('a client_id holding a NUL character is answered 200 like any unknown client, never a 500', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		expect((await postForm('/oauth/revoke', { token: tokens.refresh_token, client_id: '\u0000' })).status).toBe(200)
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 200 })
	})

	test('Connected apps lists the grant (its key is not on the keys page) and revoking it refuses the next connector call', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const page = await flow.browser.get('/connected-apps')
		expect(page.html).toContain('Test Assistant')
		expect(page.html).toContain(RESOURCE)
		expect((await flow.browser.get('/keys')).html).not.toContain('Connector:')
		const grantId = page.html.match(/data-grant-id="([^"]+)"/)?.[1] ?? ''
		const revoked = await flow.browser.post(`/connected-apps/${grantId}/revoke`, {})
		expect(revoked.location).toBe('/connected-apps?notice=revoked')
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		expect((await flow.browser.get('/connected-apps')).html).not.toContain(`data-grant-id="${grantId}"`)
	})

	test("ending a user's grants (what signing out everywhere calls) refuses the next connector call of each", async () => {
		const flow = await signedInFlow()
		const [first, second] = [await tokensFor(flow), await tokensFor(flow)]
		const [grant] = await h.db.sql<{ user_id: string }[]>`SELECT user_id FROM oauth_grants WHERE client_id = ${flow.clientId} LIMIT 1`
		expect(await revokeUserGrants(h.db.sql, h.clock, grant?.user_id ?? '')).toBe(2)
		for (const tokens of [first, second])
			expect(await connectorStatus(tokens.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		expect(await oauthErrorOf(await refresh(flow, second.refresh_token))).toBe('invalid_grant')
	})

	test('a password change, which signs out every other session, also ends the connections the user approved', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		await flow.browser.get('/account/password')
		const changed = await flow.browser.post('/account/password', {
			current_password: 'correct horse battery staple',
			new_password: 'another long passphrase'
		})
		expect(changed.location).toBe('/account/password?notice=changed')
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		const [grant] = await h.db.sql<{ revoked_reason: string }[]>`SELECT revoked_reason FROM oauth_grants WHERE client_id = ${flow.clientId}`
		expect(grant?.revoked_reason).toBe('password_change')
	})

	test('signing out everywhere ends every session of the user, this one included, and the connections the user approved', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const other = new BrowserSession(app)
		await other.get('/sign-in')
		await other.post('/sign-in', { email: flow.email, password: 'correct horse battery staple' })
		expect((await other.get('/keys')).status).toBe(200)
		await flow.browser.get('/account/password')
		const forged = await flow.browser.post('/sign-out-everywhere', {}, { csrf: 'none' })
		expect(forged.status).toBe(403)
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 200 })
		await flow.browser.get('/account/password')
		const out = await flow.browser.post('/sign-out-everywhere', {})
		expect(out.location).toBe('/sign-in?signed_out=1')
		expect(await connectorStatus(tokens.access_token)).toEqual({ status: 401, reason: 'grant_revoked' })
		for (const browser of [flow.browser, other]) expect((await browser.get('/keys')).location).toBe('/sign-in')
		const [grant] = await h.db.sql<{ revoked_reason: string }[]>`SELECT revoked_reason FROM oauth_grants WHERE client_id = ${flow.clientId}`
		expect(grant?.revoked_reason).toBe('sign_out_everywhere')
	})

	test('a grant of another account cannot be revoked from this one', async () => {
		const flow = await signedInFlow()
		const tokens = await tokensFor(flow)
		const [grant] = await h.db.sql<{ id: string }[]>`SELECT id FROM oauth_grants WHERE client_id = ${flow.clientId}`
		const stranger = new BrowserSession(app)
		await signUp(stranger, h.mailbox)
		const answer = await stranger.post(`/connected-apps/${grant?.id}/revoke`, {})
		expect(answer.status).toBe(404)
		expect((await connectorStatus(tokens.access_token)).status).toBe(200)
	})
})
