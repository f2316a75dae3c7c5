import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type Coalescer, createCoalescer, withDeadline } from '@lv/runtime'
import { POSTGRES_ATTRIBUTES } from '@lv/tracing'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from '../limits/keyed-counter.ts'
import { ExhaustedScopes, type KeylessClaim, type KeylessVerdict, countKeylessClaims } from '../limits/keyless-counter.ts'
import { DEFAULT_LIMITS_STORE_TIMEOUT_MS } from '../config.ts'
import { KeyCache } from './key-cache.ts'
import { watchKeyChanges } from './key-changes.ts'
import { lookupKey } from './key-lookup.ts'
import { RefusalHints } from './likely-admitted.ts'
import { type LastUsedStamps, createLastUsedStamps } from './last-used.ts'

/** What one gateway replica shares between all its routes: the key cache, the change listener, the counting queues. */
export type AuthRuntime = {
	keys: KeyCache
	keyed: Coalescer<KeyedClaim, KeyedVerdict>
	keyless: Coalescer<KeylessClaim, KeylessVerdict>
	keylessExhausted: ExhaustedScopes
	lastUsed: LastUsedStamps
	/** Keyed subjects refused in their current window: a hint for speculative work only (likely-admitted.ts). */
	refusals: RefusalHints
	/** Settles once the change listener is up (or has failed to start, which is logged: the cache then lives on its TTL). */
	listening: Promise<void>
}

/**
 * Counting statements a replica keeps in flight at once. One minimises statements per call: calls
 * arriving meanwhile wait and go out together. Measured on the 2-CPU bench machine with checks sent
 * while counting (routes/check.ts): one in flight 13.2k keyed checks/s, two 12.5k with a p99 three
 * times longer (smaller batches, more statements and socket writes competing for the same CPUs).
 */
const COUNTING_STATEMENTS_IN_FLIGHT = 1

const runtimes = new WeakMap<Sql, WeakMap<Clock, AuthRuntime>>()

/**
 * The runtime of the replica that owns `sql` and `clock` (every route module calls authPlugin with
 * them, and they must share one cache and one queue per counter). postgres.js ends the listening
 * connection with `sql.end()`.
 */
export function authRuntimeFor(deps: { sql: Sql; clock: Clock; logger: Logger; config?: { LIMITS_STORE_TIMEOUT_MS: number } }): AuthRuntime {
	const { sql, clock, logger } = deps
	let byClock = runtimes.get(sql)
	if (!byClock) {
		byClock = new WeakMap()
		runtimes.set(sql, byClock)
	}
	const existing = byClock.get(clock)
	if (existing) return existing
	// A key lookup or counting statement not settled in time fails its calls closed (503) and, for
	// counting, frees its slot: one statement that never settles (unpatched postgres.js on Bun left
	// one pending for good after a connection reset, ADR 0010) would otherwise hold every later call
	// of the replica. A statement that times out may still commit: refused, yet counted.
	const timeoutMs = deps.config?.LIMITS_STORE_TIMEOUT_MS ?? DEFAULT_LIMITS_STORE_TIMEOUT_MS
	const keys = new KeyCache((keyHash, nowMs) => withDeadline(lookupKey(sql, keyHash, nowMs), timeoutMs))
	const runtime: AuthRuntime = {
		keys,
		keyed: createCoalescer((claims) => countKeyedClaims(sql, claims), {
			maxInFlight: COUNTING_STATEMENTS_IN_FLIGHT,
			timeoutMs,
			trace: { name: 'db count keyed calls', attributes: POSTGRES_ATTRIBUTES }
		}),
		keyless: createCoalescer((claims) => countKeylessClaims(sql, claims), {
			maxInFlight: COUNTING_STATEMENTS_IN_FLIGHT,
			timeoutMs,
			trace: { name: 'db count keyless calls', attributes: POSTGRES_ATTRIBUTES }
		}),
		keylessExhausted: new ExhaustedScopes(),
		lastUsed: createLastUsedStamps(sql, logger),
		refusals: new RefusalHints(),
		listening: watchKeyChanges(sql, keys, logger).then(
			() => undefined,
			(error: unknown) => logger.warn('could not listen for api key changes; cached keys expire by age only', { error })
		)
	}
	byClock.set(clock, runtime)
	return runtime
}
