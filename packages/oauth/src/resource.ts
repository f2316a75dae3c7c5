/** The canonical URI of the connector endpoint, the `resource` (RFC 8707) and token audience. */
export const mcpResourceUri = (mcpUrl: string) => `${mcpUrl.replace(/\/+$/, '')}/mcp/account`

/** The Protected Resource Metadata address (RFC 9728 §3.1): the well-known path inserted before the resource's path. */
export function protectedResourceMetadataUrl(resource: string): string {
	const url = new URL(resource)
	return `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`
}

/** The scope a connector asks for and the consent page grants: everything the account's API keys may do. */
export const MCP_SCOPE = 'account'
