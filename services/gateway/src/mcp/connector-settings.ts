import { allowedOriginsOf } from './origin.ts'
import { MCP_SCOPE, type TokenSettings, issuerOf, mcpResourceUri, protectedResourceMetadataUrl } from '@lv/oauth'

/** What the connector endpoint needs: off (no routes) unless OAUTH_TOKEN_SECRET is set. */
export type ConnectorSettings = {
	/** OAUTH_TOKEN_SECRET, the dashboard's signing secret. */
	tokenSecret: string
	/** The authorisation server ({app_url}), the tokens' issuer. */
	issuer: string
	/** {mcp_url}: the origin serving /mcp/account. */
	mcpUrl: string
	/** MCP_ALLOWED_ORIGINS: browser origins besides {app_url}'s that may call /mcp/account. */
	allowedOrigins?: readonly string[]
}

export function connectorAddresses(settings: ConnectorSettings) {
	const resource = mcpResourceUri(settings.mcpUrl)
	const issuer = issuerOf(settings.issuer)
	const tokens: TokenSettings = { secret: settings.tokenSecret, issuer, audience: resource }
	return {
		resource,
		resourceMetadataUrl: protectedResourceMetadataUrl(resource),
		issuer,
		tokens,
		scope: MCP_SCOPE,
		origins: allowedOriginsOf(issuer, settings.allowedOrigins ?? [])
	}
}
