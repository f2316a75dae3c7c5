import { activeTraceId } from '@lv/tracing'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export type LogFields = Record<string, unknown>

export interface Logger {
	debug(msg: string, fields?: LogFields): void
	info(msg: string, fields?: LogFields): void
	warn(msg: string, fields?: LogFields): void
	error(msg: string, fields?: LogFields): void
	child(fields: LogFields): Logger
	/** Whether a line at `level` would be written (lets hot paths skip building it). */
	enabled(level: LogLevel): boolean
}

const SECRET_KEYS = /authorization|password|secret|api_key|token|cookie/i

function scrub(fields: LogFields): LogFields {
	const out: LogFields = {}
	for (const [key, value] of Object.entries(fields)) {
		if (SECRET_KEYS.test(key)) out[key] = '[redacted]'
		else if (value instanceof Error) out[key] = { name: value.name, message: value.message }
		else out[key] = value
	}
	return out
}

/**
 * JSON-lines logger; keys that look like secrets are redacted, errors reduced to name and message.
 * A line written inside a traced span carries its `trace_id`.
 */
export function createLogger(
	base: LogFields,
	level: LogLevel = 'info',
	write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)
): Logger {
	const emit = (at: LogLevel, msg: string, fields?: LogFields) => {
		if (RANK[at] < RANK[level]) return
		const traceId = activeTraceId()
		write(
			JSON.stringify({
				time: new Date().toISOString(),
				level: at,
				msg,
				...(traceId ? { trace_id: traceId } : {}),
				...scrub(base),
				...(fields ? scrub(fields) : {})
			})
		)
	}
	return {
		debug: (msg, fields) => emit('debug', msg, fields),
		info: (msg, fields) => emit('info', msg, fields),
		warn: (msg, fields) => emit('warn', msg, fields),
		error: (msg, fields) => emit('error', msg, fields),
		child: (fields) => createLogger({ ...base, ...fields }, level, write),
		enabled: (at) => RANK[at] >= RANK[level]
	}
}

export const silentLogger: Logger = createLogger({}, 'error', () => {})
