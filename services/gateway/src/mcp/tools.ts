import { type TObject, Type as t } from '@sinclair/typebox'

/** A REST call of the account, as a tool asks for it. */
export type RouteCall = {
	method: 'GET' | 'POST' | 'DELETE'
	path: string
	query?: Record<string, string | number | undefined>
	body?: unknown
}

export type Tool = {
	name: string
	title: string
	description: string
	inputSchema: TObject
	/** Whether the call changes the account's data (MCP tool annotation `readOnlyHint` is its negation). */
	writes: boolean
	route(args: Record<string, unknown>): RouteCall
}

const segment = (value: unknown) => encodeURIComponent(String(value))
const optionalText = (value: unknown) => (value === undefined ? undefined : String(value))

const asOf = t.String({
	maxLength: 40,
	description:
		'Point in time: `YYYY-MM-DD` (end of that day UTC) or an ISO-8601 datetime with a UTC offset. Inside the observation window only.'
})
const limit = (max: number, fallback: number) =>
	t.Integer({ minimum: 1, maximum: max, description: `Rows per page, 1–${max} (default ${fallback}).` })
const offset = t.Integer({ minimum: 0, description: 'Rows to skip (default 0).' })
// A path segment: letters, digits and hyphens only, so no argument can be `..` or carry a `/` or `?` into the route's path.
const slug = t.String({
	minLength: 1,
	maxLength: 200,
	pattern: '^[A-Za-z0-9-]+$',
	description: 'Operator slug, e.g. `example-gaming-ltd` (from a check match or a search).'
})
const object = (properties: Parameters<typeof t.Object>[0]) => t.Object(properties, { additionalProperties: false })

const QUOTE_RULE =
	'Quote `verdict_detail` as it is: it is the service\'s own wording. Only `verdict: "licensed"` means the site is licensed; every other verdict is not a pass.'

