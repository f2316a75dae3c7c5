export const JURISDICTION_CODE = /^[A-Z0-9]{2,16}$/

function assertCode(code: string): string {
	if (!JURISDICTION_CODE.test(code)) throw new Error(`invalid jurisdiction code for a subject: ${JSON.stringify(code)}`)
	return code
}

function assertEventName(name: string): string {
	if (!/^[a-z_]+(\.[a-z0-9_]+)+$/.test(name)) throw new Error(`invalid event name for a subject: ${JSON.stringify(name)}`)
	return name
}

/** Every NATS subject of the system; services never write one as a literal. */
export const subjects = {
	readJob: (code: string) => `jobs.read.${assertCode(code)}`,
	allReadJobs: 'jobs.read.*',
	registryChanged: (code: string) => `registry.changed.${assertCode(code)}`,
	allRegistryChanged: 'registry.changed.*',
	event: (name: string) => `events.${assertEventName(name)}`,
	allEvents: 'events.>',
	checkDomain: 'check.domain',
	checkLicense: 'check.license',
	checkBatch: 'check.batch',
	checkMany: 'check.many',
	/** A gateway's probe of every checker replica's answer state (ADR 0048); each replica replies. */
	checkState: 'check.state',
	/** A checker replica's answer state, announced on every change, on start and on leaving (ADR 0048). */
	checkStateChanged: 'check.state.changed',
	exportBuild: 'export.build',
	bulkCheckBatch: 'bulk.check.batch'
} as const

export const QUEUE_GROUPS = { checker: 'checker', exporter: 'exporter' } as const

export const readJobMsgId = (code: string, slot: string) => `read-${assertCode(code)}-${slot}`
export const registryChangedMsgId = (code: string, runId: string) => `${assertCode(code)}-${runId}`

/** The message of a job's `batches` batches from `batch` on (a single batch keeps the id it always had). */
export const bulkCheckBatchMsgId = (jobId: string, batch: number, batches = 1) =>
	`bulk-${jobId}-${batch}${batches === 1 ? '' : `+${batches}`}`
