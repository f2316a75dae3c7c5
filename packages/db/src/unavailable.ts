import { STATEMENT_DEADLINE_CODE } from './statement-deadline.ts'

/** Socket failures that the clients pass on as the error's `code`. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/** postgres.js's own connection errors, and a statement not answered within `withStatementDeadline`'s bound. */
const CLIENT_CODES = new Set(['CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', STATEMENT_DEADLINE_CODE])

/**
 * SQLSTATEs of a server that is going away, not yet taking connections, full, or that cancelled the
 * statement (statement_timeout, a replay conflict on a standby).
 */
const SERVER_STATES = new Set(['53300', '57P01', '57P02', '57P03', '57014'])

const codeOf = (error: unknown): string | undefined => {
	const code = (error as { code?: unknown } | null)?.code
	return typeof code === 'string' ? code : undefined
}

function isUnavailableCode(code: string): boolean {
	return (
		NETWORK_CODES.has(code) ||
		CLIENT_CODES.has(code) ||
		SERVER_STATES.has(code) ||
		// SQLSTATE class 08: connection exception, but for 08P01 (a protocol violation is the client's fault)
		(/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01') ||
		// Bun's client: ERR_POSTGRES_CONNECTION_CLOSED, _REFUSED, _TIMEOUT, ERR_POSTGRES_IDLE_TIMEOUT…
		/^ERR_POSTGRES_(CONNECTION_|IDLE_TIMEOUT|LIFETIME_TIMEOUT)/.test(code)
	)
}

/**
 * True when a statement failed because PostgreSQL could not be reached or did not answer, not
 * because of the statement: the failure a caller retries later. Follows `cause` a few links down.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	let current: unknown = error
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = codeOf(current)
		if (code !== undefined && isUnavailableCode(code)) return true
		current = (current as { cause?: unknown }).cause
	}
	return false
}
