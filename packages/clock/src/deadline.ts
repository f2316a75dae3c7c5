export class DeadlineError extends Error {
	constructor(timeoutMs: number) {
		super(`not settled within ${timeoutMs} ms`)
		this.name = 'DeadlineError'
	}
}

/** Calls `fire` after `ms` unless the returned cancel runs first (tests pass ManualTimers' one). */
export type StartTimer = (ms: number, fire: () => void) => () => void

export const realTimer: StartTimer = (ms, fire) => {
	const timer = setTimeout(fire, ms)
	return () => clearTimeout(timer)
}

export type DeadlineOptions = {
	startTimer?: StartTimer
	/** The rejection once the deadline passes; a DeadlineError when absent. */
	error?: () => Error
	/** Runs once the deadline has passed, after the rejection: `work` settled by it cannot win the race any more. */
	onExpired?: () => void
}

/** `work`'s outcome, or a rejection once `timeoutMs` has passed first; a late outcome is ignored. */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, options: DeadlineOptions = {}): Promise<T> {
	const { startTimer = realTimer, error = () => new DeadlineError(timeoutMs), onExpired } = options
	let cancel = () => {}
	const deadline = new Promise<never>((_, reject) => {
		cancel = startTimer(timeoutMs, () => {
			reject(error())
			onExpired?.()
		})
	})
	work.catch(() => {})
	return Promise.race([work, deadline]).finally(cancel)
}

/** Whether `work` fulfils before `timeoutMs` passes: a rejection or the deadline is false. */
export const settlesWithin = (work: Promise<unknown>, timeoutMs: number, startTimer?: StartTimer): Promise<boolean> =>
	withDeadline(work, timeoutMs, { startTimer }).then(
		() => true,
		() => false
	)

/** Timers a test fires by hand: no waiting on the wall clock. */
export class ManualTimers {
	readonly pending: { ms: number; fire: () => void; cancelled: boolean }[] = []
	private readonly onStart: (() => void)[] = []

	readonly startTimer: StartTimer = (ms, fire) => {
		const timer = { ms, fire, cancelled: false }
		this.pending.push(timer)
		for (const notify of this.onStart.splice(0)) notify()
		return () => {
			timer.cancelled = true
		}
	}

	/** Resolves once a timer not cancelled is pending (at once if one is), for work that starts its timer turns later. */
	started(): Promise<void> {
		if (this.pending.some((timer) => !timer.cancelled)) return Promise.resolve()
		return new Promise((resolve) => this.onStart.push(resolve))
	}

	/** Fires every timer started and not cancelled, in start order. */
	fireAll(): void {
		for (const timer of this.pending.splice(0)) if (!timer.cancelled) timer.fire()
	}
}
