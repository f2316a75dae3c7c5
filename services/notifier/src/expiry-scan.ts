import { DAY } from '@lv/clock'
import type { EventEnvelope, NOTIFIER_ANNOUNCED_EVENTS } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { type ExpiringLicence, activeLicencesReachingNotice } from '@lv/register-store'
import { newEvent } from './new-event.ts'
import { recordEventIn } from './record-event.ts'

export const EXPIRY_THRESHOLDS = [
	{ days: 30, event: 'license.expiring_30d' },
	{ days: 60, event: 'license.expiring_60d' },
	{ days: 90, event: 'license.expiring_90d' }
] as const satisfies readonly { days: number; event: (typeof NOTIFIER_ANNOUNCED_EVENTS)[number] }[]

type Threshold = (typeof EXPIRY_THRESHOLDS)[number]

/**
 * How many days before its own a pass looks back for days no pass swept: every licence a missed notice is about still
 * expires after the pass, and the thresholds being 30 days apart, one catch-up tells a licence at most one of them.
 */
const EXPIRY_CATCH_UP_DAYS = 29

const utcDate = (instant: Date) => instant.toISOString().slice(0, 10)

/**
 * Emits `license.expiring_{30,60,90}d` for every active licence whose `expiry_date` is that many days after today (UTC,
 * on the given clock), and after each earlier day since the last day a pass swept to its end (`expiry_sweep_state`,
 * at most 29 days back; none on a deployment's first pass): a UTC day on which no replica ran, or a licence recorded
 * after that day's last pass, is caught up by the next pass, provided the licence was known on its day. `expiry_notices`
 * makes each licence, threshold and expiry date emit once, however often and on however many replicas the scan runs;
 * a renewed licence (new expiry date) is announced again. A notice is stamped when it is emitted (SPEC `timestamp`),
 * and `days_until_expiry` counts from that day, so a late one says how many days are actually left.
 */
export async function runExpiryScan(sql: Sql, now: Date): Promise<EventEnvelope[]> {
	const today = utcDate(now)
	const firstDay = await firstDayToSweep(sql, today)
	const emitted: EventEnvelope[] = []
	for (const threshold of EXPIRY_THRESHOLDS) {
		const licences = await activeLicencesReachingNotice(sql, { daysBefore: threshold.days, firstDay, lastDay: today })
		for (const licence of licences) {
			const envelope = await emitOnce(sql, threshold, licence, now)
			if (envelope) emitted.push(envelope)
		}
	}
	await sql`
		INSERT INTO expiry_sweep_state (swept_through) VALUES (${today}::date)
		ON CONFLICT (id) DO UPDATE SET swept_through = GREATEST(expiry_sweep_state.swept_through, EXCLUDED.swept_through)`
	return emitted
}

/**
 * The last day a pass swept to its end (swept again: licences recorded after its last pass), at most 29 days back;
 * today when no pass ever swept, or when that day is ahead of today (a replica whose clock is behind the last one's).
 */
async function firstDayToSweep(sql: Sql, today: string): Promise<string> {
	const [state] = await sql<{ first_day: string }[]>`
		SELECT LEAST(GREATEST(swept_through, ${today}::date - ${EXPIRY_CATCH_UP_DAYS}::int), ${today}::date)::text AS first_day
		FROM expiry_sweep_state`
	return state?.first_day ?? today
}

/** Records and fans out the licence's notice of this threshold and expiry date, unless one was emitted already. */
async function emitOnce(sql: Sql, threshold: Threshold, licence: ExpiringLicence, now: Date): Promise<EventEnvelope | null> {
	const envelope = newEvent(
		threshold.event,
		{
			license_id: licence.id,
			license_number: licence.license_number,
			operator_id: licence.operator_id,
			operator_slug: licence.operator_slug,
			jurisdiction_code: licence.jurisdiction_code,
			status: 'active',
			expiry_date: licence.expiry_date,
			days_until_expiry: Math.round((Date.parse(licence.expiry_date) - Date.parse(utcDate(now))) / DAY)
		},
		now
	)
	return sql.begin(async (tx) => {
		const claimed = await tx`
			INSERT INTO expiry_notices (license_id, days_before, expiry_date, event_id, emitted_at)
			VALUES (${licence.id}, ${threshold.days}, ${licence.expiry_date}::date, ${envelope.event_id}, ${now})
			ON CONFLICT DO NOTHING
			RETURNING event_id`
		if (claimed.length === 0) return null
		await recordEventIn(tx, envelope, now)
		return envelope
	})
}
