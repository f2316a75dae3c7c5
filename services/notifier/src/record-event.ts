import type { EventEnvelope } from '@lv/contracts'
import type { Sql, TransactionSql } from '@lv/db'
import { eventKeys, isOperatorEvent } from './event-scope.ts'

/**
 * Serialises inserts into `events` so that `seq` order is commit order: a feed reader that has
 * seen seq N can never later find a newly committed row below N (the cursor never skips).
 * Held only for the final insert of a recording transaction.
 */
export const EVENTS_SEQ_LOCK = 7_202_640

export type RecordOutcome = { recorded: boolean; deliveries: number }

/** Records an envelope and its deliveries in one transaction; a repeat of a known event_id changes nothing. */
export function recordEvent(sql: Sql, envelope: EventEnvelope, receivedAt: Date): Promise<RecordOutcome> {
	return sql.begin((tx) => recordEventIn(tx, envelope, receivedAt))
}

/**
 * Inside the caller's transaction: fans the event out into one `pending` delivery row per matching
 * endpoint (rows exist before any attempt), then inserts the event itself.
 * A matching endpoint is active, lists the event name, and, for an operator event with
 * `watchlist_only`, belongs to an account whose watchlist holds the operator.
 * An event whose licence-history row is already withdrawn is kept but fans out to nobody.
 */
export async function recordEventIn(tx: TransactionSql, envelope: EventEnvelope, receivedAt: Date): Promise<RecordOutcome> {
	const known = await tx`SELECT 1 FROM events WHERE event_id = ${envelope.event_id}`
	if (known.length > 0) return { recorded: false, deliveries: 0 }

	const { operatorId, licenseId, historyId } = eventKeys(envelope)
	const withdrawn = await tx`
		SELECT 1 FROM license_history
		WHERE corrected_at IS NOT NULL AND (id = ${historyId} OR event_id = ${envelope.event_id})
		LIMIT 1`
	let deliveries = 0
	if (withdrawn.length === 0) {
		const operatorScoped = isOperatorEvent(envelope.event)
		const inserted = await tx`
			INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, next_retry_at, status, created_at)
			SELECT gen_random_uuid(), w.id, ${envelope.event_id}, ${envelope.event}, ${receivedAt}, 'pending', ${receivedAt}
			FROM webhook_endpoints w
			WHERE w.active AND ${envelope.event} = ANY (w.events)
				AND (
					NOT ${operatorScoped}::boolean
					OR NOT w.watchlist_only
					OR EXISTS (SELECT 1 FROM watchlist_entries e WHERE e.account_id = w.account_id AND e.operator_id = ${operatorId}::uuid)
				)
			ON CONFLICT (endpoint_id, event_id) WHERE NOT is_resend DO NOTHING`
		deliveries = inserted.count
	}

	await tx`SELECT pg_advisory_xact_lock(${EVENTS_SEQ_LOCK})`
	const stored = await tx`
		INSERT INTO events (event_id, event_name, operator_id, license_id, history_id, payload, emitted_at, received_at)
		VALUES (${envelope.event_id}, ${envelope.event}, ${operatorId}, ${licenseId}, ${historyId},
			${tx.json(envelope as unknown as Parameters<typeof tx.json>[0])}, ${new Date(envelope.timestamp)}, ${receivedAt})
		ON CONFLICT (event_id) DO NOTHING
		RETURNING seq`
	return { recorded: stored.length === 1, deliveries }
}
