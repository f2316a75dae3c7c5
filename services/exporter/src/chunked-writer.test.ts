import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ChunkedWriter } from './chunked-writer.ts'

async function collect(chunkBytes: number, pieces: string[]) {
	const chunks: { seq: number; data: Uint8Array }[] = []
	const writer = new ChunkedWriter(chunkBytes, async (seq, data) => {
		chunks.push({ seq, data })
	})
	for (const piece of pieces) await writer.write(piece)
	return { chunks, totals: await writer.finish() }
}

const concat = (chunks: { data: Uint8Array }[]) => Buffer.concat(chunks.map((chunk) => chunk.data))

describe('ChunkedWriter', () => {
	test('cuts the bytes into full chunks numbered from 0 and a last partial one', async () => {
		const { chunks, totals } = await collect(16, ['x'.repeat(40)])
		expect(chunks.map((chunk) => [chunk.seq, chunk.data.length])).toEqual([
			[0, 16],
			[1, 16],
			[2, 8]
		])
		expect(totals).toMatchObject({ sizeBytes: 40, chunkCount: 3 })
	})

	test('an empty file has no chunk and the SHA-256 of nothing', async () => {
		const { chunks, totals } = await collect(16, [])
		expect(chunks).toHaveLength(0)
		expect(totals).toEqual({ sizeBytes: 0, chunkCount: 0, sha256: new Bun.CryptoHasher('sha256').update('').digest('hex') })
	})

	test('multi-byte characters split across chunks reassemble to the same UTF-8 text, size and hash', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }),
				fc.integer({ min: 16, max: 64 }),
				async (pieces, size) => {
					const { chunks, totals } = await collect(size, pieces)
					const bytes = concat(chunks)
					const text = pieces.join('')
					expect(bytes.toString('utf8')).toBe(Buffer.from(text, 'utf8').toString('utf8'))
					expect(totals.sizeBytes).toBe(bytes.length)
					expect(totals.sha256).toBe(new Bun.CryptoHasher('sha256').update(bytes).digest('hex'))
					expect(chunks.every((chunk, i) => chunk.seq === i && (i === chunks.length - 1 || chunk.data.length === size))).toBe(true)
				}
			)
		)
	})

	test('a chunk handed out is not changed by later writes', async () => {
		const { chunks } = await collect(16, ['a'.repeat(16), 'b'.repeat(16)])
		expect(Buffer.from(chunks[0]?.data ?? []).toString()).toBe('a'.repeat(16))
	})

	test('a chunk size below 16 bytes is refused', () => {
		expect(() => new ChunkedWriter(8, async () => {})).toThrow()
	})
})
