/**
 * The origins a browser page may call the connector from: the dashboard's ({app_url}) and MCP_ALLOWED_ORIGINS,
 * each as a browser serialises it (scheme, host in lower case, no default port, no path).
 */
export const allowedOriginsOf = (appUrl: string, configured: readonly string[]): ReadonlySet<string> =>
	new Set([appUrl, ...configured].map((url) => new URL(url).origin))

/**
 * MCP Streamable HTTP transport: servers MUST validate `Origin` (DNS rebinding) and answer an invalid one 403,
 * optionally with a JSON-RPC error that has no id. A request without `Origin` is not a browser's cross-origin
 * call and is served; `Origin: null` (sandboxed or file pages) is not an allowed origin.
 */
export function originRefusal(allowed: ReadonlySet<string>, origin: string | null): Response | null {
	if (origin === null || allowed.has(origin)) return null
	return new Response(
		JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Forbidden: this Origin may not call the connector' }, id: null }),
		{ status: 403, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } }
	)
}
