import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'

export type WithdrawResult =
	| { outcome: 'withdrawn'; historyId: string; correctedAt: Date }
	| { outcome: 'already_withdrawn'; historyId: string; correctedAt: Date }
	| { outcome: 'not_found'; historyId: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Withdraws a history event recorded in error: sets corrected_at and correction_note, never
 * deletes it and never changes the licence's current status (a correction of the current state is
 * the next read's job). Withdrawing twice keeps the first withdrawal. History is register data: the
 * licence's jurisdiction's data_version moves in the same transaction, so what is keyed on it (the
 * export cache, whose licence rows name the standing event) stops serving the event as standing.
 */
export async function withdrawHistoryEvent(sql: Sql, clock: Clock, historyId: string, note: string): Promise<WithdrawResult> {
	const trimmed = note.trim()
	if (trimmed === '') throw new Error('a correction note is required: say why the event is withdrawn')
	if (!UUID.test(historyId)) return { outcome: 'not_found', historyId }
	return sql.begin(async (tx) => {
		const [row] = await tx<{ corrected_at: Date | null; license_id: string }[]>`
			SELECT corrected_at, license_id FROM license_history WHERE id = ${historyId} FOR UPDATE`
		if (!row) return { outcome: 'not_found', historyId }
		if (row.corrected_at) return { outcome: 'already_withdrawn', historyId, correctedAt: row.corrected_at }
		const correctedAt = clock.now()
		await tx`UPDATE license_history SET corrected_at = ${correctedAt}, correction_note = ${trimmed} WHERE id = ${historyId}`
		await tx`
			UPDATE register_status SET data_version = data_version + 1
			WHERE jurisdiction_code = (SELECT jurisdiction_code FROM licenses WHERE id = ${row.license_id})`
		return { outcome: 'withdrawn', historyId, correctedAt }
	})
}
