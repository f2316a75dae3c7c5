import type { Clock, StartTimer } from '@lv/clock'
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
	/** The timer of each attempt's timeout: real timers when absent, tests fire theirs by hand. */
	startTimer?: StartTimer
	maxResponseBytes?: number
	ca?: string | readonly string[]
	random?: RandomSource
	metrics?: NotifierMetrics
}

/** `withdrawn`: due deliveries ended without an attempt because their event was withdrawn (not counted as attempted). */
export type TickResult = {
	attempted: number
	delivered: number
	failed: number
	abandoned: number
	superseded: number
	withdrawn: number
}

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

const emptyResult = (): TickResult => ({ attempted: 0, delivered: 0, failed: 0, abandoned: 0, superseded: 0, withdrawn: 0 })

type Outcome = RecordedOutcome | 'error' | 'withdrawn'
type DeliveryContext = Awaited<ReturnType<typeof loadDeliveryContext>>

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
	const { sql, clock, logger } = options
	const secretKeys = secretKeyring(options.secretKey, options.previousSecretKeys)
	const allowList = resolveAllowList(options.allowList)
	const random = options.random ?? Math.random
	const perEndpoint = options.perEndpointConcurrency ?? 4
	const leaseMs = options.leaseMs ?? 60_000
	const capacity = createCapacity(options.concurrency ?? 64, perEndpoint)
	const running = new Set<Promise<Outcome>>()
	const attemptOptions = { ...options, allowList, random }

	const launch = async (): Promise<Promise<Outcome>[]> => {
		const free = capacity.free()
		if (free <= 0) return []
		const now = clock.now()
		const claimed = await claimDueDeliveries(sql, { now, limit: free, perEndpoint, skipEndpoints: capacity.saturatedEndpoints(), leaseMs })
		const withdrawn = claimed.withdrawn.map((delivery) => stoppedAsWithdrawn(delivery, logger, options.metrics))
		const claims = claimed.leased
		if (claims.length === 0) return withdrawn
		capacity.take(claims)
		let context: DeliveryContext
		try {
			context = await loadDeliveryContext(sql, claims, secretKeys, now)
		} catch (error) {
			for (const claim of claims) capacity.release(claim)
			throw error
		}
		const attempts = claims.map((claim) => {
			const attempt = attemptAndRecord(claim, context, attemptOptions).finally(() => {
				capacity.release(claim)
				running.delete(attempt)
				loop.wake()
			})
			running.add(attempt)
			return attempt
		})
		return [...withdrawn, ...attempts]
	}
	const loop = createPumpLoop(launch, capacity.hasRoom, logger)

	return {
		async tick() {
			await abandonStalled(sql, clock.now())
			const launched = await launch()
			return tally(await Promise.all(launched))
		},
		wake: loop.wake,
		start: loop.start,
		async stop() {
			await loop.stop()
			await Promise.all([...running])
		},
		inFlight: capacity.inFlight
	}
}

function resolveAllowList(allowList: DeliveryWorkerOptions['allowList']): AllowList {
	if (allowList === undefined) return parseAllowList([])
	return Array.isArray(allowList) ? parseAllowList(allowList) : (allowList as AllowList)
}

/** Attempts in flight in this replica, in all and per endpoint. */
function createCapacity(concurrency: number, perEndpoint: number) {
	const perEndpointInFlight = new Map<string, number>()
	let inFlight = 0
	return {
		inFlight: () => inFlight,
		free: () => concurrency - inFlight,
		hasRoom: () => inFlight < concurrency,
		saturatedEndpoints: () => [...perEndpointInFlight].filter(([, count]) => count >= perEndpoint).map(([id]) => id),
		take(claims: readonly ClaimedDelivery[]) {
			inFlight += claims.length
			for (const claim of claims) perEndpointInFlight.set(claim.endpointId, (perEndpointInFlight.get(claim.endpointId) ?? 0) + 1)
		},
		release(claim: ClaimedDelivery) {
			inFlight -= 1
			const left = (perEndpointInFlight.get(claim.endpointId) ?? 1) - 1
			if (left <= 0) perEndpointInFlight.delete(claim.endpointId)
			else perEndpointInFlight.set(claim.endpointId, left)
		}
	}
}

/** One attempt and its recorded outcome; an attempt that cannot be recorded is `error` and its lease lapses. */
async function attemptAndRecord(
	claim: ClaimedDelivery,
	context: DeliveryContext,
	options: DeliveryWorkerOptions & { allowList: AllowList; random: RandomSource }
): Promise<Outcome> {
	const { sql, clock, logger, allowList, random } = options
	try {
		const result = await attemptDelivery(claim, context.endpoints.get(claim.endpointId), context.events.get(claim.eventId), {
			clock,
			allowList,
			resolve: options.resolve,
			timeoutMs: options.timeoutMs,
			startTimer: options.startTimer,
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
		return 'error'
	}
}

/** A delivery the claim ended because its event was withdrawn: logged and counted, never attempted. */
function stoppedAsWithdrawn(delivery: ClaimedDelivery, logger: Logger, metrics: NotifierMetrics | undefined): Promise<Outcome> {
	logger.info('delivery of a withdrawn event abandoned without an attempt', {
		delivery_id: delivery.id,
		event_id: delivery.eventId,
		attempts_made: delivery.attempt
	})
	metrics?.withdrawn()
	return Promise.resolve('withdrawn')
}

function tally(outcomes: readonly Outcome[]): TickResult {
	const result = emptyResult()
	for (const outcome of outcomes) {
		if (outcome === 'withdrawn') {
			result.withdrawn += 1
			continue
		}
		result.attempted += 1
		if (outcome === 'delivered') result.delivered += 1
		else if (outcome === 'failed' || outcome === 'error') result.failed += 1
		else if (outcome === 'abandoned') result.abandoned += 1
		else result.superseded += 1
	}
	return result
}

/**
 * The running loop: one pass at a time leases and launches due work, and passes again while a pass
 * launched something and there is room, or when woken during a pass. Polls every `pollMs` once started.
 */
function createPumpLoop(launch: () => Promise<unknown[]>, hasRoom: () => boolean, logger: Logger) {
	let timer: ReturnType<typeof setInterval> | null = null
	let pumping: Promise<void> | null = null
	let pumpAgain = false
	const pumpUntilIdle = async () => {
		try {
			do {
				pumpAgain = false
				const launched = await launch()
				if (launched.length > 0 && hasRoom()) pumpAgain = true
			} while (pumpAgain && timer !== null)
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
	return {
		wake() {
			if (timer !== null) pump()
		},
		start(pollMs: number) {
			if (timer !== null) return
			timer = setInterval(pump, pollMs)
			pump()
		},
		async stop() {
			if (timer !== null) clearInterval(timer)
			timer = null
			await pumping
		}
	}
}
