/**
 * The issuer identifier (RFC 8414 §2) for `{app_url}`: without a trailing slash, the same on the dashboard
 * (which signs it into tokens) and the gateway (which requires it), whichever way APP_URL is written.
 */
export const issuerOf = (appUrl: string) => appUrl.replace(/\/+$/, '')

/** The canonical URI of the connector endpoint, the `resource` (RFC 8707) and token audience. */
export const mcpResourceUri = (mcpUrl: string) => `${mcpUrl.replace(/\/+$/, '')}/mcp/account`

/** The Protected Resource Metadata address (RFC 9728 §3.1): the well-known path inserted before the resource's path. */
export function protectedResourceMetadataUrl(resource: string): string {
	const url = new URL(resource)
	return `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`
}

/** The scope a connector asks for and the consent page grants: everything the account's API keys may do. */
export const MCP_SCOPE = 'account'
