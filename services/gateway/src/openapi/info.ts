export const API_DESCRIPTION = [
	'HTTP JSON API over the public licence registers of seven gambling regulators (UKGC, MGA, CW, KH, AN, TGC, IOM).',
	'Every non-2xx response carries the error envelope `{ error, code, details: { reason, field? } }`; branch on status, `code` and `details.reason`. A path below with a method it does not list is 405 `method_not_allowed` with `Allow` naming the methods it takes; an unknown path is 404 `route_not_found`.',
	'Authenticated endpoints take `Authorization: Bearer <API_KEY>`.',
	'Keyless calls are limited per client address block: an IPv4 address counts on its own (/32), an IPv6 address with the rest of its /64, so every address of one /64 shares one allowance.',
	'Assistant connectors use `/mcp/account` instead: an MCP server (Streamable HTTP, JSON-RPC over POST) whose tools are the routes below, called for the signed-in account with an OAuth access token from the dashboard (Protected Resource Metadata at `/.well-known/oauth-protected-resource/mcp/account`). It is not an operation of this document; its 401s carry this envelope with `details.reason` `access_token_missing`, `malformed_header`, `access_token_invalid`, `access_token_expired`, `access_token_wrong_audience` or `grant_revoked` (a token without the `account` scope is 403 `access_token_insufficient_scope`), and tool refusals carry the envelope of the route called. See docs/mcp.md.'
].join('\n\n')

export const OPENAPI_TAGS = [
	{ name: 'verification', description: 'Is this domain or licence number covered by an active licence?' },
	{ name: 'lookup', description: 'Jurisdictions, operators, licences, history and regulatory actions.' },
	{ name: 'watchlist', description: 'Per-account watchlist and polling feed of events.' },
	{ name: 'webhooks', description: 'Signed webhook endpoints and deliveries.' },
	{ name: 'export', description: 'Whole-dataset files.' },
	{ name: 'usage', description: "The account's calls per day and per key, refusals by reason and quota." },
	{ name: 'evidence', description: 'Signed check records, the register bytes they name, and the keys that verify them.' },
	{ name: 'health', description: 'Liveness, coverage and headline statistics.' }
]
