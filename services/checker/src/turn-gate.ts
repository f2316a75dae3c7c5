/**
 * Runs one piece of work per event-loop turn: the first `run` of a turn starts at once, later ones wait
 * for turns of their own (setImmediate), in order. What the work queues as microtasks (a NATS reply's
 * publish and its socket write) therefore happens before the next piece starts (ADR 0071).
 *
 * The checker answers each `check.many` message through one gate: when two messages arrive in one
 * socket read, the NATS client hands both over in one turn, and without the gate the first reply would
 * wait in the client's buffer until the second message had been answered; the sender then gets both
 * replies at once and sends its next two messages together, and the replica idles while they travel.
 */
export type TurnGate = { run<T>(work: () => T): Promise<Awaited<T>> }

export function createTurnGate(): TurnGate {
	const waiting: (() => void)[] = []
	let usedThisTurn = false

	function nextTurn() {
		const next = waiting.shift()
		if (next === undefined) {
			usedThisTurn = false
			return
		}
		setImmediate(nextTurn)
		next()
	}

	return {
		run<T>(work: () => T): Promise<Awaited<T>> {
			if (!usedThisTurn) {
				usedThisTurn = true
				setImmediate(nextTurn)
				try {
					return Promise.resolve(work())
				} catch (error) {
					return Promise.reject(error)
				}
			}
			return new Promise<Awaited<T>>((resolve, reject) => {
				waiting.push(() => {
					try {
						resolve(work() as Awaited<T>)
					} catch (error) {
						reject(error)
					}
				})
			})
		}
	}
}
