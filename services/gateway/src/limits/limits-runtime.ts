import type { Sql, StatementRunner } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type Coalescer, createCoalescer } from '@lv/runtime'
import { POSTGRES_ATTRIBUTES } from '@lv/tracing'
import { pruneCounters } from './counter-store.ts'
import { FailedKeyLookups } from './failed-key-lookups.ts'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from '@lv/quota'
import { ExhaustedScopes, type KeylessClaim, type KeylessVerdict, countKeylessClaims } from './keyless-counter.ts'
import { RefusalHints } from './refusal-hints.ts'

/** What one gateway replica's limits share between all its routes: the counting queues and what it remembers of refusals. */
export type LimitsRuntime = {
	sql: Sql
	logger: Logger
	/** The pricing page every limit refusal and limit header names. */
	pricingUrl: string
	keyed: Coalescer<KeyedClaim, KeyedVerdict>
	keyless: Coalescer<KeylessClaim, KeylessVerdict>
	keylessExhausted: ExhaustedScopes
	/** Keyed subjects refused in their current window: a hint for speculative work only (auth/likely-admitted.ts). */
	refusals: RefusalHints
	failedKeyLookups: FailedKeyLookups
	/** Drops keyless windows that can no longer matter, at most once a minute, in the background. */
	pruneIfDue(nowMs: number): void
}

/**
 * Keyed counting statements a replica keeps in flight at once on its counting connection
 * (`countingSql`, one connection): PostgreSQL runs them one after the other, each its own transaction,
 * so the next batch's statement is ready when the last one commits. Keyless counting keeps
 * one statement in flight on the shared pool (measured in docs/performance.md).
 */
const KEYED_COUNTING_STATEMENTS_IN_FLIGHT = 2
const KEYLESS_COUNTING_STATEMENTS_IN_FLIGHT = 1

const PRUNE_EVERY_MS = 60_000

/**
 * A counting statement not settled within `timeoutMs` fails its calls closed (503) and frees its
 * slot: one statement that never settles (unpatched postgres.js on Bun left one pending for good
 * after a connection reset, ADR 0010) would otherwise hold every later call of the replica. A
 * statement that times out may still commit: refused, yet counted.
 */
export function createLimitsRuntime(deps: {
	sql: Sql
	/** Where keyed calls are counted: one connection on Bun's client in production (main.ts, ADR 0036), else `sql`. */
	countingSql: StatementRunner
	logger: Logger
	pricingUrl: string
	timeoutMs: number
}): LimitsRuntime {
	const { sql, countingSql, logger, timeoutMs } = deps
	let lastPruneMs = Number.NEGATIVE_INFINITY
	return {
		sql,
		logger,
		pricingUrl: deps.pricingUrl,
		keyed: createCoalescer((claims) => countKeyedClaims(countingSql, claims), {
			maxInFlight: KEYED_COUNTING_STATEMENTS_IN_FLIGHT,
			timeoutMs,
			trace: { name: 'db count keyed calls', attributes: POSTGRES_ATTRIBUTES }
		}),
		keyless: createCoalescer((claims) => countKeylessClaims(sql, claims), {
			maxInFlight: KEYLESS_COUNTING_STATEMENTS_IN_FLIGHT,
			timeoutMs,
			trace: { name: 'db count keyless calls', attributes: POSTGRES_ATTRIBUTES }
		}),
		keylessExhausted: new ExhaustedScopes(),
		refusals: new RefusalHints(),
		failedKeyLookups: new FailedKeyLookups(),
		pruneIfDue(nowMs) {
			if (nowMs - lastPruneMs < PRUNE_EVERY_MS) return
			lastPruneMs = nowMs
			pruneCounters(sql, nowMs).catch((error: unknown) => logger.warn('usage counter pruning failed', { error }))
		}
	}
}
