import type { Bus } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { JURISDICTION_CODES } from '@lv/registers'
import { enqueueReads } from '../../services/reader/src/scheduler.ts'

/** One keyed check as the client saw it: when it was answered and its status (0: no answer from any gateway). */
export type CheckSample = { atMs: number; status: number }

export type CheckFigures = {
	sent: number
	answered200: number
	errors: number
	/** Requests whose connection broke after they were sent: the gateway may have counted them. */
	lostInFlight: number
	samples: CheckSample[]
}

const DOMAINS = ['kestrelbet.co.uk', 'firstplaybingo.co.uk', 'unknown-casino.example', 'hrcasino-mirror3.io']

/**
 * A steady load of keyed checks spread over the gateways as a load balancer would: round-robin, and a
 * request whose gateway refuses the connection goes to the next one. Paced at `perSecond`.
 */
export function startCheckLoad(options: { gatewayUrls: string[]; apiKey: string; perSecond: number; workers?: number }) {
	const workers = options.workers ?? 4
	const intervalMs = (1_000 * workers) / options.perSecond
	const samples: CheckSample[] = []
	let lostInFlight = 0
	let next = 0
	let running = true

	const once = async (query: string) => {
		const first = next++
		for (let offset = 0; offset < options.gatewayUrls.length; offset++) {
			const url = options.gatewayUrls[(first + offset) % options.gatewayUrls.length]
			try {
				const response = await fetch(`${url}/v1/check?${query}`, {
					headers: { authorization: `Bearer ${options.apiKey}` },
					signal: AbortSignal.timeout(10_000)
				})
				await response.arrayBuffer()
				return { status: response.status }
			} catch (error) {
				// refused: the balancer's next backend; broken after sending: the call may have been counted
				if ((error as { code?: string }).code !== 'ECONNREFUSED') lostInFlight++
			}
		}
		return { status: 0 }
	}

	const loops = Array.from({ length: workers }, async (_, worker) => {
		for (let n = worker; running; n += workers) {
			const startedAt = Date.now()
			const result = await once(`domain=${DOMAINS[n % DOMAINS.length]}`)
			samples.push({ atMs: Date.now(), ...result })
			const wait = intervalMs - (Date.now() - startedAt)
			if (wait > 0) await Bun.sleep(wait)
		}
	})

	return {
		samples,
		async stop(): Promise<CheckFigures> {
			running = false
			await Promise.all(loops)
			return {
				sent: samples.length,
				answered200: samples.filter((sample) => sample.status === 200).length,
				errors: samples.filter((sample) => sample.status !== 200).length,
				lostInFlight,
				samples
			}
		}
	}
}

/** Error share and longest stretch without a successful answer among the samples in [fromMs, toMs]. */
export function availabilityBetween(samples: CheckSample[], fromMs: number, toMs: number) {
	const inWindow = samples.filter((sample) => sample.atMs >= fromMs && sample.atMs <= toMs).sort((a, b) => a.atMs - b.atMs)
	const errors = inWindow.filter((sample) => sample.status !== 200).length
	let last = fromMs
	let longestGapMs = 0
	for (const sample of inWindow) {
		if (sample.status !== 200) continue
		longestGapMs = Math.max(longestGapMs, sample.atMs - last)
		last = sample.atMs
	}
	longestGapMs = Math.max(longestGapMs, toMs - last)
	return { checks: inWindow.length, errors, errorRate: inWindow.length === 0 ? 0 : errors / inWindow.length, longestGapMs }
}

/** Register reads as the reader's scheduler enqueues them: one jurisdiction after another, each job a new slot. */
export function startReadLoad(options: { bus: Bus; everyMs: number }) {
	let running = true
	let enqueued = 0
	const loop = (async () => {
		for (let n = 0; running; n++) {
			const code = JURISDICTION_CODES[n % JURISDICTION_CODES.length] as (typeof JURISDICTION_CODES)[number]
			await enqueueReads(options.bus, systemClock, [code], `cluster-load-${n}`, 'manual')
			enqueued++
			await Bun.sleep(options.everyMs)
		}
	})()
	return {
		async stop() {
			running = false
			await loop
			return enqueued
		}
	}
}
