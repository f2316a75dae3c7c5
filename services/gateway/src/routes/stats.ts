import { Elysia, t } from 'elysia'
import type { Sql } from '@lv/db'
import { headlineCounts, jurisdictionReadCounts, licencesByStatus } from '@lv/register-store'
import { type RouteDeps, lookupSql } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { errorResponses } from '../models/error-responses.ts'
import { cachedFor } from './recount-cache.ts'

/** SPEC: one payload for everyone, recounted at most every 10 minutes. */
export const STATS_RECOUNT_MS = 10 * 60_000

const Figure = (description: string) => t.Object({ value: t.Integer({ minimum: 0 }), definition: t.String() }, { description })

export const StatsModel = t.Object(
	{
		counted_at: t.String({ format: 'date-time', description: 'When these figures were counted (at most 10 minutes ago).' }),
		licences_by_status: t.Object({ counts: t.Record(t.String(), t.Integer({ minimum: 0 })), definition: t.String() }),
		jurisdictions: t.Object({
			rows: t.Array(
				t.Object({
					code: t.String(),
					licences: t.Integer({ minimum: 0 }),
					last_register_read_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
					sla_hours: t.Integer(),
					fresh: t.Union([t.Boolean(), t.Null()])
				})
			),
			definition: t.String()
		}),
		operators: Figure('Operators.'),
		linked_domains: Figure('Domain links.'),
		domains_with_regulator_verification: Figure('Domain links with a regulator verification page.'),
		brand_pages: Figure('Brand pages.'),
		status_changes_last_30_days: Figure('Status changes read in the last 30 days.'),
		withdrawn_events: Figure('Withdrawn history events.')
	},
	{ description: 'Headline counts, each with its definition.' }
)
export type Stats = typeof StatsModel.static

async function countStats(sql: Sql, now: Date): Promise<Stats> {
	const since = new Date(now.getTime() - 30 * 86_400_000)
	const [byStatus, perJurisdiction, c] = await Promise.all([licencesByStatus(sql), jurisdictionReadCounts(sql), headlineCounts(sql, since)])
	return {
		counted_at: now.toISOString(),
		licences_by_status: {
			counts: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
			definition: 'Licence records held, by current status (every status, not only active).'
		},
		jurisdictions: {
			rows: perJurisdiction.map((row) => {
				const fresh = row.last_read === null ? null : now.getTime() - row.last_read.getTime() < row.sla_hours * 3_600_000
				return {
					code: row.code,
					licences: row.licences,
					last_register_read_at: row.last_read?.toISOString() ?? null,
					sla_hours: row.sla_hours,
					fresh
				}
			}),
			definition:
				'Licence records per jurisdiction and the last successful read of its register; fresh while that read is younger than the SLA (24 or 48 hours).'
		},
		operators: { value: c.operators, definition: 'Distinct operators (licence holders) across all registers.' },
		linked_domains: { value: c.linked_domains, definition: 'Domain links: a domain a register ties to an operator, in any link status.' },
		domains_with_regulator_verification: {
			value: c.verified_domains,
			definition: "Domain links that carry the regulator's own per-domain certificate or validation seal page (CW certificates, TGC seals)."
		},
		brand_pages: { value: c.brand_pages, definition: 'Distinct registrable domains (brand sites) among the linked domains.' },
		status_changes_last_30_days: {
			value: c.status_changes,
			definition: 'Licence status changes read in the last 30 days (first observations and withdrawn events excluded).'
		},
		withdrawn_events: {
			value: c.withdrawn,
			definition: 'History events later withdrawn as wrong (kept, marked corrected_at, never quoted).'
		}
	}
}

export const statsRoutes = (deps: RouteDeps) => {
	const current = cachedFor(deps.clock, STATS_RECOUNT_MS, (now) => countStats(lookupSql(deps), now))
	return new Elysia().use(authPlugin(deps.auth)).get('/v1/stats', () => current(), {
		auth: 'none',
		response: { 200: StatsModel, ...errorResponses(500, 503) },
		detail: {
			tags: ['health'],
			summary: 'Headline statistics',
			description: 'One payload for everyone, recounted at most every 10 minutes. No per-IP cap; a key sent is ignored and not charged.',
			security: []
		}
	})
}
