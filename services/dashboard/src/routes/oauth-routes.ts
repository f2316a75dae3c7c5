import { Elysia } from 'elysia'
import { HOUR } from '@lv/clock'
import { readOAuthParameters, repeatedParametersError } from '@lv/oauth'
import { countAttempt } from '../auth/attempt-limits.ts'
import type { DashboardDeps } from '../deps.ts'
import { type AuthorizeCheck, UNKNOWN_CLIENT, checkAuthorizeRequest, redirectBack } from '../oauth/authorize-request.ts'
import { registerClientEndpoint } from '../oauth/client-registration.ts'
import { approveGrant, redirectHostOf } from '../oauth/oauth-store.ts'
import { oauthError, oauthJson } from '../oauth/oauth-responses.ts'
import { type AuthorizationServer, type OAuthSettings, authorizationServer } from '../oauth/oauth-settings.ts'
import { revocationEndpoint, tokenEndpoint } from '../oauth/token-endpoint.ts'
import { consentPage } from '../pages/consent-page.ts'
import { errorPage } from '../pages/error-page.ts'
import { formField, formList } from './form.ts'
import { PAGE_HEADERS, htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

const AUTHORIZE_FIELDS = [
	'client_id',
	'redirect_uri',
	'response_type',
	'state',
	'code_challenge',
	'code_challenge_method',
	'resource',
	'scope'
] as const

/**
 * A form (application/x-www-form-urlencoded) or JSON body, read without the framework so a bad one still gets an
 * OAuth error. A form's fields are read by `readOAuthParameters`: one of `names` given twice is `invalid_request`.
 */
async function readBody(request: Request, names: readonly string[]): Promise<{ body: unknown } | { refused: Response }> {
	const type = request.headers.get('content-type') ?? ''
	const text = await request.text()
	if (type.startsWith('application/x-www-form-urlencoded')) {
		const search = new URLSearchParams(text)
		const { values, repeated } = readOAuthParameters(names, (name) => search.getAll(name))
		const repetition = repeatedParametersError(repeated)
		return repetition ? { refused: oauthError(repetition.error, repetition.description) } : { body: values }
	}
	if (type.startsWith('application/json')) {
		try {
			return { body: JSON.parse(text) }
		} catch {
			return { body: undefined }
		}
	}
	return { body: undefined }
}

/** A token or revocation request: its body read, then answered by `endpoint` unless a parameter repeats. */
async function answerForm(request: Request, names: readonly string[], endpoint: (body: unknown) => Promise<Response>) {
	const read = await readBody(request, names)
	return 'refused' in read ? read.refused : endpoint(read.body)
}

/** The parameters each endpoint reads: one of them sent more than once is refused (RFC 6749 §3.1). */
const TOKEN_FIELDS = ['grant_type', 'client_id', 'code', 'redirect_uri', 'code_verifier', 'refresh_token', 'resource', 'scope'] as const
const REVOCATION_FIELDS = ['token', 'token_type_hint', 'client_id'] as const

/** The authorisation request of the query (GET) or of the consent form (POST, whose repeated fields the framework reads as lists). */
const queryParams = (url: string) => {
	const search = new URL(url).searchParams
	return readOAuthParameters(AUTHORIZE_FIELDS, (name) => search.getAll(name))
}
const formParams = (body: unknown) => readOAuthParameters(AUTHORIZE_FIELDS, (name) => formList(body, name))

/** Where a form may send the browser after a submit: the consent form's 303 goes to the client's redirect URI. */
function consentHeaders(redirectUri: string): Record<string, string> {
	const target = new URL(redirectUri)
	const source = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol
	return {
		'content-security-policy': (PAGE_HEADERS['content-security-policy'] as string).replace(
			"form-action 'self'",
			`form-action 'self' ${source}`
		)
	}
}

/** What every OAuth handler reads: the dashboard's parts, its web context and the configured authorisation server. */
type OAuthContext = { deps: DashboardDeps; web: WebContext; settings: OAuthSettings; server: AuthorizationServer }

/**
 * The authorisation server for assistant connectors (RFC 8414 metadata, RFC 7591 registration,
 * authorization code with PKCE S256 and a consent page, token, RFC 7009 revocation). Off unless
 * OAUTH_TOKEN_SECRET is configured.
 */
export function oauthRoutes(deps: DashboardDeps, web: WebContext, settings: OAuthSettings | undefined) {
	const plugin = new Elysia({ name: 'oauth-routes' })
	if (!settings) return plugin
	const server = authorizationServer(settings, deps.config.APP_URL)
	const context: OAuthContext = { deps, web, settings, server }
	const tokenDeps = { sql: deps.sql, clock: deps.clock, server }

	return plugin
		.get('/.well-known/oauth-authorization-server', () => oauthJson(server.metadata))
		.post('/oauth/register', ({ request, server: peer }) => registerClient(context, request, peer), { parse: 'none' })
		.get('/oauth/authorize', ({ request }) => showConsent(context, request))
		.post('/oauth/authorize', ({ request, body }) => decideConsent(context, request, body))
		.post('/oauth/token', ({ request }) => answerForm(request, TOKEN_FIELDS, (body) => tokenEndpoint(tokenDeps, body)), { parse: 'none' })
		.post('/oauth/revoke', ({ request }) => answerForm(request, REVOCATION_FIELDS, (body) => revocationEndpoint(tokenDeps, body)), {
			parse: 'none'
		})
}

/** POST /oauth/register: dynamic client registration, limited per address and hour. */
async function registerClient(
	{ deps, web, settings }: OAuthContext,
	request: Request,
	peer: Parameters<WebContext['clientAddress']>[1]
): Promise<Response> {
	const { sql, clock, logger } = deps
	const reached = await countAttempt(sql, clock, [
		{
			scope: `oauth-register-address:${web.clientAddress(request, peer)}`,
			limit: settings.registrationsPerAddressHour,
			windowMs: HOUR
		}
	])
	if (reached)
		return oauthError(
			'temporarily_unavailable',
			`too many registrations from this address; try again after ${reached.resetAt.toISOString()}`,
			429
		)
	const read = await readBody(request, [])
	const answer = 'refused' in read ? read.refused : await registerClientEndpoint({ sql, clock }, read.body)
	if (answer.status === 201) logger.info('oauth client registered')
	return answer
}

/** GET /oauth/authorize: the consent page for a valid request from a signed-in user. */
async function showConsent({ deps, web, server }: OAuthContext, request: Request): Promise<Response> {
	const params = queryParams(request.url)
	const session = await web.session(request)
	const check = await checkAuthorizeRequest(deps.sql, server, params)
	if (check.kind === 'page') return refusedPage(check.message, session)
	if (check.kind === 'redirect') return tellClient(server, check)
	if (!session) {
		const url = new URL(request.url)
		return redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`)
	}
	const { request: authorize } = check
	const page = consentPage({
		session,
		csrf: web.csrfFor(session),
		clientName: authorize.client.clientName,
		redirectHost: redirectHostOf(authorize.redirectUri),
		// As it came: a request that named no redirect URI still names none when approved.
		fields: params.values,
		connectorUrl: server.resource
	})
	const response = htmlResponse(page)
	for (const [name, value] of Object.entries(consentHeaders(authorize.redirectUri))) response.headers.set(name, value)
	return response
}

/** POST /oauth/authorize: the user's decision; an approval issues the code, a denial tells the client. */
async function decideConsent({ deps, web, server }: OAuthContext, request: Request, body: unknown): Promise<Response> {
	const { sql, clock, logger } = deps
	const session = await web.session(request)
	if (!session) return redirect('/sign-in')
	if (!web.sessionCsrfValid(session, body))
		return htmlResponse(errorPage('This form expired', 'Start connecting again from your assistant.', session), { status: 403 })
	const check = await checkAuthorizeRequest(sql, server, formParams(body))
	if (check.kind === 'page') return refusedPage(check.message, session)
	if (check.kind === 'redirect') return tellClient(server, check)
	const { request: authorize } = check
	if (formField(body, 'decision') !== 'approve') {
		logger.info('oauth consent denied', { account_id: session.accountId, client_id: authorize.client.id })
		return redirect(
			redirectBack(authorize.redirectUri, server.issuer, {
				error: 'access_denied',
				error_description: 'the user denied access',
				state: authorize.state
			})
		)
	}
	const approved = await approveGrant(sql, clock, {
		sessionToken: session.token,
		clientId: authorize.client.id,
		clientName: authorize.client.clientName,
		userId: session.userId,
		accountId: session.accountId,
		resource: authorize.resource,
		scope: authorize.scope,
		redirectUri: authorize.redirectUri,
		redirectUriNamed: authorize.redirectUriNamed,
		codeChallenge: authorize.codeChallenge
	})
	if (approved === 'session_ended') return redirect('/sign-in')
	if (approved === 'client_gone') return refusedPage(UNKNOWN_CLIENT, session)
	const { grantId, code } = approved
	logger.info('oauth grant approved', { account_id: session.accountId, client_id: authorize.client.id, grant_id: grantId })
	return redirect(redirectBack(authorize.redirectUri, server.issuer, { code, state: authorize.state }))
}

function refusedPage(message: string, session: Parameters<typeof errorPage>[2]): Response {
	return htmlResponse(errorPage('This application cannot be connected', message, session), { status: 400 })
}

/** An invalid request whose redirect URI is trusted: the error goes back to the client. */
function tellClient(server: AuthorizationServer, check: Extract<AuthorizeCheck, { kind: 'redirect' }>): Response {
	return redirect(
		redirectBack(check.redirectUri, server.issuer, { error: check.error, error_description: check.description, state: check.state })
	)
}
