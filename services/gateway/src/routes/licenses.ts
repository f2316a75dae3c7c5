import { Elysia, t } from 'elysia'
import { notFound } from '@lv/errors'
import { type RouteDeps, lookupSql } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { authPlugin } from '../auth/plugin.ts'
import { asOfForLicence, resolveAsOf } from '../lookup/as-of.ts'
import { parseLicenseId } from '../lookup/params.ts'
import { licenceMeta, listMeta, presentHistoryEvent, presentLicence } from '../lookup/present.ts'
import { findLicence, historyOfLicences } from '@lv/register-store'
import { KEYED_ERRORS, errorResponses } from '../models/error-responses.ts'
import { HistoryEventModel, LicenceWithMetaModel, ListMetaModel } from '../models/lookup.ts'

const LicenceIdParams = t.Object({
	license_id: t.String({ description: 'The licence UUID (not its number).', examples: ['5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10'] })
})
const licenceNotFound = (id: string) => notFound('license_not_found', `No licence with id ${id}.`, 'license_id')

export const licenseRoutes = (deps: RouteDeps) =>
	new Elysia()
		.use(authPlugin(deps.auth))
		.get(
			'/v1/licenses/:license_id',
			async ({ params, query }) => {
				const id = parseLicenseId(params.license_id)
				const instant = resolveAsOf(query.as_of, deps.clock.now())
				const licence = await findLicence(lookupSql(deps), id)
				if (!licence) throw licenceNotFound(id)
				const body = { ...presentLicence(licence), _meta: licenceMeta(licence) }
				if (instant === null) return body
				return { ...body, as_of: asOfForLicence(id, await historyOfLicences(lookupSql(deps), [id]), instant) }
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: LicenceIdParams,
				...eachParameterOnce(
					t.Object({
						as_of: t.Optional(
							t.String({
								description:
									'`YYYY-MM-DD` (end of that day UTC; today means now) or an ISO-8601 datetime with a UTC offset; not in the future.',
								examples: ['2026-06-30']
							})
						)
					})
				),
				response: { 200: LicenceWithMetaModel, ...errorResponses(...KEYED_ERRORS, 404) },
				detail: {
					tags: ['lookup'],
					summary: 'Get a licence',
					description: 'With `as_of`, the licence carries its status at that instant.',
					security: [{ apiKey: [] }]
				}
			}
		)
		.get(
			'/v1/licenses/:license_id/history',
			async ({ params }) => {
				const id = parseLicenseId(params.license_id)
				const licence = await findLicence(lookupSql(deps), id)
				if (!licence) throw licenceNotFound(id)
				const history = await historyOfLicences(lookupSql(deps), [id])
				return {
					license_id: licence.id,
					license_number: licence.license_number,
					history: history.map(presentHistoryEvent),
					_meta: listMeta(
						history.map((row) => row.changed_at),
						history.map((row) => row.source_url)
					)
				}
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: LicenceIdParams,
				response: {
					200: t.Object({
						license_id: t.String({ format: 'uuid' }),
						license_number: t.String(),
						history: t.Array(HistoryEventModel),
						_meta: ListMetaModel
					}),
					...errorResponses(...KEYED_ERRORS, 404)
				},
				detail: {
					tags: ['lookup'],
					summary: "A licence's status history",
					description:
						'Most recent first, the whole timeline (not paginated). Withdrawn events stay, with `corrected_at`. `_meta.freshness_range` spans the oldest and newest event.',
					security: [{ apiKey: [] }]
				}
			}
		)
