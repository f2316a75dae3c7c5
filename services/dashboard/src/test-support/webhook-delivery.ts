import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { recordEvent } from '../../../notifier/src/record-event.ts'
import { coverageEvent } from '../../../notifier/src/test-support/fixtures.ts'

/**
 * An endpoint of the account for coverage events and one coverage event fanned out to it, its delivery
 * marked delivered: a delivery log with a row to resend. Other endpoints for coverage events get the event too.
 */
export async function endpointWithDeliveredEvent(
	sql: Sql,
	clock: Clock,
	accountId: string
): Promise<{ endpointId: string; deliveryId: string }> {
	const [endpoint] = await sql<{ id: string }[]>`
		INSERT INTO webhook_endpoints (id, account_id, url, events, created_at, updated_at)
		VALUES (gen_random_uuid(), ${accountId}, 'https://hooks.example.com/coverage', ${['coverage.degraded']}, ${clock.now()}, ${clock.now()}) RETURNING id`
	const endpointId = (endpoint as { id: string }).id
	await recordEvent(sql, coverageEvent(clock.now()), clock.now())
	const [delivery] = await sql<{ id: string }[]>`
		UPDATE webhook_deliveries SET status = 'delivered', attempt_count = 1, last_response_status = 200, delivered_at = ${clock.now()}
		WHERE endpoint_id = ${endpointId} RETURNING id`
	return { endpointId, deliveryId: (delivery as { id: string }).id }
}
