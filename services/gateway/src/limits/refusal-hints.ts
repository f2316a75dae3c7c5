const MAX_REMEMBERED_REFUSALS = 10_000

/** Subjects (an account, or a legacy trial key) a keyed limit refused, until the end of the refusing window. */
export class RefusalHints {
	readonly #untilMs = new Map<string, number>()

	note(subject: string, untilMs: number): void {
		if (this.#untilMs.size >= MAX_REMEMBERED_REFUSALS) this.#untilMs.clear()
		this.#untilMs.set(subject, untilMs)
	}

	isRefused(subject: string, nowMs: number): boolean {
		const untilMs = this.#untilMs.get(subject)
		if (untilMs === undefined) return false
		if (nowMs < untilMs) return true
		this.#untilMs.delete(subject)
		return false
	}
}
