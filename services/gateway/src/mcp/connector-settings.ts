import { MCP_SCOPE, type TokenSettings, issuerOf, mcpResourceUri, protectedResourceMetadataUrl } from '@lv/oauth'

/** What the connector endpoint needs: off (no routes) unless OAUTH_TOKEN_SECRET is set. */
export type ConnectorSettings = {
	/** OAUTH_TOKEN_SECRET, the dashboard's signing secret. */
	tokenSecret: string
	/** The authorisation server ({app_url}), the tokens' issuer. */
	issuer: string
	/** {mcp_url}: the origin serving /mcp/account. */
	mcpUrl: string
}

export function connectorAddresses(settings: ConnectorSettings) {
	const resource = mcpResourceUri(settings.mcpUrl)
	const issuer = issuerOf(settings.issuer)
	const tokens: TokenSettings = { secret: settings.tokenSecret, issuer, audience: resource }
	return { resource, resourceMetadataUrl: protectedResourceMetadataUrl(resource), issuer, tokens, scope: MCP_SCOPE }
}
