/** The parts of a stream's configuration the NATS layout sets; durations in nanoseconds (0 = unlimited). */
export type StreamSettings = {
	subjects: string[]
	retention: string
	storage: string
	max_age: number
	duplicate_window: number
	num_replicas: number
}

export type StreamPlan = {
	/** Settings to send in an update, or undefined when the stream already gives at least what the layout asks. */
	update: Partial<StreamSettings> | undefined
	/** One line per setting where the running stream differs from the layout and is kept as it is. */
	kept: string[]
}

/** A duration where 0 means "no limit", ordered so that more retention is larger. */
const retentionOf = (nanos: number) => (nanos <= 0 ? Number.POSITIVE_INFINITY : nanos)

/**
 * What to change in a running stream so it gives at least what the layout asks, without ever
 * lowering what an operator raised: more replicas, a longer age or dedupe window, extra subjects
 * are kept; storage and retention policy cannot change in place and are only reported.
 */
export function planStreamUpdate(current: StreamSettings, wanted: StreamSettings): StreamPlan {
	const update: Partial<StreamSettings> = {}
	const kept: string[] = []
	const missingSubjects = wanted.subjects.filter((subject) => !current.subjects.includes(subject))
	if (missingSubjects.length > 0) update.subjects = [...current.subjects, ...missingSubjects]
	const extraSubjects = current.subjects.filter((subject) => !wanted.subjects.includes(subject))
	if (extraSubjects.length > 0) kept.push(`subjects: keeps ${extraSubjects.join(', ')} beyond the layout`)

	if (current.num_replicas < wanted.num_replicas) update.num_replicas = wanted.num_replicas
	else if (current.num_replicas > wanted.num_replicas)
		kept.push(`num_replicas: keeps ${current.num_replicas} (layout asks ${wanted.num_replicas})`)

	for (const key of ['max_age', 'duplicate_window'] as const) {
		const have = retentionOf(current[key])
		const want = retentionOf(wanted[key])
		if (have < want) update[key] = wanted[key]
		else if (have > want) kept.push(`${key}: keeps ${current[key]} ns (layout asks ${wanted[key]} ns)`)
	}
	for (const key of ['storage', 'retention'] as const) {
		if (current[key] !== wanted[key]) kept.push(`${key}: keeps ${current[key]} (layout asks ${wanted[key]}; not changeable in place)`)
	}
	return { update: Object.keys(update).length > 0 ? update : undefined, kept }
}

/** A consumer's replica count: the stream's, never below what it already has. */
export const consumerReplicas = (streamReplicas: number, currentReplicas: number | undefined) =>
	Math.max(streamReplicas, currentReplicas ?? 0)

/** Limits the layout leaves unset (unlimited, discard old) that an operator may set on a stream by hand. */
export const OPERATOR_LIMITS = ['max_bytes', 'max_msgs', 'max_msgs_per_subject', 'max_msg_size', 'discard'] as const
type OperatorLimits = Partial<Record<(typeof OPERATOR_LIMITS)[number], unknown>>

/**
 * The settings to create a stream again with after it vanished, from its configuration as last seen: what `ensureStreams`
 * would have left it as, had it not vanished. The layout's settings the stream gave less of are raised to it, those it gave
 * more of (replicas, age, dedupe window, extra subjects) are kept, and so are the operator's own limits. Retention and
 * storage are the layout's (a stream created anew takes no old policy); nothing else of the old stream (mirror, sources,
 * sealed, first sequence) is carried over.
 */
export function recreatedStreamSettings<W extends StreamSettings>(seen: StreamSettings & OperatorLimits, wanted: W): W & OperatorLimits {
	const kept: OperatorLimits = {}
	for (const key of OPERATOR_LIMITS) if (seen[key] !== undefined) kept[key] = seen[key]
	const { subjects, num_replicas, max_age, duplicate_window } = seen
	return { ...wanted, ...kept, subjects, num_replicas, max_age, duplicate_window, ...planStreamUpdate(seen, wanted).update }
}
