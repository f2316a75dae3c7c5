import type { Sql, TransactionSql } from '@lv/db'

/**
 * The account helpers take `Sql` but only use tagged-template queries, which a transaction runs the
 * same way; postgres.js types a transaction as a narrower interface, so it is widened here, in one place.
 */
export const asSql = (tx: TransactionSql): Sql => tx as unknown as Sql
