import { type FramedAnswer, joinParts, wholeLength } from '@lv/contracts'

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
	 * Makes the answers of one reply that came with parts whole, in place (their bodies in one buffer, as a reply's
	 * are), keeping their sent parts; the places of those holding a part not at hand (ask them again without parts).
	 * `askedAs`: the store's name the reply was asked with.
	 */
	join(answers: FramedAnswer[], askedAs: string): number[] {
		let length = 0
		for (const answer of answers) if (answer.parts !== undefined) length += wholeLength(answer)
		// Not zeroed: every byte is written before it is read.
		const into = Buffer.allocUnsafe(length)
		const held = (tag: string) => this.#parts.get(tag)
		const keep = (tag: string, bytes: Uint8Array) => this.#keep(tag, bytes)
		const missing: number[] = []
		let offset = 0
		for (const [at, answer] of answers.entries()) {
			if (answer.parts === undefined) continue
			const whole = into.subarray(offset, offset + wholeLength(answer))
			offset += whole.byteLength
			if (joinParts(answer, whole, held, keep)) answers[at] = { ...answer, body: whole, parts: undefined }
			else missing.push(at)
		}
		if (missing.length > 0 && askedAs === this.name) this.#forget()
		return missing
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
