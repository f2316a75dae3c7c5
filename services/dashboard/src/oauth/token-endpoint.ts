import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { ACCESS_TOKEN_TTL_SECONDS, pkceVerifierMatches, signAccessToken, verifyAccessToken } from '@lv/oauth'
import {
	type LiveGrant,
	issueRefreshToken,
	redeemCode,
	revokeByRefreshToken,
	revokeAccountGrant,
	rotateRefreshToken
} from './oauth-store.ts'
import { field, oauthError, oauthJson } from './oauth-responses.ts'
import type { AuthorizationServer } from './oauth-settings.ts'

type TokenDeps = { sql: Sql; clock: Clock; server: AuthorizationServer }

async function tokenResponse(deps: TokenDeps, grant: LiveGrant, refreshToken: string): Promise<Response> {
	const accessToken = await signAccessToken(deps.server.tokens, grant, deps.clock.nowMs())
	return oauthJson({
		access_token: accessToken,
		token_type: 'Bearer',
		expires_in: ACCESS_TOKEN_TTL_SECONDS,
		refresh_token: refreshToken,
		scope: grant.scope
	})
}

const wrongResource = (deps: TokenDeps, body: unknown) => {
	const resource = field(body, 'resource')
	return resource !== undefined && resource !== deps.server.resource
}

/**
 * grant_type=authorization_code: the code once, by the client it was issued to, with its PKCE verifier and the
 * redirect URI of the authorisation request (RFC 6749 §4.1.3: required only when that request named one).
 */
async function exchangeCode(deps: TokenDeps, body: unknown, clientId: string): Promise<Response> {
	const code = field(body, 'code')
	const redirectUri = field(body, 'redirect_uri')
	const verifier = field(body, 'code_verifier')
	if (!code || !verifier) return oauthError('invalid_request', 'code and code_verifier are required')
	if (wrongResource(deps, body)) return oauthError('invalid_target', `the only resource is ${deps.server.resource}`)
	const redemption = await redeemCode(deps.sql, deps.clock, code)
	if (redemption.outcome === 'reused')
		return oauthError('invalid_grant', 'the authorization code was already used; the grant it started is revoked')
	if (redemption.outcome !== 'redeemed')
		return oauthError('invalid_grant', `the authorization code is ${redemption.outcome.replace('_', ' ')}`)
	if (redemption.grant.clientId !== clientId) return oauthError('invalid_grant', 'the authorization code was issued to another client')
	if (redirectUri === undefined ? redemption.redirectUriNamed : redemption.redirectUri !== redirectUri)
		return oauthError('invalid_grant', 'redirect_uri differs from the authorization request, which named one')
	if (!(await pkceVerifierMatches(verifier, redemption.codeChallenge)))
		return oauthError('invalid_grant', 'code_verifier does not match the code_challenge')
	return tokenResponse(deps, redemption.grant, await issueRefreshToken(deps.sql, deps.clock, redemption.grant.grantId))
}

/** grant_type=refresh_token: the token is spent and replaced; a spent one presented again revokes the grant. */
async function refresh(deps: TokenDeps, body: unknown, clientId: string): Promise<Response> {
	const token = field(body, 'refresh_token')
	if (!token) return oauthError('invalid_request', 'refresh_token is required')
	if (wrongResource(deps, body)) return oauthError('invalid_target', `the only resource is ${deps.server.resource}`)
	const rotation = await rotateRefreshToken(deps.sql, deps.clock, token, clientId)
	if (rotation.outcome === 'reused') return oauthError('invalid_grant', 'the refresh token was already used; the grant is revoked')
	if (rotation.outcome !== 'rotated') return oauthError('invalid_grant', `the refresh token is ${rotation.outcome.replace('_', ' ')}`)
	return tokenResponse(deps, rotation.grant, rotation.refreshToken)
}

/** POST /oauth/token (public clients: client_id in the body, no secret; PKCE proves the code's holder). */
export async function tokenEndpoint(deps: TokenDeps, body: unknown): Promise<Response> {
	const clientId = field(body, 'client_id')
	if (!clientId) return oauthError('invalid_client', 'client_id is required')
	const grantType = field(body, 'grant_type')
	if (grantType === 'authorization_code') return exchangeCode(deps, body, clientId)
	if (grantType === 'refresh_token') return refresh(deps, body, clientId)
	return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
}

/**
 * POST /oauth/revoke (RFC 7009): a refresh token, or an access token of ours, ends its grant when
 * the client owns it; 200 whatever the token, so its validity is not revealed.
 */
export async function revocationEndpoint(deps: TokenDeps, body: unknown): Promise<Response> {
	const token = field(body, 'token')
	const clientId = field(body, 'client_id')
	if (!token || !clientId) return oauthError('invalid_request', 'token and client_id are required')
	const access = await verifyAccessToken(deps.server.tokens, token, deps.clock.nowMs())
	if (access.ok) {
		if (access.claims.clientId === clientId) await revokeAccountGrant(deps.sql, deps.clock, access.claims.accountId, access.claims.grantId)
	} else await revokeByRefreshToken(deps.sql, deps.clock, token, clientId)
	return oauthJson({})
}
