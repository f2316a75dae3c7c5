import postgres from 'postgres'
import { type StartTimer, settlesWithin } from '@lv/clock'

export type Sql = postgres.Sql<Record<string, never>>
export type TransactionSql = postgres.TransactionSql<Record<string, never>>
/** A piece of a query (a tagged template not awaited) to embed in another. */
export type SqlFragment = postgres.Fragment

export type SqlOptions = {
	max?: number
	idleTimeoutSeconds?: number
	connectTimeoutSeconds?: number
	applicationName?: string
	/** The server cancels any statement of this pool running longer (SQLSTATE 57014); absent or 0: no limit. */
	statementTimeoutMs?: number
}

/**
 * Seconds before a pool connection that failed tries again: postgres.js's own curve (3^n / 100 s, with
 * jitter) capped at 1 s instead of 20 s. The count of failures is shared by the pool and reset only by a
 * connection that opens, so after an outage of some seconds the uncapped pool waited up to 20 s more once
 * the server was back, holding every statement sent meanwhile.
 */
export const reconnectDelaySeconds = (failures: number) => (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, 1)

/** postgres.js connection: timestamps come back as Date, bigint counts as numbers, notices silenced. */
export function createSql(databaseUrl: string, options: SqlOptions = {}): Sql {
	return postgres(databaseUrl, {
		max: options.max ?? 10,
		idle_timeout: options.idleTimeoutSeconds ?? 30,
		connect_timeout: options.connectTimeoutSeconds ?? 5,
		backoff: reconnectDelaySeconds,
		onnotice: () => {},
		types: { bigint: postgres.BigInt },
		connection: {
			application_name: options.applicationName ?? 'lv',
			...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {})
		}
	}) as unknown as Sql
}

/** True when a trivial query answers within the timeout. */
export const isDatabaseReachable = (sql: Sql, timeoutMs = 2000, startTimer?: StartTimer): Promise<boolean> =>
	settlesWithin(sql`SELECT 1`, timeoutMs, startTimer)
