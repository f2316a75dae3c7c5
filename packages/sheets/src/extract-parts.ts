import { Unzip, UnzipInflate } from 'fflate'

export class PartTooLarge extends Error {
	constructor(
		readonly part: string,
		readonly cap: number
	) {
		super(`${part} inflates past ${cap} bytes`)
	}
}

/** Compressed bytes fed per step: one step inflates to at most about 1,000 times this, then the size is checked. */
const STEP = 16 * 1024

const joined = (chunks: readonly Uint8Array[], size: number) => {
	const whole = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		whole.set(chunk, offset)
		offset += chunk.length
	}
	return whole
}

/**
 * The named parts of a ZIP package, inflated. Each part has a cap on its size, checked against the size
 * its header declares and, as it inflates, against the bytes it really gives (a header may lie, and a
 * streamed ZIP declares none): past its cap the part is abandoned and PartTooLarge thrown, so a ZIP
 * bomb costs at most the cap. Other parts are skipped without being inflated.
 */
export function extractParts(bytes: Uint8Array, caps: ReadonlyMap<string, number>): Record<string, Uint8Array> {
	const parts: Record<string, Uint8Array> = {}
	let failure: Error | null = null
	const unzip = new Unzip((file) => {
		const cap = caps.get(file.name)
		if (cap === undefined || failure) return
		if ((file.originalSize ?? 0) > cap) {
			failure = new PartTooLarge(file.name, cap)
			return
		}
		const chunks: Uint8Array[] = []
		let size = 0
		file.ondata = (error, data, final) => {
			if (failure) return
			if (error) {
				failure = error
				return
			}
			size += data.length
			if (size > cap) {
				failure = new PartTooLarge(file.name, cap)
				file.terminate()
				return
			}
			chunks.push(data)
			if (final) parts[file.name] = joined(chunks, size)
		}
		file.start()
	})
	unzip.register(UnzipInflate)
	for (let offset = 0; offset < bytes.length && !failure; offset += STEP) {
		unzip.push(bytes.subarray(offset, offset + STEP), offset + STEP >= bytes.length)
	}
	if (failure) throw failure
	return parts
}
