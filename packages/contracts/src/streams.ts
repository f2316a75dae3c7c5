import { subjects } from './subjects.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export type StreamSpec = {
	name: string
	subjects: string[]
	retention: 'workqueue' | 'limits'
	maxAgeMs: number
	duplicateWindowMs: number
}

export type ConsumerSpec = {
	stream: string
	durable: string
	filterSubject: string
	ackWaitMs: number
	maxDeliver: number
	maxAckPending: number
}

export const STREAMS = {
	JOBS: {
		name: 'JOBS',
		subjects: [subjects.allReadJobs],
		retention: 'workqueue',
		maxAgeMs: 7 * DAY_MS,
		duplicateWindowMs: DAY_MS
	},
	EVENTS: {
		name: 'EVENTS',
		subjects: [subjects.allEvents],
		retention: 'limits',
		maxAgeMs: 30 * DAY_MS,
		duplicateWindowMs: DAY_MS
	},
	REGISTRY: {
		name: 'REGISTRY',
		subjects: [subjects.allRegistryChanged],
		retention: 'limits',
		maxAgeMs: DAY_MS,
		duplicateWindowMs: HOUR_MS
	},
	/** One message per batch of a dashboard bulk check job; acked once the batch's results are stored. */
	BULK: {
		name: 'BULK',
		subjects: [subjects.bulkCheckBatch],
		retention: 'workqueue',
		maxAgeMs: 7 * DAY_MS,
		duplicateWindowMs: DAY_MS
	}
} as const satisfies Record<string, StreamSpec>

/** One durable per jurisdiction on the work queue: replicas of that jurisdiction share it. */
export const readerConsumer = (code: string): ConsumerSpec => ({
	stream: STREAMS.JOBS.name,
	durable: `reader-${code}`,
	filterSubject: subjects.readJob(code),
	ackWaitMs: 15 * 60_000,
	maxDeliver: 20,
	maxAckPending: 1
})

export const NOTIFIER_EVENTS_CONSUMER: ConsumerSpec = {
	stream: STREAMS.EVENTS.name,
	durable: 'notifier-events',
	filterSubject: subjects.allEvents,
	ackWaitMs: 60_000,
	maxDeliver: -1,
	maxAckPending: 256
}

export const EXPORTER_REGISTRY_CONSUMER: ConsumerSpec = {
	stream: STREAMS.REGISTRY.name,
	durable: 'exporter-registry',
	filterSubject: subjects.allRegistryChanged,
	ackWaitMs: 5 * 60_000,
	maxDeliver: -1,
	maxAckPending: 16
}

/** The dashboard's bulk check workers share one durable; each handles one batch at a time. */
export const BULK_CHECK_CONSUMER: ConsumerSpec = {
	stream: STREAMS.BULK.name,
	durable: 'dashboard-bulk-check',
	filterSubject: subjects.bulkCheckBatch,
	ackWaitMs: 60_000,
	maxDeliver: -1,
	maxAckPending: 64
}
