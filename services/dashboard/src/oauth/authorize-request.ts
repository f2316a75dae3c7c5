import type { Sql } from '@lv/db'
import { type OAuthParameters, isS256Challenge, redirectUriRegistered, repeatedParametersError } from '@lv/oauth'
import { type OAuthClient, findClient } from './oauth-store.ts'
import type { AuthorizationServer } from './oauth-settings.ts'

/** An authorisation request whose client and redirect URI are known good: the consent page may be shown. */
export type AuthorizeRequest = {
	client: OAuthClient
	redirectUri: string
	/** Whether the request named `redirectUri` (else the client's one registered URI): the token request must then name it too. */
	redirectUriNamed: boolean
	state: string | undefined
	codeChallenge: string
	resource: string
	scope: string
}

export type AuthorizeCheck =
	| { kind: 'valid'; request: AuthorizeRequest }
	/** No trustworthy place to send the user back to: shown as a page, never redirected (RFC 6749 §4.1.2.1). */
	| { kind: 'page'; message: string }
	/** An error the client is told at its redirect URI. */
	| { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string }

/** What an unknown client id is told: never registered, or a registration deleted unused (oauth-retention.ts). */
export const UNKNOWN_CLIENT =
	'The application that sent you here is not registered with this service (a registration not connected within 30 days is deleted). Start connecting again from your assistant.'

const MAX_STATE_LENGTH = 500

/** Who the request is from and where it goes back to: sent more than once, neither can be trusted to receive an error. */
const IDENTIFYING = ['client_id', 'redirect_uri']

/**
 * Reads an authorisation request (GET query or the consent form's fields) the same way both times. A repeated
 * parameter (RFC 6749 §3.1) is an error page when it is the client or its redirect URI, else an error sent back
 * to the client; a repeated `state` is not echoed.
 */
export async function checkAuthorizeRequest(
	sql: Sql,
	server: AuthorizationServer,
	{ values: params, repeated }: OAuthParameters
): Promise<AuthorizeCheck> {
	if (repeated.some((name) => IDENTIFYING.includes(name)))
		return { kind: 'page', message: 'The application named itself or its return address more than once. Nothing was shared.' }
	const client = params.client_id ? await findClient(sql, params.client_id) : null
	if (!client) return { kind: 'page', message: UNKNOWN_CLIENT }
	const presented = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined)
	if (presented === undefined || !redirectUriRegistered(client.redirectUris, presented))
		return { kind: 'page', message: 'The application asked to send you back to an address it did not register. Nothing was shared.' }
	const state = params.state
	const fail = (error: string, description: string): AuthorizeCheck => ({
		kind: 'redirect',
		redirectUri: presented,
		state,
		error,
		description
	})
	const repetition = repeatedParametersError(repeated)
	if (repetition) return fail(repetition.error, repetition.description)
	if (state !== undefined && state.length > MAX_STATE_LENGTH) return fail('invalid_request', 'state is too long')
	if (params.response_type !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported')
	if (!params.code_challenge) return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256')
	if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'only code_challenge_method=S256 is supported')
	if (!isS256Challenge(params.code_challenge)) return fail('invalid_request', 'code_challenge is not an S256 challenge')
	if (params.resource !== undefined && params.resource !== server.resource)
		return fail('invalid_target', `the only resource is ${server.resource}`)
	const scopes = (params.scope ?? server.scope).split(' ').filter(Boolean)
	if (scopes.some((scope) => scope !== server.scope)) return fail('invalid_scope', `the only scope is ${server.scope}`)
	return {
		kind: 'valid',
		request: {
			client,
			redirectUri: presented,
			redirectUriNamed: params.redirect_uri !== undefined,
			state,
			codeChallenge: params.code_challenge,
			resource: server.resource,
			scope: server.scope
		}
	}
}

/** The client's redirect URI with the response parameters added (and `iss`, RFC 9207). */
export function redirectBack(redirectUri: string, issuer: string, parameters: Record<string, string | undefined>): string {
	const url = new URL(redirectUri)
	for (const [name, value] of Object.entries({ ...parameters, iss: issuer })) if (value !== undefined) url.searchParams.set(name, value)
	return url.href
}
