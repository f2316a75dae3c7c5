import { SQL } from 'bun'
import type { Sql } from './connect.ts'

/** Runs a statement of fixed text with positional parameters ($1, $2, …) as a prepared statement, and returns its rows. */
export type StatementRunner = {
	run<Row>(text: string, parameters: readonly (string | number | readonly (string | number)[])[]): Promise<Row[]>
}

/** A postgres.js pool as a statement runner (its least recently used connection runs each statement). */
export const statementsOn = (sql: Sql): StatementRunner => ({
	run: <Row>(text: string, parameters: readonly unknown[]) =>
		sql.unsafe(text, parameters as never[], { prepare: true }) as unknown as Promise<Row[]>
})

export type StatementConnection = StatementRunner & { close(): Promise<void> }

/**
 * One connection on Bun's built-in PostgreSQL client for a replica's hottest statement (the keyed
 * counting statement, ADR 0036): it costs about half the client CPU of postgres.js per statement,
 * which parses the wire protocol in JavaScript over a node:net socket. Statements sent while one
 * runs queue on the same connection; a lost connection is opened again by the next statement.
 */
export function openStatementConnection(databaseUrl: string, options: { applicationName: string }): StatementConnection {
	const sql = new SQL(databaseUrl, {
		max: 1,
		idleTimeout: 30,
		connectionTimeout: 5,
		prepare: true,
		connection: { application_name: options.applicationName }
	})
	return {
		run: <Row>(text: string, parameters: readonly unknown[]) => sql.unsafe(text, parameters as unknown[]) as Promise<Row[]>,
		close: () => sql.close({ timeout: 5 })
	}
}
