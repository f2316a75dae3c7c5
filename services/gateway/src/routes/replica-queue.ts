/**
 * Work shared over named replicas with at most one piece of this process's work in flight on each (ADR 0056):
 * pieces wait here in arrival order, and a replica that finishes one takes the next, so a replica that is slower
 * for a while (its CPU shared, a collection) takes fewer pieces instead of holding a queue of its own. `replicas`
 * is read whenever a piece could start; when it names none, a waiting piece runs on `undefined` (the caller's
 * fallback) at once.
 */
export class ReplicaQueue {
	readonly #replicas: () => readonly string[]
	readonly #busy = new Set<string>()
	readonly #waiting: ((replica: string | undefined) => void)[] = []

	constructor(replicas: () => readonly string[]) {
		this.#replicas = replicas
	}

	/** `work` on a replica free of this queue's work (or on `undefined` when no replica is named), in arrival order. */
	async run<T>(work: (replica: string | undefined) => Promise<T>): Promise<T> {
		const replica = await new Promise<string | undefined>((start) => {
			this.#waiting.push(start)
			this.#startWaiting()
		})
		try {
			return await work(replica)
		} finally {
			if (replica !== undefined) this.#busy.delete(replica)
			this.#startWaiting()
		}
	}

	#startWaiting() {
		const replicas = this.#replicas()
		if (replicas.length === 0) {
			for (const start of this.#waiting.splice(0)) start(undefined)
			return
		}
		for (const replica of replicas) {
			if (this.#waiting.length === 0) return
			if (this.#busy.has(replica)) continue
			this.#busy.add(replica)
			this.#waiting.shift()?.(replica)
		}
	}
}
