import { Elysia, t } from 'elysia'
import { notFound } from '@lv/errors'
import { type RouteDeps, lookupSql } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { authPlugin } from '../auth/plugin.ts'
import { parsePaging } from '../lookup/paging.ts'
import { parseJurisdictionCode } from '../lookup/params.ts'
import { presentOperator } from '../lookup/present.ts'
import { findJurisdiction, listJurisdictions, operatorsInJurisdiction } from '@lv/register-store'
import { KEYED_ERRORS, KEYLESS_CAPABLE_ERRORS, errorResponses } from '../models/error-responses.ts'
import { JurisdictionModel, OperatorModel } from '../models/lookup.ts'

const jurisdictionNotFound = (code: string) => notFound('jurisdiction_not_found', `No jurisdiction ${code}.`, 'code')
const PagingQuery = t.Object({
	limit: t.Optional(t.String({ description: 'Plain integer 1–200, default 50. Anything else: 400 invalid_pagination.', examples: ['50'] })),
	offset: t.Optional(t.String({ description: 'Plain integer ≥ 0, default 0. Anything else: 400 invalid_pagination.', examples: ['0'] }))
})

export const JurisdictionListModel = t.Object({ jurisdictions: t.Array(JurisdictionModel) })

export const jurisdictionRoutes = (deps: RouteDeps) =>
	new Elysia()
		.use(authPlugin(deps.auth))
		.get('/v1/jurisdictions', async () => ({ jurisdictions: await listJurisdictions(lookupSql(deps)) }), {
			auth: { mode: 'optional', readOnly: true },
			response: { 200: JurisdictionListModel, ...errorResponses(...KEYLESS_CAPABLE_ERRORS) },
			detail: {
				tags: ['lookup'],
				summary: 'List jurisdictions',
				description:
					'Every regulator whose register is read. Works without a key (10 calls per IP per UTC hour); a key switches the call to the plan quota.',
				security: [{}, { apiKey: [] }]
			}
		})
		.get(
			'/v1/jurisdictions/:code',
			async ({ params }) => {
				const code = parseJurisdictionCode(params.code)
				const jurisdiction = await findJurisdiction(lookupSql(deps), code)
				if (!jurisdiction) throw jurisdictionNotFound(code)
				return jurisdiction
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: t.Object({ code: t.String({ description: '2–16 letters or digits, any case.', examples: ['UKGC'] }) }),
				response: { 200: JurisdictionModel, ...errorResponses(...KEYED_ERRORS, 404) },
				detail: { tags: ['lookup'], summary: 'Get a jurisdiction', security: [{ apiKey: [] }] }
			}
		)
		.get(
			'/v1/jurisdictions/:code/operators',
			async ({ params, query }) => {
				const code = parseJurisdictionCode(params.code)
				const paging = parsePaging(query, { defaultLimit: 50, maxLimit: 200, errorCode: 'invalid_pagination' })
				const [jurisdiction, page] = await Promise.all([
					findJurisdiction(lookupSql(deps), code),
					operatorsInJurisdiction(lookupSql(deps), code, paging)
				])
				if (!jurisdiction) throw jurisdictionNotFound(code)
				return {
					jurisdiction_code: code,
					total: page.total,
					limit: paging.limit,
					offset: paging.offset,
					operators: page.rows.map(presentOperator)
				}
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: t.Object({ code: t.String({ description: '2–16 letters or digits, any case.', examples: ['MGA'] }) }),
				...eachParameterOnce(PagingQuery),
				response: {
					200: t.Object({
						jurisdiction_code: t.String(),
						total: t.Integer(),
						limit: t.Integer(),
						offset: t.Integer(),
						operators: t.Array(OperatorModel)
					}),
					...errorResponses(...KEYED_ERRORS, 404)
				},
				detail: {
					tags: ['lookup'],
					summary: 'Operators with a licence record in a jurisdiction',
					description:
						'Every operator holding at least one licence record there, in any status; rows carry no status, so this is not a roster of who is licensed now. Ordered by internal operator id (stable across pages, not alphabetical).',
					security: [{ apiKey: [] }]
				}
			}
		)
