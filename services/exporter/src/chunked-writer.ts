/**
 * Turns a stream of text pieces into fixed-size byte chunks handed to `flush` one at a time, and
 * keeps the file's size and SHA-256 on the way, so a file of any size costs one chunk of memory.
 */
export class ChunkedWriter {
	private readonly encoder = new TextEncoder()
	private readonly hasher = new Bun.CryptoHasher('sha256')
	private buffer: Uint8Array
	private used = 0
	private chunks = 0
	private bytes = 0

	constructor(
		private readonly chunkBytes: number,
		private readonly flush: (seq: number, data: Uint8Array) => Promise<void>
	) {
		if (!Number.isInteger(chunkBytes) || chunkBytes < 16)
			throw new Error(`chunk size must be an integer of at least 16 bytes, got ${chunkBytes}`)
		this.buffer = new Uint8Array(chunkBytes)
	}

	async write(text: string): Promise<void> {
		let data = this.encoder.encode(text)
		while (data.length > 0) {
			const room = this.chunkBytes - this.used
			const take = Math.min(room, data.length)
			this.buffer.set(data.subarray(0, take), this.used)
			this.used += take
			data = data.subarray(take)
			if (this.used === this.chunkBytes) await this.emit()
		}
	}

	/** Flushes the last partial chunk; returns the file's totals. */
	async finish(): Promise<{ sizeBytes: number; chunkCount: number; sha256: string }> {
		if (this.used > 0) await this.emit()
		return { sizeBytes: this.bytes, chunkCount: this.chunks, sha256: this.hasher.digest('hex') }
	}

	private async emit(): Promise<void> {
		const chunk = this.buffer.slice(0, this.used)
		this.hasher.update(chunk)
		this.bytes += chunk.length
		this.used = 0
		await this.flush(this.chunks++, chunk)
	}
}
