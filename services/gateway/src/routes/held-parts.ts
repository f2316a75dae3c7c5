import { type FramedAnswer, joinParts } from '@lv/contracts'

/** About 65,000 parts of 500 bytes: every part of the 500k-link world's answers (ADR 0074). */
const DEFAULT_CAPACITY_BYTES = 32 << 20

/**
 * The answer parts received from checkers, by tag (ADR 0074), so a part a checker sent before travels as its tag
 * alone. The checkers know the store as `id.epoch` (`name`): when the store is full it drops every part and takes
 * a new epoch, and when a reply of the current epoch holds a part the store lacks (a reply that never arrived had
 * it), it takes a new epoch too, so the checkers send every part in full again from then on.
 */
export class HeldParts {
	readonly #id = crypto.randomUUID()
	readonly #capacityBytes: number
	#epoch = 0
	#parts = new Map<string, Uint8Array>()
	#bytes = 0

	constructor(capacityBytes = DEFAULT_CAPACITY_BYTES) {
		this.#capacityBytes = capacityBytes
	}

	/** The store's name for `check.many`'s `parts`. */
	get name(): string {
		return `${this.#id}.${this.#epoch}`
	}

	/**
	 * `answer`'s whole bytes, its sent parts kept; undefined when it holds a part not at hand (ask it again without
	 * parts). `askedAs`: the store's name the answer was asked with.
	 */
	join(answer: FramedAnswer, askedAs: string): Uint8Array | undefined {
		const whole = joinParts(
			answer,
			(tag) => this.#parts.get(tag),
			(tag, bytes) => this.#keep(tag, bytes)
		)
		if (whole === undefined && askedAs === this.name) this.#forget()
		return whole
	}

	#keep(tag: string, bytes: Uint8Array): void {
		if (this.#parts.has(tag)) return
		if (this.#bytes + bytes.byteLength > this.#capacityBytes) this.#forget()
		// A copy: the received bytes are a view into the whole reply.
		this.#parts.set(tag, bytes.slice())
		this.#bytes += bytes.byteLength
	}

	#forget(): void {
		this.#parts = new Map()
		this.#bytes = 0
		this.#epoch++
	}
}
