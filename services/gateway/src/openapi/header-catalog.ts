/**
 * Every response header the gateway sends, as OpenAPI header components (`components.headers`).
 * One component per header name: when a header means different things on different responses
 * (X-RateLimit-* on a keyless call, a keyed success and a per-second 429), the description says so.
 */
type HeaderComponent = { description: string; schema: Record<string, unknown> }

const text = (description: string, examples?: string[]): HeaderComponent => ({
	description,
	schema: { type: 'string', ...(examples ? { examples } : {}) }
})
const integer = (description: string, examples?: number[]): HeaderComponent => ({
	description,
	schema: { type: 'integer', minimum: 0, ...(examples ? { examples } : {}) }
})

export const HEADER_COMPONENTS = {
	'X-Request-Id': text(
		'Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem.',
		['req_5f0c2a9e8b7d4c1fa3e6b2d90c8e7f14']
	),
	'X-RateLimit-Limit': integer(
		'Keyless call on a public endpoint: 10 (calls per client address block per route per UTC hour; IPv4 /32, IPv6 /64). Keyed success, and a keyed call on a public endpoint that fails (400, 404, 5xx): the plan’s monthly ceiling (omitted when the plan has none). Per-second 429: the per-second limit. Monthly 429: the monthly ceiling.',
		[10]
	),
	'X-RateLimit-Remaining': integer(
		'Calls left in the window `X-RateLimit-Limit` describes; never negative. A keyed call on a public endpoint that fails is not charged, so it does not count here.',
		[7]
	),
	'X-RateLimit-Reset': integer(
		'Unix epoch seconds when that window resets: the top of the next UTC hour (keyless), the next second (per-second 429) or 00:00 UTC on the 1st of next month (monthly).',
		[1793883600]
	),
	'X-RateLimit-Policy': text(
		'`tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent.',
		['tier=public;limit=10;window=hour']
	),
	'RateLimit-Policy': text('IETF form of the keyless policy, `"default";q=10;w=3600`; keyless calls only.', ['"default";q=10;w=3600']),
	'X-Upgrade-URL': text(
		'The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included.',
		['https://example.com/pricing']
	),
	'X-Monthly-Quota-Limit': text('The plan’s monthly ceiling, or `unlimited`.', ['10000', 'unlimited']),
	'X-Monthly-Quota-Used': integer('Requests counted this month, this one included (omitted when unlimited).', [1204]),
	'X-Monthly-Quota-Remaining': integer('Monthly ceiling minus used (omitted when unlimited).', [8796]),
	'X-Monthly-Quota-Reset': text('ISO-8601 timestamp of the monthly rollover, 00:00 UTC on the 1st (omitted when unlimited).', [
		'2026-12-01T00:00:00.000Z'
	]),
	'X-Monthly-Quota-Warning': text('Present once at least 80 % of the monthly ceiling is used.', [
		'80% of the monthly request limit is used'
	]),
	'Retry-After': integer(
		'Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap.',
		[1]
	),
	'X-Prelaunch-Daily-Limit': integer('Legacy trial key: requests allowed per UTC day.', [1000]),
	'X-Prelaunch-Daily-Used': integer('Legacy trial key: requests counted today (answered ones only: a 4xx or 5xx is given back).', [1000]),
	'X-Prelaunch-Daily-Reset': text('Legacy trial key: ISO-8601 timestamp of the next 00:00 UTC.', ['2026-11-06T00:00:00.000Z']),
	Allow: text('The method this path takes.', ['POST']),
	'X-Poll-RateLimit-Limit': text('Polls of the events feed allowed per clock hour, or `unlimited`.', ['60', 'unlimited']),
	'X-Poll-RateLimit-Remaining': integer('Polls left this hour (omitted when unlimited).', [59]),
	'X-Poll-RateLimit-Reset': text('ISO-8601 timestamp when the hourly poll counter rolls over.', ['2026-11-05T13:00:00.000Z']),
	'X-Poll-RateLimit-Window': text('Always `hour`.', ['hour']),
	'X-Poll-Recommended-Interval': integer(
		'Seconds between polls that stay under the ceiling: `ceil(3600 / limit)`; 1 when unlimited.',
		[60]
	),
	'Cache-Control': text(
		'`public, max-age=5` on `GET /v1/status`: each replica reuses one answer for 5 seconds. `no-store` on an export (its 200 and 304): each export is counted and is the file of the register state at the time, never one a cache kept; a client holding a file revalidates it with `If-None-Match`.',
		['public, max-age=5', 'no-store']
	),
	'Content-Disposition': text(
		'`attachment; filename="<dataset>[-<JURISDICTION>][-<status>]-<YYYY-MM-DD>.<csv|ndjson>"` (UTC date the file was built).',
		['attachment; filename="licences-UKGC-active-2026-11-05.csv"']
	),
	'Content-Length': integer(
		'Size of the file in bytes where the server can send it with a streamed body (otherwise the body is chunked).',
		[5242880]
	),
	'X-Export-Bytes': integer('Size of the file in bytes, always sent: compare with what arrived to detect a cut download.', [5242880]),
	ETag: text('SHA-256 of the file, quoted. Sent back in `If-None-Match`, it gets a 304 while the file is unchanged.', [
		'"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"'
	]),
	'Last-Modified': text('HTTP-date when the file was built.', ['Thu, 05 Nov 2026 06:30:00 GMT']),
	'X-Export-Rows': integer('Data rows in the file (the CSV header row not counted).', [48213]),
	'X-Export-Data-Version': integer('Sum of the registers’ data versions the file was built from.', [1873]),
	'X-Snapshot-Sha256': text('Lowercase hex SHA-256 of the body (the path’s hash).', [
		'9f2c4e0a7b1d3f5e6a8c0b2d4f6e8a0c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e'
	]),
	'X-Snapshot-Read-At': text('The latest register read that returned these bytes (fetched, or confirmed unchanged).', [
		'2026-11-05T06:02:11.407Z'
	]),
	'X-Snapshot-First-Fetched-At': text('When these bytes were first fetched.', ['2026-10-28T06:01:54.220Z']),
	Deprecation: text('Only on an operation marked deprecated: RFC 9745 structured-field date `@<unix-epoch>` of the deprecation.', [
		'@1798761600'
	]),
	Sunset: text('Only on an operation marked deprecated: RFC 8594 HTTP-date of removal, at least 90 days after the deprecation.', [
		'Thu, 15 Apr 2027 00:00:00 GMT'
	])
} as const satisfies Record<string, HeaderComponent>

export type HeaderName = keyof typeof HEADER_COMPONENTS

export const HEADER_NAMES = Object.keys(HEADER_COMPONENTS) as HeaderName[]
