/**
 * What a checker replica says of the answers it gives: the state they are computed on (`state`, equal
 * on every replica whose answers to the same check are byte-identical), how many milliseconds from the
 * moment it was computed that state's freshness holds (`freshForMs`), and `seq`, which the replica raises
 * on every change of its state, so a report overtaken by a later one is recognised. `leaving`: the
 * replica stops answering checks.
 */
export type StateReport = {
	readonly replica: string
	readonly seq: number
	readonly state: string
	readonly freshForMs: number
	readonly leaving?: boolean
}

/**
 * The share of a duration taken off before a gateway relies on it: the gateway measures a checker's
 * duration on its own clock, and clocks may run at slightly different rates (as ADR 0031's leases).
 */
export const CLOCK_RATE_MARGIN = 0.01

/** A held answer's standing: the state it was computed on, when the gateway last had that proven, and until when its freshness holds. */
export type HeldState = { readonly state: string; readonly provenAtMs: number; readonly freshUntilMs: number }

/**
 * A held answer's standing from the report of the reply that brought or confirmed it. `sentAtMs` is when
 * the gateway sent the request (on its own clock): the replica computed the answer after that, so its
 * freshness holds at least `freshForMs` (less the rate margin) from then.
 */
export function heldStateOf(report: Pick<StateReport, 'state' | 'freshForMs'>, sentAtMs: number): HeldState {
	return { state: report.state, provenAtMs: sentAtMs, freshUntilMs: sentAtMs + Math.floor(report.freshForMs * (1 - CLOCK_RATE_MARGIN)) }
}
