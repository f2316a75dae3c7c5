import { type StartTimer, withDeadline } from '@lv/clock'
import type { Sql, TransactionSql } from './connect.ts'

/** The code of a statement given up by `withStatementDeadline`: `isDatabaseUnavailable` knows it. */
export const STATEMENT_DEADLINE_CODE = 'STATEMENT_DEADLINE'

/** A statement or transaction not answered in time: no connection of the pool came free, or the server did not answer. */
export class StatementDeadlineError extends Error {
	readonly code = STATEMENT_DEADLINE_CODE

	constructor(timeoutMs: number) {
		super(`PostgreSQL did not answer within ${timeoutMs} ms`)
		this.name = 'StatementDeadlineError'
	}
}

/** postgres.js's pending query: `state` is set once the query is sent on a connection, absent while it waits for one. */
type PendingQuery = Promise<unknown> & { cancel(): unknown; state?: unknown }

const isPendingQuery = (value: unknown): value is PendingQuery =>
	value instanceof Promise && typeof (value as { cancel?: unknown }).cancel === 'function'

/** The bound of every answer: `timeoutMs` on real timers, or on the test's when `startTimer` is given. */
type StatementDeadline = { timeoutMs: number; startTimer?: StartTimer }

/** `work`'s outcome, or a StatementDeadlineError once the deadline has passed first (then `onExpired` runs). */
const boundAnswer = <T>(work: Promise<T>, { timeoutMs, startTimer }: StatementDeadline, onExpired: () => void): Promise<T> =>
	withDeadline(work, timeoutMs, { startTimer, error: () => new StatementDeadlineError(timeoutMs), onExpired })

/**
 * A query whose answer is awaited for at most `timeoutMs`, counted from its first await (when
 * postgres.js sends it to the pool). Past that, a query still waiting for a connection is taken out
 * of the pool's queue, so it never runs; one already sent is left to the server's statement_timeout
 * or to the end of its connection: a cancel request sent into a partition would reach the server
 * only once it heals, and cancel whatever that backend runs then. A query embedded in another as a
 * fragment is never awaited and never timed.
 */
function boundQuery<Q extends PendingQuery>(query: Q, deadline: StatementDeadline): Q {
	const send = query.then
	let answer: Promise<unknown> | undefined
	const answered = () => {
		answer ??= boundAnswer(send.call(query), deadline, () => {
			if (!query.state) query.cancel()
		})
		return answer
	}
	Object.defineProperties(query, {
		// biome-ignore lint/suspicious/noThenProperty: a postgres.js query is a thenable; awaiting it must go through the deadline
		then: {
			value: (onAnswer?: (rows: unknown) => unknown, onFailure?: (error: unknown) => unknown) => answered().then(onAnswer, onFailure)
		},
		catch: { value: (onFailure?: (error: unknown) => unknown) => answered().catch(onFailure) },
		finally: { value: (onSettled?: () => void) => answered().finally(onSettled) }
	})
	return query
}

type TransactionBody = (tx: TransactionSql) => unknown

/**
 * `sql.begin` awaited for at most `timeoutMs`. A transaction given up is rolled back, never committed:
 * its body does not start once the deadline has passed (a BEGIN that waited for a connection), and a
 * body that finishes after it throws instead of returning, so postgres.js sends ROLLBACK instead of
 * COMMIT. Only a COMMIT already sent when the deadline passes can still apply, and then wholly.
 */
function boundBegin(sql: Sql, deadline: StatementDeadline) {
	return (...args: unknown[]) => {
		const body = args.pop() as TransactionBody
		let givenUp = false
		const refuseIfGivenUp = () => {
			if (givenUp) throw new StatementDeadlineError(deadline.timeoutMs)
		}
		const whole = (sql.begin as (...beginArgs: unknown[]) => Promise<unknown>)(...args, async (tx: TransactionSql) => {
			refuseIfGivenUp()
			const result = body(tx)
			const value = await (Array.isArray(result) ? Promise.all(result) : result)
			refuseIfGivenUp()
			return value
		})
		return boundAnswer(whole, deadline, () => {
			givenUp = true
		})
	}
}

/**
 * The pool with a client-side bound on every answer a caller awaits: statements through the tagged
 * template and `unsafe`, and whole transactions through `begin`, fail with StatementDeadlineError after
 * `timeoutMs`. statement_timeout is enforced by the server only; this bound also holds while every
 * connection of the pool is taken, or when the server stops answering without closing the connection.
 * Other methods (`reserve`, `listen`, helpers) are the pool's own.
 */
export function withStatementDeadline(sql: Sql, timeoutMs: number, startTimer?: StartTimer): Sql {
	const deadline = { timeoutMs, startTimer }
	const begin = boundBegin(sql, deadline)
	const unsafe = (...args: Parameters<Sql['unsafe']>) => boundQuery(sql.unsafe(...args), deadline)
	return new Proxy(sql, {
		apply(target, thisArg, args) {
			const made: unknown = Reflect.apply(target, thisArg, args)
			return isPendingQuery(made) ? boundQuery(made, deadline) : made
		},
		get(target, property) {
			if (property === 'begin') return begin
			if (property === 'unsafe') return unsafe
			return Reflect.get(target, property, target)
		}
	})
}
