import type { OneCheck } from '@lv/contracts'

/** An answer's bytes as the checker sent them, and their tag (answerTag in @lv/contracts). */
export type HeldAnswer = { tag: string; body: Uint8Array }

/** About 1-2 kB each: a few MB per replica. */
const DEFAULT_CAPACITY = 4096

/**
 * The last answer received per check (without as_of), offered back to the checker as `known` so an
 * unchanged answer does not travel again. Only a cache of bytes: the checker decides every check.
 * At most `capacity` answers; the oldest goes first.
 */
export class HeldAnswers {
	readonly #capacity: number
	readonly #answers = new Map<string, HeldAnswer>()

	constructor(capacity = DEFAULT_CAPACITY) {
		this.#capacity = capacity
	}

	static keyOf(check: OneCheck): string {
		return 'domain' in check ? `d\u0000${check.domain}` : `l\u0000${check.license_number}`
	}

	get(key: string): HeldAnswer | undefined {
		return this.#answers.get(key)
	}

	/** Keeps a copy of the bytes: the received body is a view into the whole reply message. */
	hold(key: string, answer: HeldAnswer): void {
		if (this.#answers.get(key)?.tag === answer.tag) return
		this.#answers.delete(key)
		if (this.#answers.size >= this.#capacity) this.#answers.delete(this.#answers.keys().next().value as string)
		this.#answers.set(key, { tag: answer.tag, body: answer.body.slice() })
	}

	get size(): number {
		return this.#answers.size
	}
}
