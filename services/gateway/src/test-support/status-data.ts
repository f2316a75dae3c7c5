import type { Sql } from '@lv/db'

/** register_status after a successful read (the row exists for every jurisdiction from migration 0004). */
export async function recordSuccessfulRead(
	sql: Sql,
	code: string,
	at: Date,
	counts: { licences: number; operators: number; domains: number }
) {
	await sql`
		UPDATE register_status SET last_successful_read_at = ${at}, last_attempt_at = ${at},
			license_count = ${counts.licences}, operator_count = ${counts.operators}, domain_count = ${counts.domains}
		WHERE jurisdiction_code = ${code}`
}

/** A failed reader run, as the reader records it. */
export async function recordFailedRead(sql: Sql, code: string, at: Date, reason: string) {
	await sql`
		INSERT INTO reader_runs (id, jurisdiction_code, started_at, finished_at, outcome, failure_reason)
		VALUES (${crypto.randomUUID()}, ${code}, ${at}, ${at}, 'failed', ${reason})`
}

/** A coverage.degraded / coverage.restored event, as the notifier records it. */
export async function recordCoverageEvent(sql: Sql, code: string, event: 'coverage.degraded' | 'coverage.restored', at: Date) {
	const eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`
	const payload = {
		event,
		event_id: eventId,
		api_version: '2026-01-01',
		timestamp: at.toISOString(),
		livemode: true,
		data: { jurisdiction_code: code }
	}
	await sql`
		INSERT INTO events (event_id, event_name, payload, emitted_at, received_at)
		VALUES (${eventId}, ${event}, ${sql.json(payload)}, ${at}, ${at})`
}
