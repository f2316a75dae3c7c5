import { CheckerStates, type StateReport } from '@lv/answer-state'
import { type Bus, decodeBody, scatter } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { CheckStateProbe, CheckerStateReport, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'

/** A replica silent for this many proof bounds is forgotten (ADR 0048). */
const FORGET_AFTER_PROOF_BOUNDS = 10
/** Probes per proof bound: a replica answering one probe in four stays proven. */
const PROBES_PER_PROOF_BOUND = 4
/** Probe send times kept for their replies; a reply to an older probe proves nothing H allows. */
const PROBES_REMEMBERED = PROBES_PER_PROOF_BOUND * 2

export const reportFromWire = (report: CheckerStateReport): StateReport => ({
	replica: report.replica,
	seq: report.seq,
	state: report.state,
	freshForMs: report.fresh_for_ms,
	leaving: report.leaving === true
})

export type CheckerStateWatch = {
	readonly states: CheckerStates
	/** Asks every checker replica for its state now (also done every proof bound / 4). */
	probe(): void
	stop(): Promise<void>
}

/**
 * The gateway replica's view of the checker replicas' answer states (ADR 0048): it hears their
 * announcements on `check.state.changed` and probes them on `check.state`; a reply proves its replica's
 * state from the moment the probe was sent. `check.many` replies feed the same view (check-dispatch.ts).
 */
export function watchCheckerStates(deps: {
	bus: Bus
	clock: Clock
	logger: Logger
	/** H */
	proofMs: number
	/** Default: H / 4; tests probe by hand. */
	probeEveryMs?: number
}): CheckerStateWatch {
	const { bus, clock, logger, proofMs } = deps
	const states = new CheckerStates({ clock, proofMs, forgetMs: proofMs * FORGET_AFTER_PROOF_BOUNDS })
	const sentAt = new Map<number, number>()
	const probes = scatter(bus, {
		subject: subjects.checkState,
		schema: CheckStateProbe,
		replySchema: CheckerStateReport,
		logger,
		onReply: (report, request) => states.heard(reportFromWire(report), sentAt.get(request))
	})
	const announcements = bus.nc.subscribe(subjects.checkStateChanged, {
		callback: (error, msg) => {
			if (error) return logger.error('checker state subscription error', { error })
			try {
				states.heard(reportFromWire(decodeBody(CheckerStateReport, msg.subject, msg.data)))
			} catch (invalid) {
				logger.warn('ignoring an invalid checker state announcement', { error: invalid })
			}
		}
	})
	const probe = () => {
		const sentAtMs = clock.nowMs()
		const request = probes.send({ id: crypto.randomUUID(), sent_at: new Date(sentAtMs).toISOString() })
		sentAt.set(request, sentAtMs)
		sentAt.delete(request - PROBES_REMEMBERED)
	}
	const timer = setInterval(probe, deps.probeEveryMs ?? Math.max(1, Math.floor(proofMs / PROBES_PER_PROOF_BOUND)))
	probe()
	return {
		states,
		probe,
		async stop() {
			clearInterval(timer)
			await announcements.drain()
			await probes.stop()
		}
	}
}