/** Every tool maps to one REST route; its structured result is that route's JSON answer. */
export const TOOLS: readonly Tool[] = [
	{
		name: 'check_domain',
		title: 'Check a domain',
		description: `Is this website licensed? Looks a domain up in the seven regulators' registers (GET /v1/check?domain=). ${QUOTE_RULE} Optional \`as_of\` reconstructs the status at a past date.`,
		inputSchema: object({
			// No maxLength: the route answers an over-long domain with hostname_too_long, as it does a REST client.
			domain: t.String({ minLength: 1, description: 'Bare hostname, e.g. `www.example.com`.' }),
			as_of: t.Optional(asOf)
		}),
		writes: false,
		route: (args) => ({ method: 'GET', path: '/v1/check', query: { domain: String(args.domain), as_of: optionalText(args.as_of) } })
	},
	{
		name: 'check_licence',
		title: 'Check a licence number',
		description: `Looks a licence number (or the service's reference for KH, TGC, IOM) up in the registers (GET /v1/check?license_number=). ${QUOTE_RULE}`,
		inputSchema: object({
			license_number: t.String({
				minLength: 1,
				maxLength: 64,
				description: 'Licence number as printed; case, spaces and separators are ignored.'
			}),
			as_of: t.Optional(asOf)
		}),
		writes: false,
		route: (args) => ({
			method: 'GET',
			path: '/v1/check',
			query: { license_number: String(args.license_number), as_of: optionalText(args.as_of) }
		})
	},
	{
		name: 'check_domains_batch',
		title: 'Check up to 100 domains',
		description: `Checks 1–100 domains in one call (POST /v1/check/batch); counts as one request. Each row carries its own verdict and verdict_detail. ${QUOTE_RULE}`,
		// Entries unbounded: an over-long one is that row's error in the route's answer (SPEC), not a refusal of the batch.
		inputSchema: object({ domains: t.Array(t.String(), { minItems: 1, maxItems: 100, description: 'Bare hostnames.' }) }),
		writes: false,
		route: (args) => ({ method: 'POST', path: '/v1/check/batch', body: { domains: args.domains } })
	},
	{
		name: 'search_operators',
		title: 'Search operators',
		description: 'Finds operators whose display name, slug or registered name contains the text (GET /v1/operators/search).',
		inputSchema: object({
			q: t.String({ minLength: 1, maxLength: 200, description: 'Text to look for, case-insensitive.' }),
			limit: t.Optional(limit(100, 20)),
			offset: t.Optional(offset)
		}),
		writes: false,
		route: (args) => ({
			method: 'GET',
			path: '/v1/operators/search',
			query: { q: String(args.q), limit: args.limit as number | undefined, offset: args.offset as number | undefined }
		})
	},
	{
		name: 'get_operator',
		title: 'Get an operator',
		description:
			"An operator with its licences (status, provenance) and the domains the registers link to it (GET /v1/operators/{slug}). Optional `as_of` adds each licence's status at that date.",
		inputSchema: object({ slug, as_of: t.Optional(asOf) }),
		writes: false,
		route: (args) => ({ method: 'GET', path: `/v1/operators/${segment(args.slug)}`, query: { as_of: optionalText(args.as_of) } })
	},
	{
		name: 'get_licence_history',
		title: 'Licence status history',
		description:
			"A licence's status changes, most recent first, each with the publication it was read from (GET /v1/licenses/{license_id}/history).",
		inputSchema: object({
			license_id: t.String({
				pattern: '^[0-9a-fA-F-]{36}$',
				description: 'Licence id (`match.license_id` of a check, or `licenses[].id` of an operator).'
			})
		}),
		writes: false,
		route: (args) => ({ method: 'GET', path: `/v1/licenses/${segment(args.license_id)}/history` })
	},
	{
		name: 'list_regulatory_actions',
		title: 'Regulatory actions',
		description:
			'Fines, warnings, suspensions and revocations linked to an operator (GET /v1/operators/{slug}/regulatory-actions). An empty list is not a clean record: read `_meta.note`.',
		inputSchema: object({ slug, limit: t.Optional(limit(100, 20)), offset: t.Optional(offset) }),
		writes: false,
		route: (args) => ({
			method: 'GET',
			path: `/v1/operators/${segment(args.slug)}/regulatory-actions`,
			query: { limit: args.limit as number | undefined, offset: args.offset as number | undefined }
		})
	},
	{
		name: 'get_coverage',
		title: 'Coverage and freshness',
		description:
			'For each of the seven registers: when it was last read, whether that is within its freshness SLA, and its health (GET /v1/health/coverage). A stale register weakens not_found answers.',
		inputSchema: object({}),
		writes: false,
		route: () => ({ method: 'GET', path: '/v1/health/coverage' })
	},
	{
		name: 'list_watchlist',
		title: 'List watched operators',
		description: "The account's watchlist, newest first (GET /v1/watchlist/operators).",
		inputSchema: object({ limit: t.Optional(limit(200, 50)), offset: t.Optional(offset) }),
		writes: false,
		route: (args) => ({
			method: 'GET',
			path: '/v1/watchlist/operators',
			query: { limit: args.limit as number | undefined, offset: args.offset as number | undefined }
		})
	},
	{
		name: 'add_to_watchlist',
		title: 'Watch an operator',
		description:
			"Adds an operator to the account's watchlist (POST /v1/watchlist/operators); its licence changes then appear in the event feed and the account's webhooks.",
		inputSchema: object({ operator_slug: slug }),
		writes: true,
		route: (args) => ({ method: 'POST', path: '/v1/watchlist/operators', body: { operator_slug: args.operator_slug } })
	},
	{
		name: 'remove_from_watchlist',
		title: 'Stop watching an operator',
		description:
			"Removes an operator from the account's watchlist (DELETE /v1/watchlist/operators/{slug}); succeeds whether or not it was listed.",
		inputSchema: object({ operator_slug: slug }),
		writes: true,
		route: (args) => ({ method: 'DELETE', path: `/v1/watchlist/operators/${segment(args.operator_slug)}` })
	},
	{
		name: 'read_watchlist_events',
		title: 'Read the watchlist event feed',
		description:
			'Events about watched operators (licence status changes, expiries, regulatory actions), oldest first (GET /v1/watchlist/events). Pass `next_cursor` back as `cursor` for the next page; `since` only on the first call.',
		inputSchema: object({
			since: t.Optional(t.String({ maxLength: 40, description: 'ISO-8601 date-time, at most 30 days back.' })),
			cursor: t.Optional(t.String({ maxLength: 512, description: '`next_cursor` of the previous page.' })),
			limit: t.Optional(limit(500, 100))
		}),
		writes: false,
		route: (args) => ({
			method: 'GET',
			path: '/v1/watchlist/events',
			query: { since: optionalText(args.since), cursor: optionalText(args.cursor), limit: args.limit as number | undefined }
		})
	}
]

/** Resources an assistant can read as context; each is the JSON answer of one REST route. */
export const RESOURCES = [
	{
		path: '/v1/jurisdictions',
		name: 'jurisdictions',
		title: 'Jurisdictions',
		description: 'The seven regulators covered: codes, names, licence-type vocabularies.'
	},
	{
		path: '/v1/health/coverage',
		name: 'coverage',
		title: 'Coverage and freshness',
		description: 'When each register was last read and whether it is within its freshness SLA.'
	}
] as const
