/**
 * /llms.txt (llmstxt.org): what the service is and how to call it, in Markdown, for a language
 * model or an agent reading the API root or the dashboard. Built from the deployment's public URLs;
 * the same text on both, the dashboard's naming itself.
 */
export function llmsTxt(urls: { api: string; mcp: string; dashboard: string }): string {
	const { api } = urls
	return `# Licence Register Verification API

> HTTP JSON API over the public licence registers of seven gambling regulators (UKGC, MGA, CW, KH, AN, TGC, IOM). It answers whether a domain or licence number is covered by an active licence, with a machine-branchable \`verdict\` and a quotable \`verdict_detail\`, and can sign a record of each check.

Authenticate with \`Authorization: Bearer <API_KEY>\`. Errors are \`{ error, code, details: { reason } }\`: branch on the status, \`code\` and \`details.reason\`. On 429 wait for \`Retry-After\` and retry once; on 5xx back off 1 s, 2 s, 4 s.

## Main endpoints

- [Check a domain or licence](${api}/openapi.json): \`GET ${api}/v1/check?domain=acmebet.co.uk\` (works without a key, 10 per hour per address)
- [Check up to 100 domains](${api}/openapi.json): \`POST ${api}/v1/check/batch\` with \`{"domains":["acmebet.co.uk","example.com"]}\`
- [Signed check record](${api}/openapi.json): \`GET ${api}/v1/check?domain=acmebet.co.uk&evidence=true\`, then \`GET ${api}/v1/evidence/{id}\` (JSON) or \`GET ${api}/v1/evidence/{id}.pdf\`; keys at \`GET ${api}/.well-known/jwks.json\`
- [Operator](${api}/openapi.json): \`GET ${api}/v1/operators/search?q=acme\`, \`GET ${api}/v1/operators/acme-gaming/licenses\`
- [Licence history](${api}/openapi.json): \`GET ${api}/v1/licenses/{license_id}/history\`
- [Jurisdictions and freshness](${api}/openapi.json): \`GET ${api}/v1/jurisdictions\`, \`GET ${api}/v1/health/coverage\`
- [Watchlist and webhooks](${api}/openapi.json): \`POST ${api}/v1/watchlist/operators\` with \`{"slug":"acme-gaming"}\`, \`POST ${api}/v1/webhooks\` with \`{"url":"https://example.com/hook","events":["license.status_changed"]}\`

## Reference

- [OpenAPI document](${api}/openapi.json): every operation, parameter, response, header and error reason
- [MCP connector](${urls.mcp}): the account's tools for MCP clients
- [Dashboard](${urls.dashboard}): sign up, API keys, webhooks, exports
`
}
