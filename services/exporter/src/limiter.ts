/** At most `limit` tasks at once; the rest wait in arrival order. */
export class Limiter {
	private active = 0
	private readonly waiting: (() => void)[] = []

	constructor(private readonly limit: number) {
		if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`)
	}

	get running(): number {
		return this.active
	}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
		else this.active++
		try {
			return await task()
		} finally {
			const next = this.waiting.shift()
			if (next) next()
			else this.active--
		}
	}
}
