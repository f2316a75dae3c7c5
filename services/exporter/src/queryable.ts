import type { Sql, TransactionSql } from '@lv/db'

/** The pool or a transaction: the cache store and register state read from either. */
export type Queryable = Sql | TransactionSql
