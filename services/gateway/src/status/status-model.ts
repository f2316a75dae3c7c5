import { t } from 'elysia'
import { INCIDENT_WINDOW_DAYS, MAX_INCIDENTS_LISTED } from './status-record.ts'

const Timestamp = t.String({ format: 'date-time' })

const TimelineDayModel = t.Object({
	date: t.String({ format: 'date', description: 'UTC day.' }),
	state: t.Union([t.Literal('operational'), t.Literal('read_failures'), t.Literal('stale')], {
		description: '`stale`: past its SLA at some time that day; `read_failures`: fresh, but a read failed that day; `operational`: neither.'
	}),
	read_failures: t.Integer({ minimum: 0, description: 'Failed reads started that day.' })
})

const RegisterStatusModel = t.Object({
	jurisdiction: t.String({ examples: ['UKGC'] }),
	name: t.String(),
	sla_hours: t.Integer({ description: 'Freshness SLA: 24 hours (UKGC, AN, TGC, IOM) or 48 (MGA, CW, KH).' }),
	last_successful_read_at: t.Union([Timestamp, t.Null()], {
		description: 'End of the last successful read of the register; null when never read.'
	}),
	age_hours: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'Whole hours since that read.' }),
	fresh: t.Boolean({ description: 'age_hours below sla_hours; a register never read is not fresh.' }),
	record_counts: t.Object(
		{ licences: t.Integer({ minimum: 0 }), operators: t.Integer({ minimum: 0 }), domains: t.Integer({ minimum: 0 }) },
		{ description: 'Records held from this register as of its last successful read.' }
	),
	timeline: t.Array(TimelineDayModel, {
		description: `One entry per UTC day, the last ${INCIDENT_WINDOW_DAYS} days (today included), oldest first.`
	})
})

const IncidentModel = t.Object({
	jurisdiction: t.String(),
	kind: t.Union([t.Literal('read_failed'), t.Literal('coverage_degraded'), t.Literal('coverage_restored')], {
		description:
			'`read_failed`: a read of the register failed (the data held stays as it was); `coverage_degraded` / `coverage_restored`: the register went past its SLA / was fresh again (the `coverage.*` events).'
	}),
	at: Timestamp,
	detail: t.Union([t.String(), t.Null()], {
		description: 'Failure reason of a failed read (e.g. `http_status`, `parse_failed`); null for coverage events.'
	})
})

export const StatusModel = t.Object(
	{
		status: t.Union([t.Literal('operational'), t.Literal('degraded')], {
			description:
				'`degraded` while checks cannot be answered (`checks_available` false) or any register is past its SLA or was never read.'
		}),
		checks_available: t.Boolean({
			description:
				'Whether a checker answered when this answer was computed; false: `GET /v1/check` and `POST /v1/check/batch` answer 503 `checker_unavailable` until one does.'
		}),
		generated_at: t.String({ format: 'date-time', description: 'When this answer was computed (answers are reused for up to 5 seconds).' }),
		incident_window_days: t.Integer({ examples: [INCIDENT_WINDOW_DAYS] }),
		registers: t.Array(RegisterStatusModel),
		incidents: t.Array(IncidentModel, { description: `Incidents of the window, newest first, at most ${MAX_INCIDENTS_LISTED}.` }),
		incidents_in_window: t.Integer({ minimum: 0, description: 'Every incident of the window, including those past the listed ones.' })
	},
	{ description: 'Public service status: per register freshness, record counts, and incidents of the last 30 days.' }
)
