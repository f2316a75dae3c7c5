import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { redirectUriRefusal } from '@lv/oauth'
import { hasControlCharacters } from '../routes/form.ts'
import { registerClient } from './oauth-store.ts'
import { oauthError, oauthJson } from './oauth-responses.ts'

const MAX_REDIRECT_URIS = 10
const MAX_CLIENT_NAME = 100
const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token']

const stringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * POST /oauth/register (RFC 7591): public clients only. A client asking for a secret is registered
 * as `none` and told so in the answer (RFC 7591 §3.2.1 lets the server replace requested values).
 */
export async function registerClientEndpoint(deps: { sql: Sql; clock: Clock }, body: unknown): Promise<Response> {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return oauthError('invalid_client_metadata', 'the body must be a JSON object')
	const metadata = body as Record<string, unknown>
	const redirectUris = metadata.redirect_uris
	if (!stringArray(redirectUris) || redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS)
		return oauthError('invalid_redirect_uri', `redirect_uris must list 1-${MAX_REDIRECT_URIS} URIs`)
	for (const uri of redirectUris) {
		const refusal = redirectUriRefusal(uri)
		if (refusal) return oauthError('invalid_redirect_uri', `${uri.slice(0, 200)} is refused: ${refusal.replaceAll('_', ' ')}`)
	}
	const grantTypes = metadata.grant_types ?? ['authorization_code']
	if (!stringArray(grantTypes) || grantTypes.some((type) => !SUPPORTED_GRANT_TYPES.includes(type)))
		return oauthError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token')
	const responseTypes = metadata.response_types ?? ['code']
	if (!stringArray(responseTypes) || responseTypes.some((type) => type !== 'code'))
		return oauthError('invalid_client_metadata', 'response_types may only be code')
	const name = metadata.client_name ?? 'Unnamed application'
	if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_CLIENT_NAME || hasControlCharacters(name))
		return oauthError('invalid_client_metadata', `client_name must be 1-${MAX_CLIENT_NAME} printable characters`)
	const client = await registerClient(deps.sql, deps.clock, { clientName: name.trim(), redirectUris })
	return oauthJson(
		{
			client_id: client.id,
			client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
			client_name: client.clientName,
			redirect_uris: client.redirectUris,
			grant_types: SUPPORTED_GRANT_TYPES,
			response_types: ['code'],
			token_endpoint_auth_method: 'none'
		},
		201
	)
}
