import type { EventName } from './events.ts'
import { BULK_CHECK_CONSUMER, type ConsumerSpec, EXPORTER_REGISTRY_CONSUMER, NOTIFIER_EVENTS_CONSUMER, STREAMS } from './streams.ts'
import { subjects } from './subjects.ts'

/** The services that connect to NATS; each has its own NATS user. */
export const NATS_ROLES = ['gateway', 'checker', 'reader', 'notifier', 'exporter', 'dashboard'] as const
export type NatsRole = (typeof NATS_ROLES)[number]

export type NatsPermissions = {
	publish: string[]
	subscribe: string[]
	/** May answer a request on its reply subject (responders), without any publish right on inboxes. */
	allowResponses: boolean
}

/** Events the notifier emits itself (expiry and coverage scans) and announces on EVENTS. */
export const NOTIFIER_ANNOUNCED_EVENTS = [
	'license.expiring_30d',
	'license.expiring_60d',
	'license.expiring_90d',
	'coverage.degraded',
	'coverage.restored'
] as const satisfies readonly EventName[]

const JS_API = '$JS.API'
const INBOXES = '_INBOX.>'

/** Every process ensures the streams of the layout at start (info, create, update); never delete or purge. */
const streamSetup = Object.values(STREAMS).flatMap((stream) =>
	['INFO', 'CREATE', 'UPDATE'].map((action) => `${JS_API}.STREAM.${action}.${stream.name}`)
)

/** What a durable pull consumer needs: create/update, info, pulling the next batch, and acking. */
const consumerUse = (stream: string, durable: string) => [
	`${JS_API}.CONSUMER.CREATE.${stream}.${durable}`,
	`${JS_API}.CONSUMER.CREATE.${stream}.${durable}.>`,
	`${JS_API}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
	`${JS_API}.CONSUMER.INFO.${stream}.${durable}`,
	`${JS_API}.CONSUMER.MSG.NEXT.${stream}.${durable}`,
	`$JS.ACK.${stream}.${durable}.>`
]
const consumerOf = (spec: ConsumerSpec) => consumerUse(spec.stream, spec.durable)

/** Every service: the JetStream account check, stream setup, and replies on its own inboxes. */
const base = { publish: [`${JS_API}.INFO`, ...streamSetup], subscribe: [INBOXES] }

const checkSubjects = [subjects.checkDomain, subjects.checkLicense, subjects.checkBatch, subjects.checkMany]

/**
 * Each service's NATS user may publish and subscribe to exactly what it uses, derived from the
 * subjects and consumers of the contracts: the gateway requests checks and exports but publishes
 * no event; only the reader publishes read jobs, `registry.changed.*` and (through its outbox relay)
 * `events.*`; only checkers subscribe to `check.*` requests, and only they announce
 * their answer state (`check.state.changed`), which gateways hear.
 */
export const NATS_PERMISSIONS: Record<NatsRole, NatsPermissions> = {
	gateway: {
		publish: [...base.publish, ...checkSubjects, subjects.checkState, subjects.exportBuild],
		subscribe: [...base.subscribe, subjects.checkStateChanged],
		allowResponses: false
	},
	checker: {
		publish: [...base.publish, subjects.checkStateChanged],
		subscribe: [...base.subscribe, ...checkSubjects, subjects.checkState, subjects.allRegistryChanged],
		allowResponses: true
	},
	reader: {
		// A reader serves whichever jurisdictions READER_JURISDICTIONS names, so its rights cover every durable of JOBS (`*` is one token).
		publish: [
			...base.publish,
			subjects.allReadJobs,
			subjects.allRegistryChanged,
			subjects.allEvents,
			...consumerUse(STREAMS.JOBS.name, '*')
		],
		subscribe: base.subscribe,
		allowResponses: false
	},
	notifier: {
		publish: [...base.publish, ...NOTIFIER_ANNOUNCED_EVENTS.map(subjects.event), ...consumerOf(NOTIFIER_EVENTS_CONSUMER)],
		subscribe: base.subscribe,
		allowResponses: false
	},
	exporter: {
		publish: [...base.publish, ...consumerOf(EXPORTER_REGISTRY_CONSUMER)],
		subscribe: [...base.subscribe, subjects.exportBuild],
		allowResponses: true
	},
	// Bulk check jobs: publishes their batches to BULK, consumes them, and sends each as one check.batch request.
	dashboard: {
		publish: [...base.publish, subjects.bulkCheckBatch, subjects.checkBatch, ...consumerOf(BULK_CHECK_CONSUMER)],
		subscribe: base.subscribe,
		allowResponses: false
	}
}

export type NatsUserEntry = {
	role: NatsRole
	user: string
	/** A literal password, or the name of an environment variable nats-server reads it from (`$NAME` in its config). */
	password: { literal: string } | { env: string }
}

const quoted = (value: string) => JSON.stringify(value)
const list = (items: string[]) => `[${items.map(quoted).join(', ')}]`

/** The `authorization { users = [...] }` block of a nats-server configuration for the given users. */
export function natsAuthorizationBlock(users: readonly NatsUserEntry[]): string {
	const lines = users.map(({ role, user, password }) => {
		const permissions = NATS_PERMISSIONS[role]
		const secret = 'literal' in password ? quoted(password.literal) : `$${password.env}`
		return [
			`    # ${role}`,
			`    { user: ${quoted(user)}, password: ${secret}, permissions: {`,
			`      publish: { allow: ${list(permissions.publish)} }`,
			`      subscribe: { allow: ${list(permissions.subscribe)} }`,
			...(permissions.allowResponses ? ['      allow_responses: true'] : []),
			'    } }'
		].join('\n')
	})
	return ['authorization {', '  users = [', ...lines, '  ]', '}'].join('\n')
}
