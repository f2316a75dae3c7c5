import type { Bus } from '@lv/bus'
import type { CheckFigures, availabilityBetween } from './load.ts'
import type { ClusterTopology } from './topology.ts'

/** How many times each Nats-Msg-Id is stored in EVENTS, read with an ordered consumer from the first message. */
export async function eventsStreamIds(bus: Bus): Promise<Map<string, number>> {
	const ids = new Map<string, number>()
	const total = (await bus.jsm.streams.info('EVENTS')).state.messages
	if (total === 0) return ids
	const consumer = await bus.js.consumers.get('EVENTS')
	const messages = await consumer.consume()
	let seen = 0
	for await (const message of messages) {
		const id = message.headers?.get('Nats-Msg-Id') ?? `(no id, seq ${message.seq})`
		ids.set(id, (ids.get(id) ?? 0) + 1)
		if (++seen >= total) break
	}
	return ids
}

type Availability = ReturnType<typeof availabilityBetween>

/** The figures of a fault run, from PostgreSQL, the webhook receiver and the load generator, with a printable summary. */
export async function faultReport(
	topology: ClusterTopology,
	run: {
		figures: CheckFigures
		phases: { fault: string; availability: Availability }[]
		readsEnqueued: number
		subscribed: readonly string[]
	}
) {
	const { sql, receiver } = topology
	const [deliveryRows, [reads], [counts]] = await Promise.all([
		sql<{ id: string; event_id: string; status: string }[]>`SELECT id::text, event_id, status FROM webhook_deliveries`,
		sql<{ succeeded: number; running: number; history_outside: number; events_without_history: number }[]>`
			SELECT (SELECT count(*)::int FROM register_reads WHERE outcome = 'succeeded') AS succeeded,
			       (SELECT count(*)::int FROM register_reads WHERE outcome = 'running') AS running,
			       (SELECT count(*)::int FROM license_history h WHERE h.register_read_id IS NOT NULL
			          AND NOT EXISTS (SELECT 1 FROM register_reads r WHERE r.id = h.register_read_id AND r.outcome = 'succeeded')) AS history_outside,
			       (SELECT count(*)::int FROM outbox o WHERE o.event_name LIKE 'license.%'
			          AND NOT EXISTS (SELECT 1 FROM license_history h WHERE h.event_id = o.event_id)) AS events_without_history`,
		sql<{ counter: number; outboxed: number; without_delivery: number }[]>`
			SELECT (SELECT coalesce(sum(quota_count), 0)::int FROM limit_counters) AS counter,
			       (SELECT count(*)::int FROM outbox) AS outboxed,
			       (SELECT count(*)::int FROM events e WHERE e.event_name = ANY(${run.subscribed as string[]})
			          AND e.received_at >= (SELECT min(created_at) FROM webhook_endpoints)
			          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.event_id)) AS without_delivery`
	])
	const received = new Map<string, Set<string>>()
	for (const request of receiver.requests) {
		const delivery = request.headers.get('x-service-delivery-id') ?? ''
		const events = received.get(delivery) ?? new Set<string>()
		events.add(request.headers.get('x-service-event-id') ?? '')
		received.set(delivery, events)
	}
	const delivered = deliveryRows.filter((row) => row.status === 'delivered')
	const deliveries = {
		due: deliveryRows.length,
		delivered: delivered.length,
		withoutDelivery: counts?.without_delivery ?? -1,
		notReceived: delivered.filter((row) => !received.get(row.id)?.has(row.event_id)).length,
		attempts: receiver.requests.length,
		duplicates: receiver.requests.length - received.size,
		duplicatesWithOtherEvent: [...received.values()].filter((events) => events.size > 1).length
	}
	const { figures } = run
	const statuses = new Map<number, number>()
	for (const sample of figures.samples) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1)
	const counter = counts?.counter ?? -1
	const text = [
		'cluster fault run',
		`  load held        ${figures.sent} keyed checks (~12/s), ${run.readsEnqueued} register read jobs, ${deliveries.attempts} webhook attempts`,
		'  faults injected, and the keyed checks until the next one:',
		...run.phases.map(
			({ fault, availability }) =>
				`    ${fault.padEnd(34)} ${availability.checks} checks, ${availability.errors} errors (${(availability.errorRate * 100).toFixed(2)} %), longest gap ${availability.longestGapMs} ms`
		),
		`  whole run        ${figures.errors} of ${figures.sent} checks not 200 (${((figures.errors / Math.max(1, figures.sent)) * 100).toFixed(2)} %; by status ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}), ${figures.lostInFlight} broken in flight`,
		`  events           ${counts?.outboxed} in the outbox, every one in EVENTS exactly once (asserted)`,
		`  deliveries       ${deliveries.due} due, ${deliveries.delivered} delivered, ${deliveries.notReceived} not received, ${deliveries.withoutDelivery} events without one, ${deliveries.duplicates} duplicate attempts (${deliveries.duplicatesWithOtherEvent} with another event id)`,
		`  register reads   ${reads?.succeeded} succeeded, ${reads?.running} left running, ${reads?.history_outside} history rows outside a succeeded read`,
		`  monthly counter  ${counter}; keyed checks answered 200: ${figures.answered200} (a failed call is not charged)`
	].join('\n')
	return {
		text,
		deliveries,
		reads: {
			historyOutsideSucceededReads: reads?.history_outside ?? -1,
			licenceEventsWithoutHistory: reads?.events_without_history ?? -1,
			running: reads?.running ?? -1
		},
		counter
	}
}
