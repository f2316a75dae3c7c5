/**
 * Writes an answer's bytes into one buffer kept between answers, then copies out exactly what was written:
 * an answer is written in one synchronous call, so the buffer is never shared between two.
 */
export class AnswerWriter {
	#buffer = new Uint8Array(16_384)
	#length = 0

	/** Starts an answer: whatever an answer that failed half-way left is dropped. */
	start(): void {
		this.#length = 0
	}

	bytes(part: Uint8Array): void {
		this.#room(part.byteLength)
		this.#buffer.set(part, this.#length)
		this.#length += part.byteLength
	}

	/** `length` bytes of `source` from `start` (Buffer's copy: no view of the source is made). */
	copy(source: Buffer, start: number, length: number): void {
		this.#room(length)
		source.copy(this.#buffer, this.#length, start, start + length)
		this.#length += length
	}

	byte(value: number): void {
		this.#room(1)
		this.#buffer[this.#length++] = value
	}

	/** A normalised hostname: letters, digits, dots and hyphens, one byte each and nothing to escape in JSON. */
	hostname(text: string): void {
		this.#room(text.length)
		const buffer = this.#buffer
		let at = this.#length
		for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i)
		this.#length = at
	}

	take(): Uint8Array {
		const written = this.#buffer.slice(0, this.#length)
		this.#length = 0
		return written
	}

	#room(more: number): void {
		if (this.#length + more <= this.#buffer.byteLength) return
		const grown = new Uint8Array(Math.max(2 * this.#buffer.byteLength, this.#length + more))
		grown.set(this.#buffer.subarray(0, this.#length))
		this.#buffer = grown
	}
}
