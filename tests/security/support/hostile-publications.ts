import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createDeflateRaw, gzipSync } from 'node:zlib'

/**
 * Hostile publications for the register readers, generated as streams: nothing here holds more
 * than a megabyte of a bomb in memory or writes any of it to disk.
 */

export const MIB = 1024 * 1024
export const GIB = 1024 * MIB

/** Counts what a hostile body really sent before the reader hung up. */
export type SentCounter = { bytes: number }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * `total` bytes of zeros as gzip: one 1 MiB member repeated (a valid multi-member gzip stream of
 * about 1 KB a member), sent a member at a time, `delayMs` apart (served slowly).
 */
export async function* gzipBomb(total: number, sent: SentCounter, delayMs = 0): AsyncGenerator<Uint8Array> {
	const member = gzipSync(new Uint8Array(MIB), { level: 9 })
	for (let produced = 0; produced < total; produced += MIB) {
		if (delayMs > 0) await sleep(delayMs)
		sent.bytes += member.length
		yield member
	}
}

/** `total` bytes of zeros compressed with brotli as they are asked for. */
export async function* brotliBomb(total: number, sent: SentCounter): AsyncGenerator<Uint8Array> {
	const compressed = zeros(total).pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }))
	try {
		for await (const chunk of compressed) {
			sent.bytes += (chunk as Buffer).length
			yield chunk as Buffer
		}
	} finally {
		compressed.destroy()
	}
}

/** A body that sends one byte every `delayMs`, `total` bytes long. */
export async function* slowDrip(total: number, delayMs: number, sent: SentCounter): AsyncGenerator<Uint8Array> {
	for (let index = 0; index < total; index++) {
		await sleep(delayMs)
		sent.bytes += 1
		yield new Uint8Array([0x41])
	}
}

/** Zeros as a lazy stream of 1 MiB chunks. */
function zeros(total: number): Readable {
	let left = total
	const chunk = new Uint8Array(MIB)
	return new Readable({
		read() {
			if (left <= 0) return void this.push(null)
			const size = Math.min(left, chunk.length)
			left -= size
			this.push(chunk.subarray(0, size))
		}
	})
}

/** Raw-deflates `total` zero bytes as a stream (about 1 KB of output per MiB). */
async function deflatedZeros(total: number): Promise<Buffer> {
	const parts: Buffer[] = []
	for await (const part of zeros(total).pipe(createDeflateRaw({ level: 9 }))) parts.push(part as Buffer)
	return Buffer.concat(parts)
}

/**
 * An XLSX (a ZIP) whose worksheet part inflates to `inflated` zero bytes: a few hundred KB to
 * send, far more once opened. CRCs are left zero; the reader never trusts them.
 */
export async function xlsxBomb(inflated: number): Promise<Uint8Array> {
	const sheet = await deflatedZeros(inflated)
	const entries = [
		{ name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="Sheet1" r:id="rId1"/></sheets></workbook>'), method: 0, size: 0 },
		{ name: 'xl/worksheets/sheet1.xml', data: sheet, method: 8, size: Math.min(inflated, 0xffffffff) }
	]
	const locals: Buffer[] = []
	const centrals: Buffer[] = []
	let offset = 0
	for (const entry of entries) {
		const name = Buffer.from(entry.name)
		const size = entry.method === 0 ? entry.data.length : entry.size
		const local = Buffer.alloc(30)
		local.writeUInt32LE(0x04034b50, 0)
		local.writeUInt16LE(20, 4)
		local.writeUInt16LE(entry.method, 8)
		local.writeUInt32LE(entry.data.length, 18)
		local.writeUInt32LE(size, 22)
		local.writeUInt16LE(name.length, 26)
		const central = Buffer.alloc(46)
		central.writeUInt32LE(0x02014b50, 0)
		central.writeUInt16LE(20, 4)
		central.writeUInt16LE(20, 6)
		central.writeUInt16LE(entry.method, 10)
		central.writeUInt32LE(entry.data.length, 20)
		central.writeUInt32LE(size, 24)
		central.writeUInt16LE(name.length, 28)
		central.writeUInt32LE(offset, 42)
		locals.push(local, name, entry.data)
		centrals.push(central, name)
		offset += local.length + name.length + entry.data.length
	}
	const directory = Buffer.concat(centrals)
	const end = Buffer.alloc(22)
	end.writeUInt32LE(0x06054b50, 0)
	end.writeUInt16LE(entries.length, 8)
	end.writeUInt16LE(entries.length, 10)
	end.writeUInt32LE(directory.length, 12)
	end.writeUInt32LE(offset, 16)
	return Buffer.concat([...locals, directory, end])
}

/** A PDF of `count` empty indirect objects (about 20 bytes each). */
export function manyObjectsPdf(count: number): Uint8Array {
	const parts = ['%PDF-1.4\n']
	for (let id = 1; id <= count; id++) parts.push(`${id} 0 obj\n<<>>\nendobj\n`)
	parts.push('trailer\n<< /Size 1 >>\n%%EOF\n')
	return new TextEncoder().encode(parts.join(''))
}

/** A PDF of `streams` Flate streams, each inflating to `each` zero bytes. */
export async function inflatingPdf(streams: number, each: number): Promise<Uint8Array> {
	const raw = await deflatedZeros(each)
	// a zlib stream: header, the raw deflate data, and an Adler-32 the reader does not need to match
	const data = Buffer.concat([Buffer.from([0x78, 0xda]), raw, Buffer.alloc(4)])
	const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')]
	for (let id = 1; id <= streams; id++) parts.push(Buffer.from(`${id} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream\nendobj\n'))
	parts.push(Buffer.from('trailer\n<< /Size 1 >>\n%%EOF\n'))
	return Buffer.concat(parts)
}
