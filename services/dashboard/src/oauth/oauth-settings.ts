import { MCP_SCOPE, type TokenSettings, issuerOf, mcpResourceUri } from '@lv/oauth'

/** The authorisation server for assistant connectors: off (no OAuth routes) unless OAUTH_TOKEN_SECRET is set. */
export type OAuthSettings = {
	/** OAUTH_TOKEN_SECRET: signs access tokens; the gateway holds the same value to verify them. */
	tokenSecret: string
	/** {mcp_url}: the origin of the connector endpoint, whose /mcp/account is the only resource. */
	mcpUrl: string
	/** Dynamic registrations allowed per client address in each hour. */
	registrationsPerAddressHour: number
}

export function authorizationServer(settings: OAuthSettings, appUrl: string) {
	const issuer = issuerOf(appUrl)
	const resource = mcpResourceUri(settings.mcpUrl)
	const tokens: TokenSettings = { secret: settings.tokenSecret, issuer, audience: resource }
	return {
		issuer,
		resource,
		scope: MCP_SCOPE,
		tokens,
		metadata: {
			issuer,
			authorization_endpoint: `${issuer}/oauth/authorize`,
			token_endpoint: `${issuer}/oauth/token`,
			registration_endpoint: `${issuer}/oauth/register`,
			revocation_endpoint: `${issuer}/oauth/revoke`,
			response_types_supported: ['code'],
			response_modes_supported: ['query'],
			grant_types_supported: ['authorization_code', 'refresh_token'],
			code_challenge_methods_supported: ['S256'],
			token_endpoint_auth_methods_supported: ['none'],
			revocation_endpoint_auth_methods_supported: ['none'],
			scopes_supported: [MCP_SCOPE],
			authorization_response_iss_parameter_supported: true,
			service_documentation: `${issuer}/connected-apps`
		}
	}
}

export type AuthorizationServer = ReturnType<typeof authorizationServer>
