import { type Static, type TObject, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export { Type as T }

export class ConfigError extends Error {
	override readonly name = 'ConfigError'
	constructor(readonly problems: string[]) {
		super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
	}
}

/**
 * Validates the environment against a TypeBox object schema once, at start.
 * Strings are converted to numbers/booleans where the schema says so, defaults applied,
 * and every bad or missing variable is reported in one ConfigError.
 */
export function readConfig<S extends TObject>(schema: S, env: Record<string, string | undefined>): Readonly<Static<S>> {
	const input: Record<string, unknown> = {}
	for (const key of Object.keys(schema.properties)) {
		const raw = env[key]
		if (raw !== undefined && raw !== '') input[key] = raw
	}
	const withDefaults = Value.Default(schema, input)
	const converted = Value.Convert(schema, withDefaults)
	const problems = new Map<string, string>()
	for (const error of Value.Errors(schema, converted)) {
		const name = error.path.replace(/^\//, '').split('/')[0] || '(root)'
		if (!problems.has(name)) {
			const got = input[name]
			problems.set(name, got === undefined ? `${name} is missing` : `${name}: ${error.message}`)
		}
	}
	if (problems.size > 0) throw new ConfigError([...problems.values()])
	return Object.freeze(converted as Static<S>)
}

/** A comma-separated list variable, e.g. READER_JURISDICTIONS=UKGC,CW. */
export const splitList = (value: string): string[] =>
	value
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item.length > 0)

/** Standard variables shared by every service process. */
export const commonEnv = {
	DATABASE_URL: Type.String({ minLength: 1, description: 'PostgreSQL connection URL' }),
	NATS_URL: Type.String({ minLength: 1, description: 'comma-separated NATS server URLs' }),
	/** This service's NATS user; empty when the servers require no authentication (tests, local runs without users). */
	NATS_USER: Type.String({ default: '' }),
	NATS_PASSWORD: Type.String({ default: '' }),
	/** PEM files for TLS to NATS: the CA that signed the servers' certificates, and an optional client certificate and key. */
	NATS_TLS_CA: Type.String({ default: '' }),
	NATS_TLS_CERT: Type.String({ default: '' }),
	NATS_TLS_KEY: Type.String({ default: '' }),
	LOG_LEVEL: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')], {
		default: 'info'
	}),
	HEALTH_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
	SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
	/** Shut down when the parent process is gone; the local stack sets it so a killed stack leaves no service running. */
	EXIT_WITH_PARENT: Type.Boolean({ default: false }),
	/** Prometheus metrics on the health port's /metrics; false drops the route and the per-request instrumentation. */
	METRICS: Type.Boolean({ default: true })
}

/** Exits the process naming every bad variable: the one place a service turns a ConfigError into exit 1. */
export function loadConfigOrExit<S extends TObject>(schema: S, env: Record<string, string | undefined>): Readonly<Static<S>> {
	try {
		return readConfig(schema, env)
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(JSON.stringify({ level: 'fatal', msg: error.message, problems: error.problems }))
			process.exit(1)
		}
		throw error
	}
}
