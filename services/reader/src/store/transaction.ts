import type { Sql, TransactionSql } from '@lv/db'

/**
 * Runs `work` in one transaction on a reserved connection with an explicit BEGIN / COMMIT
 * (ROLLBACK when it throws). Not sql.begin(): postgres.js keeps the queries of a begin() block,
 * with their parameters and every row they returned, reachable from the connection until its next
 * begin(), which would keep a 200,000-domain run's arrays alive between runs.
 */
export async function inTransaction<T>(sql: Sql, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
	const reserved = await sql.reserve()
	try {
		await reserved`BEGIN`
		let result: T
		try {
			result = await work(reserved as unknown as TransactionSql)
		} catch (error) {
			await reserved`ROLLBACK`.catch(() => {})
			throw error
		}
		await reserved`COMMIT`
		return result
	} finally {
		reserved.release()
	}
}
