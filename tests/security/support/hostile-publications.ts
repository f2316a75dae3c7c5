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
		{
			name: 'xl/workbook.xml',
			data: Buffer.from('<workbook><sheets><sheet name="Sheet1" r:id="rId1"/></sheets></workbook>'),
			method: 0,
			size: 0
		},
		{ name: 'xl/worksheets/sheet1.xml', data: sheet, method: 8, size: Math.min(inflated, 0xffffffff) }
	]
	const locals: Buffer[] = []
	const centrals: Buffer[] = []
	let offset = 0
	for (const entry of entries) {
		const name = Buffer.from(entry.name)
		const size = entry.method === 0 ? entry.data.length : entry.size
		// [byte offset, value, width] of the fields a ZIP reader looks at; the rest stay zero
		const local = zipRecord(30, 0x04034b50, [
			[4, 20, 2],
			[8, entry.method, 2],
			[18, entry.data.length, 4],
			[22, size, 4],
			[26, name.length, 2]
		])
		const central = zipRecord(46, 0x02014b50, [
			[4, 20, 2],
			[6, 20, 2],
			[10, entry.method, 2],
			[20, entry.data.length, 4],
			[24, size, 4],
			[28, name.length, 2],
			[42, offset, 4]
		])
		locals.push(local, name, entry.data)
		centrals.push(central, name)
		offset += local.length + name.length + entry.data.length
	}
	const directory = Buffer.concat(centrals)
	const end = zipRecord(22, 0x06054b50, [
		[8, entries.length, 2],
		[10, entries.length, 2],
		[12, directory.length, 4],
		[16, offset, 4]
	])
	return Buffer.concat([...locals, directory, end])
}

function zipRecord(length: number, signature: number, fields: [number, number, 2 | 4][]): Buffer {
	const record = Buffer.alloc(length)
	record.writeUInt32LE(signature, 0)
	for (const [at, value, width] of fields) {
		if (width === 2) record.writeUInt16LE(value, at)
		else record.writeUInt32LE(value, at)
	}
	return record
}
