const END_OF_DIRECTORY = 0x06054b50
const END_RECORD_BYTES = 22
const MAX_COMMENT_BYTES = 0xffff

/** Whether a ZIP file ends with its end-of-central-directory record (the record sits within a comment's length of the end). */
export function hasEndOfDirectory(bytes: Uint8Array): boolean {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const last = bytes.length - END_RECORD_BYTES
	for (let at = last; at >= 0 && at >= last - MAX_COMMENT_BYTES; at--) if (view.getUint32(at, true) === END_OF_DIRECTORY) return true
	return false
}
