import { Elysia, t } from 'elysia'
import { type CoverageCountRow, coverageCounts } from '@lv/register-store'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { KEYLESS_CAPABLE_ERRORS, errorResponses } from '../models/error-responses.ts'

/** Consumer-facing operators: those holding a licence able to cover a website (domain disclosure is normative for them). */
export const DOMAIN_COVERAGE_REASON =
	'Share of operators holding a licence type able to cover a website (where the register is expected to disclose domains) that have at least one linked domain in this jurisdiction.'

/** Pure: SPEC coverage record from counted rows at `now`. Fresh while the integer age is below the SLA. */
export function coverageRecord(rows: readonly CoverageCountRow[], now: Date) {
	const jurisdictions: Record<string, unknown> = {}
	let healthy = true
	for (const row of rows) {
		const ageHours =
			row.last_successful_scrape === null ? null : Math.floor((now.getTime() - row.last_successful_scrape.getTime()) / 3_600_000)
		const fresh = ageHours === null ? null : ageHours < row.sla_hours
		if (fresh !== true) healthy = false
		jurisdictions[row.code] = {
			last_successful_scrape: row.last_successful_scrape?.toISOString() ?? null,
			age_hours: ageHours,
			fresh,
			sla_hours: row.sla_hours,
			record_count: row.record_count,
			domain_coverage: {
				operators_with_domain: row.operators_with_domain,
				normative_operators: row.normative_operators,
				coverage_pct: row.normative_operators === 0 ? null : Math.round((100 * row.operators_with_domain) / row.normative_operators),
				reason: row.normative_operators === 0 ? 'No operator here holds a licence able to cover a website.' : DOMAIN_COVERAGE_REASON
			}
		}
	}
	return {
		status: healthy ? ('healthy' as const) : ('degraded' as const),
		overall_freshness_sla: '24 hours for UKGC, AN, TGC and IOM; 48 hours for MGA, CW and KH',
		jurisdictions: jurisdictions as Record<string, typeof JurisdictionCoverageModel.static>,
		timestamp: now.toISOString()
	}
}

const JurisdictionCoverageModel = t.Object({
	last_successful_scrape: t.Union([t.String({ format: 'date-time' }), t.Null()], {
		description: "Newest last_verified_at among the jurisdiction's licences."
	}),
	age_hours: t.Union([t.Integer(), t.Null()]),
	fresh: t.Union([t.Boolean(), t.Null()], { description: 'age_hours below sla_hours; null when never read.' }),
	sla_hours: t.Integer({ examples: [24] }),
	record_count: t.Integer(),
	domain_coverage: t.Object({
		operators_with_domain: t.Integer(),
		normative_operators: t.Integer(),
		coverage_pct: t.Union([t.Integer(), t.Null()]),
		reason: t.String()
	})
})

export const CoverageModel = t.Object(
	{
		status: t.Union([t.Literal('healthy'), t.Literal('degraded')]),
		overall_freshness_sla: t.String(),
		jurisdictions: t.Record(t.String(), JurisdictionCoverageModel),
		timestamp: t.String({ format: 'date-time' })
	},
	{ description: '`healthy` when every jurisdiction meets its SLA, `degraded` when any is stale or never read.' }
)

export const coverageRoutes = (deps: RouteDeps) =>
	new Elysia()
		.use(authPlugin(deps.auth))
		.get('/v1/health/coverage', async () => coverageRecord(await coverageCounts(deps.sql), deps.clock.now()), {
			auth: { mode: 'optional', readOnly: true },
			response: { 200: CoverageModel, ...errorResponses(...KEYLESS_CAPABLE_ERRORS) },
			detail: {
				tags: ['health'],
				summary: 'Register coverage and freshness',
				description:
					'Fresh while age_hours is below sla_hours (24 for UKGC, AN, TGC, IOM; 48 for MGA, CW, KH). Works without a key (10 calls per IP per UTC hour).',
				security: [{}, { apiKey: [] }]
			}
		})
