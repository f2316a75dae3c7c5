import type { EventEnvelope } from '@lv/contracts'
import type { Sql, TransactionSql } from '@lv/db'
import { isHistoryWithdrawn } from '@lv/register-store'
import { endpointsSubscribedTo } from '@lv/subscription-store'
import { eventKeys, isOperatorEvent } from './event-scope.ts'
import { EVENT_RETENTION_MS } from './retention.ts'

/**
 * Serialises inserts into `events` so that `seq` order is commit order: a feed reader that has
 * seen seq N can never later find a newly committed row below N (the cursor never skips).
 * Held only for the final insert of a recording transaction.
 */
export const EVENTS_SEQ_LOCK = 7_202_640

/** `pastRetention`: not recorded because it was emitted longer ago than events are kept. */
export type RecordOutcome = { recorded: boolean; deliveries: number; pastRetention?: true }

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
 *
 * An event emitted more than the 30 days events are kept before `receivedAt` is not recorded: the purge
 * (`purgeExpired`, same cut-off) may have deleted its row already, so its absence cannot tell a new event from one
 * delivered before, and a recreated durable or a redelivery would otherwise send it again (ADR 0102).
 */
export async function recordEventIn(tx: TransactionSql, envelope: EventEnvelope, receivedAt: Date): Promise<RecordOutcome> {
	if (Date.parse(envelope.timestamp) < receivedAt.getTime() - EVENT_RETENTION_MS) {
		return { recorded: false, deliveries: 0, pastRetention: true }
	}
	const known = await tx`SELECT 1 FROM events WHERE event_id = ${envelope.event_id}`
	if (known.length > 0) return { recorded: false, deliveries: 0 }

	const { operatorId, licenseId, historyId } = eventKeys(envelope)
	let deliveries = 0
	if (!(await isHistoryWithdrawn(tx, historyId, envelope.event_id))) {
		const subscribed = endpointsSubscribedTo(tx as unknown as Sql, {
			name: envelope.event,
			operatorScoped: isOperatorEvent(envelope.event),
			operatorId
		})
		const inserted = await tx`
			INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, next_retry_at, status, created_at)
			SELECT gen_random_uuid(), s.id, ${envelope.event_id}, ${envelope.event}, ${receivedAt}, 'pending', ${receivedAt}
			FROM (${subscribed}) s
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
