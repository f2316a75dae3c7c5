import type { Sql } from '@lv/db'
import type { Window } from './windows.ts'

/** Tables of (scope, window_start, count) rows, one per scope and window. */
export type CounterTable = 'usage_counters' | 'dashboard_attempts'

export type WindowAdmission = { admitted: boolean; used: number; window: Window }

/**
 * Counts one call in `scope` for the window, in PostgreSQL so every replica shares the count; the
 * conditional upsert takes the row lock and re-checks the committed count, so replicas together
 * never admit past `limit`. A refused call is not counted unless `countRefused` (attempt limits,
 * where every try is counted so repeating cannot wear the limit down); `used` is then the count
 * including the refused call.
 */
export async function consumeWithinLimit(
	sql: Sql,
	input: { table: CounterTable; scope: string; window: Window; limit: number; countRefused?: boolean }
): Promise<WindowAdmission> {
	const countRefused = input.countRefused ?? false
	// The first call of a window is refused too when the limit is below one: a limit of 0 admits nothing.
	const rows = await sql<{ count: number }[]>`
		INSERT INTO ${sql(input.table)} AS counter (scope, window_start, count)
		SELECT ${input.scope}, ${new Date(input.window.startMs)}, 1 WHERE ${countRefused}::boolean OR ${input.limit} > 0
		ON CONFLICT (scope, window_start) DO UPDATE SET count = counter.count + 1 WHERE ${countRefused}::boolean OR counter.count < ${input.limit}
		RETURNING count`
	const counted = rows[0]?.count
	if (counted === undefined) return { admitted: false, used: input.limit, window: input.window }
	return { admitted: counted <= input.limit, used: counted, window: input.window }
}
