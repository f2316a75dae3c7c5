import { Elysia, t } from 'elysia'
import { notFound } from '@lv/errors'
import { type GatewayDeps, type RouteDeps, lookupSql } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { authPlugin } from '../auth/plugin.ts'
import { asOfForLicence, resolveAsOf } from '../lookup/as-of.ts'
import { parsePaging } from '../lookup/paging.ts'
import { parseSearchText, parseSlug } from '../lookup/params.ts'
import { licenceMeta, listMeta, presentHistoryEvent, presentLicence, presentOperator } from '../lookup/present.ts'
import type { Sql } from '@lv/db'
import {
	type DomainRow,
	type HistoryRow,
	type LicenceRow,
	type SearchRow,
	domainsOfOperator,
	enforcementSourcesRead,
	findOperatorBySlug,
	historyOfLicences,
	licencesOfOperator,
	regulatoryActionsOf,
	searchOperators
} from '@lv/register-store'
import { KEYED_ERRORS, KEYLESS_CAPABLE_ERRORS, errorResponses } from '../models/error-responses.ts'
import {
	DomainModel,
	LicenceModel,
	LicenceWithHistoryModel,
	ListMetaModel,
	OperatorModel,
	RegulatoryActionModel,
	SingleMetaModel
} from '../models/lookup.ts'

/** SPEC: keyless callers get at most 3 search rows whatever they ask for. */
export const KEYLESS_SEARCH_ROWS = 3

const SlugParams = t.Object({
	slug: t.String({ description: 'Operator slug, any letter case; 1–128 characters.', examples: ['example-gaming-ltd'] })
})
const AsOfQuery = t.Optional(
	t.String({
		description:
			'`YYYY-MM-DD` (end of that day UTC; today means now) or an ISO-8601 datetime with a UTC offset; not in the future. At most 40 characters.',
		examples: ['2026-06-30']
	})
)

const operatorNotFound = (slug: string) => notFound('operator_not_found', `No operator with slug ${slug}.`, 'slug')

const presentDomain = (row: DomainRow) => ({
	hostname: row.hostname,
	status: row.link_status,
	jurisdiction_code: row.jurisdiction_code,
	license_id: row.license_id,
	association: row.association,
	verification_url: row.verification_url,
	verification_page_status: row.verification_page_status,
	verification_page_read_at: row.verification_page_read_at?.toISOString() ?? null,
	last_listed_at: row.last_listed_at?.toISOString() ?? null
})

const historyByLicence = (rows: readonly HistoryRow[]) => {
	const grouped = new Map<string, HistoryRow[]>()
	for (const row of rows) grouped.set(row.license_id, [...(grouped.get(row.license_id) ?? []), row])
	return grouped
}

/** The licences' timelines by licence id, read only when `wanted` (as_of or include_history asked for). */
const historiesOf = async (sql: Sql, licences: readonly LicenceRow[], wanted: boolean) =>
	wanted
		? historyByLicence(
				await historyOfLicences(
					sql,
					licences.map((row) => row.id)
				)
			)
		: new Map<string, HistoryRow[]>()

/** A licence as served; with an `as_of` instant it carries its own `as_of` object (SPEC: on every licence-bearing response). */
const licenceAt = (row: LicenceRow, histories: Map<string, HistoryRow[]>, instant: Date | null) =>
	instant === null ? presentLicence(row) : { ...presentLicence(row), as_of: asOfForLicence(row.id, histories.get(row.id) ?? [], instant) }

/** GET /v1/operators/{slug}: the operator, complete licences (with per-licence as_of on request) and domains. */
export async function operatorDetail(deps: Pick<GatewayDeps, 'sql' | 'readSql' | 'clock'>, rawSlug: string, rawAsOf: string | undefined) {
	const slug = parseSlug(rawSlug)
	const instant = resolveAsOf(rawAsOf, deps.clock.now())
	const sql = lookupSql(deps)
	const operator = await findOperatorBySlug(sql, slug)
	if (!operator) throw operatorNotFound(slug)
	const [licences, domains] = await Promise.all([licencesOfOperator(sql, operator.id), domainsOfOperator(sql, operator.id)])
	const histories = await historiesOf(sql, licences, instant !== null)
	const first = licences[0]
	return {
		operator: presentOperator(operator),
		licenses: licences.map((row) => licenceAt(row, histories, instant)),
		domains: domains.map(presentDomain),
		_meta: first
			? licenceMeta(first)
			: { scraped_at: operator.updated_at.toISOString(), source_modified_at: null, source_url: null, confidence_hint: 'scraped' as const }
	}
}

