/**
 * A batch row as the checker has it: its JSON's bytes, and its tag (answerTag, 22 characters) when the
 * checker keeps the row (asked before on its state), so that a gateway may hold it and offer the tag back as
 * `known`.
 */
export type BatchRowBytes = { readonly bytes: Uint8Array; readonly tag?: string | undefined }

/** A row of a framed reply: its bytes and tag, or `unchanged` (the row held for the tag offered) without bytes. */
export type BatchRowFrame = { unchanged: true } | { unchanged: false; bytes: Uint8Array; tag: string | undefined }

/** The first byte of a framed reply; a plain batch answer starts with `{`. */
const FRAMED = 0x01
const TAG_LENGTH = 22
const UNCHANGED_BIT = 0x8000_0000
const TAGGED_BIT = 0x4000_0000
const LENGTH_BITS = 0x3fff_ffff
const HEADER = 3

/**
 * The reply to a `check.batch` that offered `known` tags (one per entry, '' for none): the rows as frames,
 * then what follows them. Binary, so that neither side writes or reads a JSON index: byte 0 is 1, bytes 1–2
 * the number of rows (little-endian); then a 32-bit word per row (bit 31: unchanged, the row whose tag was
 * offered, sent without bytes; bit 30: tagged; bits 0–29: its length in bytes); then the tags of the tagged
 * rows (22 ASCII bytes each, in row order); then the rows' bytes back to back, then `rest`.
 */
export function encodeBatchRows(rows: readonly BatchRowBytes[], known: readonly string[], rest: Uint8Array): Uint8Array {
	let tagged = 0
	for (let at = 0; at < rows.length; at++) {
		const tag = (rows[at] as BatchRowBytes).tag
		if (tag !== undefined && tag !== known[at]) tagged++
	}
	const header = Buffer.allocUnsafe(HEADER + 4 * rows.length + TAG_LENGTH * tagged)
	header[0] = FRAMED
	header.writeUInt16LE(rows.length, 1)
	const pieces: Uint8Array[] = [header]
	let tagAt = HEADER + 4 * rows.length
	for (let at = 0; at < rows.length; at++) {
		const { bytes, tag } = rows[at] as BatchRowBytes
		const wordAt = HEADER + 4 * at
		if (tag !== undefined && tag === known[at]) {
			header.writeUInt32LE(UNCHANGED_BIT, wordAt)
			continue
		}
		if (bytes.byteLength > LENGTH_BITS) throw new Error('batch rows: a row too long to frame')
		pieces.push(bytes)
		if (tag === undefined) {
			header.writeUInt32LE(bytes.byteLength, wordAt)
			continue
		}
		if (tag.length !== TAG_LENGTH) throw new Error('batch rows: a tag of another length')
		tagAt += header.write(tag, tagAt, 'latin1')
		header.writeUInt32LE((TAGGED_BIT | bytes.byteLength) >>> 0, wordAt)
	}
	pieces.push(rest)
	return Buffer.concat(pieces)
}

/** A reply written by encodeBatchRows; a plain batch answer starts with `{`. */
export const isFramedBatchReply = (reply: Uint8Array) => reply[0] === FRAMED

/** The inverse of encodeBatchRows: the rows' frames (views into `reply`) and `rest`; throws on anything it did not write. */
export function decodeBatchRows(reply: Uint8Array): { rows: BatchRowFrame[]; rest: Uint8Array } {
	const view = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength)
	if (view.byteLength < HEADER || view[0] !== FRAMED) throw new Error('batch rows: not a framed reply')
	const count = view.readUInt16LE(1)
	let tagAt = HEADER + 4 * count
	if (tagAt > view.byteLength) throw new Error('batch rows: the row words run past the end')
	const words: number[] = []
	let tags = 0
	for (let at = 0; at < count; at++) {
		const word = view.readUInt32LE(HEADER + 4 * at)
		words.push(word)
		if (word & TAGGED_BIT) tags++
	}
	let offset = tagAt + TAG_LENGTH * tags
	const rows = words.map((word): BatchRowFrame => {
		if (word & UNCHANGED_BIT) return { unchanged: true }
		const length = word & LENGTH_BITS
		if (offset + length > view.byteLength) throw new Error('batch rows: a row runs past the end')
		const bytes = view.subarray(offset, offset + length)
		offset += length
		if (!(word & TAGGED_BIT)) return { unchanged: false, bytes, tag: undefined }
		const tag = view.toString('latin1', tagAt, tagAt + TAG_LENGTH)
		tagAt += TAG_LENGTH
		return { unchanged: false, bytes, tag }
	})
	return { rows, rest: view.subarray(offset) }
}
