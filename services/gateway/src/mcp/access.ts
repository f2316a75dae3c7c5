import { unrevokedKeyHash } from '@lv/accounts'
import { liveGrantKeyId } from '@lv/dashboard-store'
import type { Sql } from '@lv/db'
import { AppError, type ErrorReason, serviceUnavailable } from '@lv/errors'
import { MCP_SCOPE, verifyAccessToken } from '@lv/oauth'
import { readCredentials } from '../auth/bearer.ts'
import type { connectorAddresses } from './connector-settings.ts'

type Addresses = ReturnType<typeof connectorAddresses>

/** Why a connector call is refused before any tool runs; every refusal is a 401, or a 403 for a token of another scope, with WWW-Authenticate. */
export type Access = { ok: true; grantId: string; accountId: string; keyHash: Uint8Array } | { ok: false; refusal: AppError }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const refuse = (code: 'auth_required' | 'auth_invalid' | 'auth_revoked', reason: ErrorReason, message: string): Access => ({
	ok: false,
	refusal: new AppError({ status: 401, code, reason, message })
})

/** The key a live grant owns (its calls are counted as that key's); null once the grant or its key is revoked. */
async function liveGrantKey(sql: Sql, grantId: string, accountId: string): Promise<Uint8Array | null> {
	const keyId = await liveGrantKeyId(sql, grantId, accountId)
	return keyId === null ? null : unrevokedKeyHash(sql, keyId)
}

/** The grant read as above; a database that cannot answer is a 503 to retry, never a 500. */
const liveGrantKeyOrUnavailable = (sql: Sql, grantId: string, accountId: string) =>
	liveGrantKey(sql, grantId, accountId).catch((error: unknown) => {
		throw serviceUnavailable('dependency_unavailable', 'The connection could not be checked right now. Retry shortly.', error)
	})

/**
 * The bearer access token checked (signature, issuer, audience = this endpoint, expiry on the
 * gateway's clock), then its grant read: a revoked grant refuses the very next call.
 */
export async function authorizeConnectorCall(sql: Sql, addresses: Addresses, request: Request, nowMs: number): Promise<Access> {
	const credentials = readCredentials(request.headers.get('authorization'))
	if (credentials.kind === 'absent')
		return refuse('auth_required', 'access_token_missing', 'Sign in through your assistant: this endpoint takes an OAuth access token.')
	if (credentials.kind !== 'key')
		return refuse('auth_invalid', 'malformed_header', 'The Authorization header is not `Bearer <access token>`.')
	const verified = await verifyAccessToken(addresses.tokens, credentials.key, nowMs)
	if (!verified.ok) {
		if (verified.refusal === 'expired') return refuse('auth_invalid', 'access_token_expired', 'The access token has expired; refresh it.')
		if (verified.refusal === 'wrong_audience')
			return refuse('auth_invalid', 'access_token_wrong_audience', 'The access token was issued for another resource.')
		return refuse('auth_invalid', 'access_token_invalid', 'The access token is not valid here.')
	}
	// One scope, `account`, reaches every tool: a token of this issuer and audience minted for any other scope is refused.
	if (!verified.claims.scope.split(' ').includes(MCP_SCOPE))
		return {
			ok: false,
			refusal: new AppError({
				status: 403,
				code: 'auth_invalid',
				reason: 'access_token_insufficient_scope',
				message: `The access token does not carry the ${MCP_SCOPE} scope the tools need; connect the assistant again.`
			})
		}
	const { grantId, accountId } = verified.claims
	const keyHash = UUID.test(grantId) && UUID.test(accountId) ? await liveGrantKeyOrUnavailable(sql, grantId, accountId) : null
	if (!keyHash) return refuse('auth_revoked', 'grant_revoked', 'This connection was revoked; connect the assistant again.')
	return { ok: true, grantId, accountId, keyHash }
}

/** The RFC 6750 §3.1 error code of a refusal of a presented token. */
const bearerErrorOf = (reason: ErrorReason) =>
	reason === 'malformed_header' ? 'invalid_request' : reason === 'access_token_insufficient_scope' ? 'insufficient_scope' : 'invalid_token'

/** RFC 6750 §3 with RFC 9728 §5.1: where to find the metadata, the scope needed, and why a presented token failed. */
export function wwwAuthenticate(addresses: Addresses, refusal: AppError): string {
	const parts = [`resource_metadata="${addresses.resourceMetadataUrl}"`, `scope="${addresses.scope}"`]
	if (refusal.reason !== 'access_token_missing') {
		parts.unshift(`error="${bearerErrorOf(refusal.reason)}"`, `error_description="${refusal.message.replaceAll('"', "'")}"`)
	}
	return `Bearer ${parts.join(', ')}`
}