export const OperatorDetailModel = t.Object({
	operator: OperatorModel,
	licenses: t.Array(LicenceModel),
	domains: t.Array(DomainModel),
	_meta: SingleMetaModel
})

export const REGULATORY_ACTIONS_NOTE =
	'Enforcement actions that the publications read link to this operator by name. An empty list means no action is linked, not a clean record: actions naming an entity that cannot be matched are not linked, and only UKGC, MGA and CW enforcement publications are read.'

/** GET /v1/operators/search, GET /v1/operators/{slug}, `/licenses` and `/regulatory-actions`. */
export const operatorRoutes = (deps: RouteDeps) =>
	new Elysia().use(operatorSearchRoutes(deps)).use(operatorLicenceRoutes(deps)).use(regulatoryActionRoutes(deps))

/** GET /v1/operators/search. */
function operatorSearchRoutes(deps: RouteDeps) {
	return new Elysia().use(authPlugin(deps.auth)).get(
		'/v1/operators/search',
		async ({ query, caller }) => {
			const requested = parsePaging(query, { defaultLimit: 20, maxLimit: 100, errorCode: 'invalid_query' })
			const paging = caller.tier === 'keyless' ? { ...requested, limit: Math.min(requested.limit, KEYLESS_SEARCH_ROWS) } : requested
			const page = await searchOperators(lookupSql(deps), parseSearchText(query.q), paging)
			const scrapedAt = (row: SearchRow) => row.scraped_at ?? row.updated_at
			return {
				q: query.q,
				total: page.total,
				limit: paging.limit,
				offset: paging.offset,
				operators: page.rows.map((row) => ({
					...presentOperator(row),
					_meta: {
						scraped_at: scrapedAt(row).toISOString(),
						source_modified_at: null,
						source_url: null,
						confidence_hint: 'scraped' as const
					}
				})),
				_meta: listMeta(
					page.rows.map(scrapedAt),
					page.rows.flatMap((row) => row.jurisdiction_codes)
				)
			}
		},
		{
			auth: { mode: 'optional', readOnly: true },
			...eachParameterOnce(
				t.Object({
					q: t.String({
						minLength: 1,
						maxLength: 200,
						description: 'Case-insensitive substring of display_name, slug or registered_name (1–200 characters).',
						examples: ['example']
					}),
					limit: t.Optional(
						t.String({
							description:
								'Plain integer 1–100, default 20; keyless callers get at most 3 rows. Anything else: 400 invalid_query / invalid_pagination.',
							examples: ['20']
						})
					),
					offset: t.Optional(
						t.String({
							description: 'Plain integer ≥ 0, default 0. Anything else: 400 invalid_query / invalid_pagination.',
							examples: ['0']
						})
					)
				})
			),
			response: {
				200: t.Object({
					q: t.String(),
					total: t.Integer(),
					limit: t.Integer({ description: 'The limit applied.' }),
					offset: t.Integer(),
					operators: t.Array(t.Object({ ...OperatorModel.properties, _meta: SingleMetaModel })),
					_meta: ListMetaModel
				}),
				...errorResponses(...KEYLESS_CAPABLE_ERRORS)
			},
			detail: {
				tags: ['lookup'],
				summary: 'Search operators',
				description:
					'Ordering: exact slug match, then display-name prefix, then the rest, each group by display_name. Works without a key (10 calls per IP per UTC hour, at most 3 rows).',
				security: [{}, { apiKey: [] }]
			}
		}
	)
}

