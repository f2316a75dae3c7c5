export class DeadlineError extends Error {
	constructor(timeoutMs: number) {
		super(`not settled within ${timeoutMs} ms`)
		this.name = 'DeadlineError'
	}
}

/** Calls `fire` after `ms` unless the returned cancel runs first (tests pass a manual one). */
export type StartTimer = (ms: number, fire: () => void) => () => void

export const realTimer: StartTimer = (ms, fire) => {
	const timer = setTimeout(fire, ms)
	return () => clearTimeout(timer)
}

/** `work`'s outcome, or a DeadlineError once `timeoutMs` has passed first; a late outcome is ignored. */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, startTimer: StartTimer = realTimer): Promise<T> {
	let cancel = () => {}
	const deadline = new Promise<never>((_, reject) => {
		cancel = startTimer(timeoutMs, () => reject(new DeadlineError(timeoutMs)))
	})
	work.catch(() => {})
	return Promise.race([work, deadline]).finally(cancel)
}
