import { type Clock, withDeadline } from '@lv/clock'
import { type Sql, type StatementRunner, statementsOn } from '@lv/db'
import type { Logger } from '@lv/logger'
import { DEFAULT_LIMITS_STORE_TIMEOUT_MS } from '../config.ts'
import { addressBlock } from '../limits/address-block.ts'
import { type LimitsRuntime, createLimitsRuntime } from '../limits/limits-runtime.ts'
import { type TrustedProxies, parseTrustedProxies } from '@lv/client-address'
import { KeyCache } from './key-cache.ts'
import { watchKeyChanges } from './key-changes.ts'
import { type KeyRecord, lookupKey } from './key-lookup.ts'
import { ReplicaLeases } from '../limits/replica-leases.ts'
import { type LastUsedStamps, createLastUsedStamps } from './last-used.ts'
import type { GatewayMetrics } from '../metrics.ts'
import { type UsageRecorder, createUsageRecorder } from '../usage/usage-recorder.ts'

/**
 * What one gateway replica shares between all its routes: the key cache and its change listener, the
 * limits (counting queues, refusal memory), and the settings every call needs. `createApp` builds it
 * once and hands it to every route's auth plugin.
 */
export type AuthRuntime = {
	clock: Clock
	logger: Logger
	pricingUrl: string
	isTrustedProxy: TrustedProxies
	keys: KeyCache
	limits: LimitsRuntime
	lastUsed: LastUsedStamps
	/** Calls and refusals of known keys per day (usage_daily), written at most a second later. */
	usage: UsageRecorder
	/** Settles once the change listener is up (or has failed to start, which is logged: the cache then lives on its TTL). */
	listening: Promise<void>
	/** Key-cache and allowance leases (ADR 0031), when the replica runs with them (`keyLeaseMs`); the caller runs `checkRound` every `checkEveryMs`. */
	leases?: ReplicaLeases
	/** The app's metrics: each refusal at admission by its reason, and the final answer of every route the plugin guards. */
	metrics?: GatewayMetrics
}

export type AuthRuntimeDeps = {
	sql: Sql
	/** The connection the keyed counting statements run on (main.ts: Bun's client, ADR 0036); `sql` when absent. */
	countingSql?: StatementRunner
	clock: Clock
	logger: Logger
	config: { PRICING_URL: string; TRUSTED_PROXIES: string; LIMITS_STORE_TIMEOUT_MS?: number }
	metrics?: GatewayMetrics
	/** With a key-cache lease of this many ms, keyed calls are admitted from leases while they are valid (ADR 0031); without, every keyed call is counted by the batch statement. */
	keyLeaseMs?: number
}

/**
 * A key lookup or counting statement not settled within LIMITS_STORE_TIMEOUT_MS fails its calls
 * closed (503). postgres.js ends the listening connection with `sql.end()`.
 */
export function createAuthRuntime(deps: AuthRuntimeDeps): AuthRuntime {
	const { sql, logger } = deps
	const timeoutMs = deps.config.LIMITS_STORE_TIMEOUT_MS ?? DEFAULT_LIMITS_STORE_TIMEOUT_MS
	const limits = createLimitsRuntime({
		sql,
		countingSql: deps.countingSql ?? statementsOn(sql),
		logger,
		pricingUrl: deps.config.PRICING_URL,
		timeoutMs
	})
	let leases: ReplicaLeases | undefined
	const keys = new KeyCache((keyHash, nowMs) => withDeadline(lookupKey(sql, keyHash, nowMs), timeoutMs).then(noteRead), {
		readGate: {
			checkAllowed: (requester, nowMs) => limits.failedKeyLookups.checkAllowed(addressBlock(requester()), nowMs),
			noteNoKey: (requester, nowMs) => limits.failedKeyLookups.noteFailure(addressBlock(requester()), nowMs)
		}
	})
	const noteRead = (record: KeyRecord | null) => {
		if (record) leases?.loaded(record)
		return record
	}
	if (deps.keyLeaseMs)
		leases = new ReplicaLeases({
			sql,
			statements: deps.countingSql ?? statementsOn(sql),
			clock: deps.clock,
			logger,
			keys,
			leaseMs: deps.keyLeaseMs
		})
	return {
		clock: deps.clock,
		logger,
		pricingUrl: deps.config.PRICING_URL,
		isTrustedProxy: parseTrustedProxies(deps.config.TRUSTED_PROXIES),
		keys,
		limits,
		lastUsed: createLastUsedStamps(sql, logger),
		usage: createUsageRecorder(sql, deps.clock, logger),
		metrics: deps.metrics,
		leases,
		listening: watchKeyChanges(sql, keys, logger).then(
			() => undefined,
			(error: unknown) => logger.warn('could not listen for api key changes; cached keys expire by age only', { error })
		)
	}
}