/** GET /v1/operators/{slug} and GET /v1/operators/{slug}/licenses. */
function operatorLicenceRoutes(deps: RouteDeps) {
	return new Elysia()
		.use(authPlugin(deps.auth))
		.get('/v1/operators/:slug', ({ params, query }) => operatorDetail(deps, params.slug, query.as_of), {
			auth: { mode: 'required', readOnly: true },
			params: SlugParams,
			...eachParameterOnce(t.Object({ as_of: AsOfQuery })),
			response: {
				200: OperatorDetailModel,
				...errorResponses(...KEYED_ERRORS, 404)
			},
			detail: {
				tags: ['lookup'],
				summary: 'Get an operator with its licences and domains',
				description:
					'`licenses[]` and `domains[]` are complete. With `as_of`, each licence carries its own `as_of` object (never collapsed into one operator status). `_meta` is taken from the first licence. Enforcement history is not included.',
				security: [{ apiKey: [] }]
			}
		})
		.get(
			'/v1/operators/:slug/licenses',
			async ({ params, query }) => {
				const slug = parseSlug(params.slug)
				const instant = resolveAsOf(query.as_of, deps.clock.now())
				const sql = lookupSql(deps)
				const operator = await findOperatorBySlug(sql, slug)
				if (!operator) throw operatorNotFound(slug)
				const licences = await licencesOfOperator(sql, operator.id)
				const withHistory = query.include_history === true
				const histories = await historiesOf(sql, licences, withHistory || instant !== null)
				return {
					operator_slug: operator.slug,
					licenses: licences.map((row) => {
						const licence = licenceAt(row, histories, instant)
						return withHistory ? { ...licence, history: (histories.get(row.id) ?? []).map(presentHistoryEvent) } : licence
					})
				}
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: SlugParams,
				...eachParameterOnce(
					t.Object({
						include_history: t.Optional(
							t.BooleanString({ description: '`true` adds each licence status-change log (most recent first).', examples: [true] })
						),
						as_of: AsOfQuery
					})
				),
				response: {
					200: t.Object({ operator_slug: t.String(), licenses: t.Array(LicenceWithHistoryModel) }),
					...errorResponses(...KEYED_ERRORS, 404)
				},
				detail: {
					tags: ['lookup'],
					summary: "An operator's licences",
					description: 'Not paginated. With `as_of`, each licence carries its own `as_of` object, as on the operator detail.',
					security: [{ apiKey: [] }]
				}
			}
		)
}

const RegulatoryActionsQuery = t.Object({
	limit: t.Optional(
		t.String({
			description: 'Plain integer 1–100, default 20. Anything else: 400 invalid_query / invalid_pagination.',
			examples: ['20']
		})
	),
	offset: t.Optional(
		t.String({
			description: 'Plain integer ≥ 0, default 0. Anything else: 400 invalid_query / invalid_pagination.',
			examples: ['0']
		})
	),
	sort: t.Optional(
		t.Union([t.Literal('date_desc'), t.Literal('date_asc'), t.Literal('amount_desc'), t.Literal('type_asc')], {
			description: '`date_desc` (default), `date_asc`, `amount_desc` (null amounts last), `type_asc`.'
		})
	)
})

/** GET /v1/operators/{slug}/regulatory-actions. */
function regulatoryActionRoutes(deps: RouteDeps) {
	return new Elysia().use(authPlugin(deps.auth)).get(
		'/v1/operators/:slug/regulatory-actions',
		async ({ params, query }) => {
			const slug = parseSlug(params.slug)
			const paging = parsePaging(query, { defaultLimit: 20, maxLimit: 100, errorCode: 'invalid_query' })
			const sort = query.sort ?? 'date_desc'
			const operator = await findOperatorBySlug(lookupSql(deps), slug)
			if (!operator) throw operatorNotFound(slug)
			const [page, sources] = await Promise.all([
				regulatoryActionsOf(lookupSql(deps), operator.id, sort, paging),
				enforcementSourcesRead(lookupSql(deps))
			])
			return {
				operator_slug: operator.slug,
				total: page.total,
				limit: paging.limit,
				offset: paging.offset,
				sort,
				regulatory_actions: page.rows.map(({ first_seen_at: _firstSeen, ...row }) => row),
				_meta: {
					...listMeta(
						page.rows.map((row) => row.first_seen_at),
						page.rows.map((row) => row.jurisdiction_code)
					),
					note: REGULATORY_ACTIONS_NOTE,
					sources_read: sources.map((source) => ({ ...source, last_read_at: source.last_read_at?.toISOString() ?? null }))
				}
			}
		},
		{
			auth: { mode: 'required', readOnly: true },
			params: SlugParams,
			...eachParameterOnce(RegulatoryActionsQuery),
			response: {
				200: t.Object({
					operator_slug: t.String(),
					total: t.Integer(),
					limit: t.Integer(),
					offset: t.Integer(),
					sort: t.String(),
					regulatory_actions: t.Array(RegulatoryActionModel),
					_meta: t.Object({
						...ListMetaModel.properties,
						note: t.String({ description: 'What the list does and does not mean.' }),
						sources_read: t.Array(
							t.Object({
								jurisdiction_code: t.String(),
								source_url: t.Union([t.String(), t.Null()]),
								last_read_at: t.Union([t.String({ format: 'date-time' }), t.Null()])
							}),
							{ description: 'The enforcement publications read, with the latest successful read.' }
						)
					})
				}),
				...errorResponses(...KEYED_ERRORS, 404)
			},
			detail: {
				tags: ['lookup'],
				summary: "An operator's regulatory actions",
				description: 'An empty list means no action is linked to the operator, not a clean record.',
				security: [{ apiKey: [] }]
			}
		}
	)
}
