/** A job's progress as the page shows it: share done, entries per second so far, seconds left at that rate. */
export type Progress = { done: number; total: number; percent: number; perSecond: number | null; secondsLeft: number | null }

export function progressOf(input: { done: number; total: number; startedAtMs: number | null; nowMs: number }): Progress {
	const { done, total } = input
	const percent = total === 0 ? 100 : Math.floor((done / total) * 100)
	const elapsedSeconds = input.startedAtMs === null ? 0 : (input.nowMs - input.startedAtMs) / 1000
	const perSecond = done > 0 && elapsedSeconds > 0 ? done / elapsedSeconds : null
	const secondsLeft = perSecond === null ? null : Math.ceil((total - done) / perSecond)
	return { done, total, percent, perSecond, secondsLeft }
}
