import { DAY } from '@lv/clock'
import type { EventEnvelope, NOTIFIER_ANNOUNCED_EVENTS } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { activeLicencesExpiringOn } from '@lv/register-store'
import { newEvent } from './new-event.ts'
import { recordEventIn } from './record-event.ts'

export const EXPIRY_THRESHOLDS = [
	{ days: 30, event: 'license.expiring_30d' },
	{ days: 60, event: 'license.expiring_60d' },
	{ days: 90, event: 'license.expiring_90d' }
] as const satisfies readonly { days: number; event: (typeof NOTIFIER_ANNOUNCED_EVENTS)[number] }[]

const utcDate = (instant: Date) => instant.toISOString().slice(0, 10)

/**
 * Emits `license.expiring_{30,60,90}d` for every active licence whose `expiry_date` is exactly that
 * many days after today (UTC, on the given clock). `expiry_notices` makes each licence, threshold and
 * expiry date emit once, however often and on however many replicas the scan runs; a renewed
 * licence (new expiry date) is announced again.
 */
export async function runExpiryScan(sql: Sql, now: Date): Promise<EventEnvelope[]> {
	const emitted: EventEnvelope[] = []
	for (const threshold of EXPIRY_THRESHOLDS) {
		const target = utcDate(new Date(now.getTime() + threshold.days * DAY))
		const licences = await activeLicencesExpiringOn(sql, target)
		for (const licence of licences) {
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
					days_until_expiry: threshold.days
				},
				now
			)
			const fresh = await sql.begin(async (tx) => {
				const claimed = await tx`
					INSERT INTO expiry_notices (license_id, days_before, expiry_date, event_id, emitted_at)
					VALUES (${licence.id}, ${threshold.days}, ${licence.expiry_date}::date, ${envelope.event_id}, ${now})
					ON CONFLICT DO NOTHING
					RETURNING event_id`
				if (claimed.length === 0) return false
				await recordEventIn(tx, envelope, now)
				return true
			})
			if (fresh) emitted.push(envelope)
		}
	}
	return emitted
}
