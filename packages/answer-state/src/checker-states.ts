import type { Clock } from '@lv/clock'
import type { HeldState, StateReport } from './report.ts'

type Replica = {
	seq: number
	/** null: two reports of one seq disagreed, so nothing is agreed until the replica reports a later seq */
	state: string | null
	leaving: boolean
	/** the latest moment (gateway clock) at which this seq is proven current: a request sent then was answered with it */
	provenAtMs: number
	heardAtMs: number
}

export type CheckerStatesOptions = {
	clock: Clock
	/** H: a replica's state counts only while proven less than this long ago. */
	proofMs: number
	/** A replica not heard from for this long is forgotten (gone, or unable to answer this gateway anyway). */
	forgetMs: number
}

/**
 * The gateway's view of the checker replicas' answer states (ADR 0048), and the rule for serving a held
 * answer without asking: every replica heard from within `forgetMs` and not leaving reports the state
 * the answer was computed on, each proven within `proofMs` (H), and the answer's freshness holds. A
 * report answering a request the gateway sent at `sentAtMs` proves the replica was on that state at
 * some moment after `sentAtMs`; an announcement heard unasked only moves the replica to its new state
 * (unproven until a reply proves it), never proves it.
 */
export class CheckerStates {
	readonly #clock: Clock
	readonly #proofMs: number
	readonly #forgetMs: number
	readonly #replicas = new Map<string, Replica>()

	constructor(options: CheckerStatesOptions) {
		this.#clock = options.clock
		this.#proofMs = options.proofMs
		this.#forgetMs = options.forgetMs
	}

	/** The instant on this view's clock, which a request's `sentAtMs` must be taken on. */
	nowMs(): number {
		return this.#clock.nowMs()
	}

	/** A replica's report: a reply to a request this gateway sent at `sentAtMs`, or (without it) an announcement. */
	heard(report: StateReport, sentAtMs?: number): void {
		const heardAtMs = this.#clock.nowMs()
		const provenAtMs = sentAtMs ?? Number.NEGATIVE_INFINITY
		const leaving = report.leaving === true
		const known = this.#replicas.get(report.replica)
		if (known !== undefined && report.seq < known.seq) return
		if (known === undefined || report.seq > known.seq) {
			this.#replicas.set(report.replica, { seq: report.seq, state: report.state, leaving, provenAtMs, heardAtMs })
			return
		}
		if (known.state !== report.state || known.leaving !== leaving) known.state = null
		known.provenAtMs = Math.max(known.provenAtMs, provenAtMs)
		known.heardAtMs = Math.max(known.heardAtMs, heardAtMs)
	}

	/** The state every replica known now reports, each proven within H; undefined when they differ, one is unproven, or none is known. */
	agreedState(): string | undefined {
		const nowMs = this.#clock.nowMs()
		let agreed: string | undefined
		for (const [id, replica] of this.#replicas) {
			if (nowMs - replica.heardAtMs >= this.#forgetMs) {
				this.#replicas.delete(id)
				continue
			}
			if (replica.leaving) continue
			// A clock stepped back makes every proof look younger than it is: none counts until it has caught up.
			const sinceProof = nowMs - replica.provenAtMs
			if (replica.state === null || !(sinceProof >= 0 && sinceProof < this.#proofMs)) return undefined
			if (agreed !== undefined && agreed !== replica.state) return undefined
			agreed = replica.state
		}
		return agreed
	}

	/** The replicas heard from and not yet forgotten, with what was last heard of each (diagnostics and tests). */
	replicas(): { replica: string; seq: number; state: string | null; leaving: boolean; provenAtMs: number }[] {
		return [...this.#replicas].map(([replica, { seq, state, leaving, provenAtMs }]) => ({ replica, seq, state, leaving, provenAtMs }))
	}

	/** Whether a held answer may be served without asking: its state is agreed and its freshness holds now. */
	servable(held: HeldState): boolean {
		const nowMs = this.#clock.nowMs()
		return nowMs >= held.provenAtMs && nowMs < held.freshUntilMs && this.agreedState() === held.state
	}
}
