import { type Bus, type NatsAuth, connectBus, ensureStreams } from '@lv/bus'
import { type Sql, createSql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { startTracingFromEnv, stopTracing } from '@lv/tracing'
import { retryWithBackoff } from './retry.ts'

export type Dependencies = {
	sql: Sql
	/** DATABASE_READ_URL's pool (a streaming replica) for read-only lookups; the primary's pool when unset. */
	readSql: Sql
	bus: Bus
}

type NatsSettings = { NATS_USER: string; NATS_PASSWORD: string; NATS_TLS_CA: string; NATS_TLS_CERT: string; NATS_TLS_KEY: string }

/** The NATS user and TLS files of a service's config (the common variables); empty settings are left out. */
export function natsAuthFrom(config: NatsSettings): NatsAuth {
	const tls = { caFile: config.NATS_TLS_CA, certFile: config.NATS_TLS_CERT, keyFile: config.NATS_TLS_KEY }
	const usesTls = Object.values(tls).some((file) => file !== '')
	return {
		...(config.NATS_USER === '' ? {} : { user: config.NATS_USER, pass: config.NATS_PASSWORD }),
		...(usesTls ? { tls: Object.fromEntries(Object.entries(tls).filter(([, file]) => file !== '')) } : {})
	}
}

/** A URL as a log line may show it: origin and path, without the user, password or query a collector's credentials may ride in. */
function addressForLog(url: string): string {
	try {
		const { origin, pathname } = new URL(url)
		return `${origin}${pathname}`
	} catch {
		return '(not a URL)'
	}
}

/** The common settings (packages/config) a service connects with. */
export type ConnectionSettings = NatsSettings & {
	DATABASE_URL: string
	/** DATABASE_READ_URL, for the services that read through a replica; empty or absent: none. */
	DATABASE_READ_URL?: string
	DATABASE_POOL_MAX?: number
	NATS_URL: string
	JETSTREAM_REPLICAS: number
}

/**
 * PostgreSQL and NATS for a service process, from its common settings: each waited for with backoff
 * (a dependency that is down at start is waited for, never crashed on), then the streams of the NATS
 * layout ensured. The pool holds DATABASE_POOL_MAX connections, else the service's own default.
 * Tracing starts first when `env` names an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT).
 */
export async function connectDependencies(
	name: string,
	config: ConnectionSettings,
	logger: Logger,
	options: {
		defaultPoolMax: number
		readReplica?: boolean
		/** statement_timeout of the pools, for the services that answer requests from them; absent: no limit. */
		statementTimeoutMs?: number
		env?: Record<string, string | undefined>
	}
): Promise<Dependencies> {
	const env = options.env ?? process.env
	if (await startTracingFromEnv(name, env))
		logger.info('exporting traces', { endpoint: addressForLog(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '') })
	const poolMax = config.DATABASE_POOL_MAX ?? options.defaultPoolMax
	const readDatabaseUrl = options.readReplica ? config.DATABASE_READ_URL : undefined
	const { statementTimeoutMs } = options
	const sql = createSql(config.DATABASE_URL, { applicationName: name, max: poolMax, statementTimeoutMs })
	// not waited for: a replica that is down fails its lookups (503), never the start
	const readSql = readDatabaseUrl ? createSql(readDatabaseUrl, { applicationName: `${name}-read`, max: poolMax, statementTimeoutMs }) : sql
	await retryWithBackoff('database connect', () => sql`SELECT 1`, logger)
	const bus = await retryWithBackoff(
		'nats connect',
		() => connectBus({ ...natsAuthFrom(config), servers: config.NATS_URL, name, replicas: config.JETSTREAM_REPLICAS }),
		logger
	)
	await retryWithBackoff('stream setup', () => ensureStreams(bus, { logger }), logger)
	return { sql, readSql, bus }
}

/**
 * The last step of every shutdown: let NATS deliver what is in flight, close the pools, export the
 * last spans. The pools close and the spans go out even when the drain fails.
 */
export async function closeDependencies({ sql, readSql, bus }: Dependencies): Promise<void> {
	try {
		await bus.drain()
	} finally {
		await sql.end({ timeout: 5 })
		if (readSql !== sql) await readSql.end({ timeout: 5 })
		await stopTracing()
	}
}
