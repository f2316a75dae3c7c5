import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type AllowList, type RandomSource, type Resolve, parseAllowList, secretKeyring } from '@lv/webhooks'
import { attemptDelivery } from './attempt-delivery.ts'
import { type ClaimedDelivery, abandonStalled, claimDueDeliveries } from './claim-deliveries.ts'
import { loadDeliveryContext } from './delivery-context.ts'
import { type RecordedOutcome, recordOutcome } from './delivery-outcome.ts'
import type { NotifierMetrics } from './metrics.ts'

export type DeliveryWorkerOptions = {
	sql: Sql
	clock: Clock
	logger: Logger
	/** WEBHOOK_SECRET_KEY: the at-rest key of the signing secrets. */
	secretKey: string | Uint8Array
	/** WEBHOOK_SECRET_PREVIOUS_KEYS: retired keys that still decrypt. */
	previousSecretKeys?: readonly string[]
	/** WEBHOOK_ALLOW_LIST entries (operator config only). */
	allowList?: readonly string[] | AllowList
	resolve?: Resolve
	/** Attempts in flight at once in this replica. */
	concurrency?: number
	/** Attempts in flight at once per endpoint in this replica. */
	perEndpointConcurrency?: number
	leaseMs?: number
	timeoutMs?: number
	maxResponseBytes?: number
	ca?: string | readonly string[]
	random?: RandomSource
	metrics?: NotifierMetrics
}

export type TickResult = { attempted: number; delivered: number; failed: number; abandoned: number; superseded: number }

export type DeliveryWorker = {
	/** Leases what is due on the clock now (within free capacity), makes those attempts and resolves when they are recorded. */
	tick(): Promise<TickResult>
	/** Asks the running loop to look for due work now (e.g. right after a fan-out committed). */
	wake(): void
	/** Runs the loop: looks for due work every `pollMs` and whenever an attempt finishes or wake() is called. */
	start(pollMs: number): void
	/** Stops leasing new work and waits for the attempts in flight. */
	stop(): Promise<void>
	inFlight(): number
}

const emptyResult = (): TickResult => ({ attempted: 0, delivered: 0, failed: 0, abandoned: 0, superseded: 0 })

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
	const { sql, clock, logger } = options
	const secretKeys = secretKeyring(options.secretKey, options.previousSecretKeys)
	const allowList =
		options.allowList === undefined
			? parseAllowList([])
			: Array.isArray(options.allowList)
				? parseAllowList(options.allowList)
				: (options.allowList as AllowList)
	const concurrency = options.concurrency ?? 64
	const perEndpoint = options.perEndpointConcurrency ?? 4
	const leaseMs = options.leaseMs ?? 60_000
	const random = options.random ?? Math.random
	const perEndpointInFlight = new Map<string, number>()
	const running = new Set<Promise<RecordedOutcome | 'error'>>()
	let inFlight = 0

	const attemptOne = async (claim: ClaimedDelivery, context: Awaited<ReturnType<typeof loadDeliveryContext>>) => {
		try {
			const result = await attemptDelivery(claim, context.endpoints.get(claim.endpointId), context.events.get(claim.eventId), {
				clock,
				allowList,
				resolve: options.resolve,
				timeoutMs: options.timeoutMs,
				maxResponseBytes: options.maxResponseBytes,
				ca: options.ca
			})
			const outcome = await recordOutcome(sql, claim, result, clock.now(), random)
			options.metrics?.attempted(outcome)
			if (outcome !== 'delivered') {
				logger.info('delivery attempt failed', {
					delivery_id: claim.id,
					event_id: claim.eventId,
					attempt: claim.attempt,
					outcome,
					status: result.status,
					error: result.error
				})
			}
			return outcome
		} catch (error) {
			// the lease lapses and another attempt follows; nothing is lost
			logger.error('delivery attempt could not be recorded', { delivery_id: claim.id, attempt: claim.attempt, error })
			options.metrics?.attempted('error')
			return 'error' as const
		}
	}

	const launch = async (): Promise<Promise<RecordedOutcome | 'error'>[]> => {
		const free = concurrency - inFlight
		if (free <= 0) return []
		const saturated = [...perEndpointInFlight].filter(([, count]) => count >= perEndpoint).map(([id]) => id)
		const now = clock.now()
		const claims = await claimDueDeliveries(sql, { now, limit: free, perEndpoint, skipEndpoints: saturated, leaseMs })
		if (claims.length === 0) return []
		inFlight += claims.length
		for (const claim of claims) perEndpointInFlight.set(claim.endpointId, (perEndpointInFlight.get(claim.endpointId) ?? 0) + 1)
		const release = (claim: ClaimedDelivery) => {
			inFlight -= 1
			const left = (perEndpointInFlight.get(claim.endpointId) ?? 1) - 1
			if (left <= 0) perEndpointInFlight.delete(claim.endpointId)
			else perEndpointInFlight.set(claim.endpointId, left)
		}
		let context: Awaited<ReturnType<typeof loadDeliveryContext>>
		try {
			context = await loadDeliveryContext(sql, claims, secretKeys, now)
		} catch (error) {
			for (const claim of claims) release(claim)
			throw error
		}
		return claims.map((claim) => {
			const attempt = attemptOne(claim, context).finally(() => {
				release(claim)
				running.delete(attempt)
				if (loop !== null) wake()
			})
			running.add(attempt)
			return attempt
		})
	}

	const tally = (outcomes: readonly (RecordedOutcome | 'error')[]): TickResult => {
		const result = emptyResult()
		for (const outcome of outcomes) {
			result.attempted += 1
			if (outcome === 'delivered') result.delivered += 1
			else if (outcome === 'failed' || outcome === 'error') result.failed += 1
			else if (outcome === 'abandoned') result.abandoned += 1
			else result.superseded += 1
		}
		return result
	}

	let loop: ReturnType<typeof setInterval> | null = null
	let pumping: Promise<void> | null = null
	let pumpAgain = false
	const pumpUntilIdle = async () => {
		try {
			do {
				pumpAgain = false
				const launched = await launch()
				if (launched.length > 0 && inFlight < concurrency) pumpAgain = true
			} while (pumpAgain && loop !== null)
		} catch (error) {
			logger.error('leasing due deliveries failed', { error })
		}
	}
	const pump = () => {
		if (pumping !== null) {
			pumpAgain = true
			return
		}
		pumping = pumpUntilIdle().finally(() => {
			pumping = null
		})
	}
	const wake = () => {
		if (loop !== null) pump()
	}

	return {
		async tick() {
			await abandonStalled(sql, clock.now())
			const launched = await launch()
			return tally(await Promise.all(launched))
		},
		wake,
		start(pollMs) {
			if (loop !== null) return
			loop = setInterval(pump, pollMs)
			pump()
		},
		async stop() {
			if (loop !== null) clearInterval(loop)
			loop = null
			await pumping
			await Promise.all([...running])
		},
		inFlight: () => inFlight
	}
}
