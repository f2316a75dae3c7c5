import type { Clock } from '@lv/clock'
import { isEventName } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { Counter, type ServiceMetrics, gaugeFrom, oncePerScrape } from '@lv/runtime'
import { countEndpointsByState } from '@lv/subscription-store'
import type { RecordedOutcome } from './delivery-outcome.ts'

type DeliveryBacklog = { due: number; oldestDueAt: Date | null; activeEndpoints: number; disabledEndpoints: number }

export type NotifierMetrics = ReturnType<typeof createNotifierMetrics>

/**
 * The notifier's series. Events and attempts are counted as they happen; the backlog of due
 * deliveries, its oldest entry and the endpoints switched off are read from PostgreSQL at scrape
 * time, so every replica reports the same whole picture.
 */
export function createNotifierMetrics({ registry }: ServiceMetrics, deps: { sql: Sql; clock: Clock }) {
	const events = new Counter({
		name: 'notifier_events_consumed_total',
		help: 'Events taken from the EVENTS stream and committed with their deliveries, by event name.',
		labelNames: ['event'],
		registers: [registry]
	})
	const attempts = new Counter({
		name: 'notifier_delivery_attempts_total',
		help: 'Webhook delivery attempts, by result: delivered, failed (retried later), abandoned (attempts used up), superseded (another replica recorded it), error (not recorded).',
		labelNames: ['result'],
		registers: [registry]
	})
	const deliveries = new Counter({
		name: 'notifier_deliveries_total',
		help: 'Deliveries finished, by outcome: delivered, abandoned after the last attempt, or withdrawn (ended without another attempt: its event was withdrawn).',
		labelNames: ['outcome'],
		registers: [registry]
	})

	deliveryBacklogGauges(registry, deps)

	return {
		consumed(event: string) {
			events.labels(isEventName(event) ? event : 'other').inc()
		},
		attempted(result: RecordedOutcome | 'error') {
			attempts.labels(result).inc()
			if (result === 'delivered' || result === 'abandoned') deliveries.labels(result).inc()
		},
		abandoned(count: number) {
			if (count > 0) deliveries.labels('abandoned').inc(count)
		},
		withdrawn() {
			deliveries.labels('withdrawn').inc()
		}
	}
}

/** The due deliveries, the oldest one's age and the endpoints by state, read from PostgreSQL once per scrape. */
function deliveryBacklogGauges(registry: ServiceMetrics['registry'], deps: { sql: Sql; clock: Clock }) {
	const backlog = oncePerScrape(
		async (): Promise<DeliveryBacklog> => {
			const now = deps.clock.now()
			const [due] = await deps.sql<{ due: number; oldest: Date | null }[]>`
			SELECT count(*)::int AS due, min(next_retry_at) AS oldest FROM webhook_deliveries
			WHERE status IN ('pending', 'failed') AND next_retry_at <= ${now}`
			const endpoints = await countEndpointsByState(deps.sql)
			return {
				due: due?.due ?? 0,
				oldestDueAt: due?.oldest ?? null,
				activeEndpoints: endpoints.active,
				disabledEndpoints: endpoints.disabled
			}
		},
		() => deps.clock.nowMs()
	)
	gaugeFrom(
		registry,
		{
			name: 'notifier_due_deliveries',
			help: 'Deliveries due now (first attempts and retries whose time has come), leased or not.',
			labelNames: []
		},
		backlog,
		(state) => [[{}, state.due]]
	)
	gaugeFrom(
		registry,
		{
			name: 'notifier_oldest_due_delivery_age_seconds',
			help: 'How long the oldest due delivery has been due; 0 when none is.',
			labelNames: []
		},
		backlog,
		(state) => [[{}, state.oldestDueAt === null ? 0 : Math.max(0, (deps.clock.nowMs() - state.oldestDueAt.getTime()) / 1000)]]
	)
	gaugeFrom(
		registry,
		{
			name: 'notifier_webhook_endpoints',
			help: 'Webhook endpoints, by state: active, or disabled (no deliveries are made to it).',
			labelNames: ['state']
		},
		backlog,
		(state) => [
			[{ state: 'active' }, state.activeEndpoints],
			[{ state: 'disabled' }, state.disabledEndpoints]
		]
	)
}
