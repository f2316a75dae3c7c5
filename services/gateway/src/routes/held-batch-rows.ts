import { type BatchAnswerPieces, batchAnswerPieces, decodeBatchRows, isFramedBatchReply } from '@lv/contracts'
import { Recent } from '@lv/verdict'

type HeldRow = { readonly tag: string; readonly bytes: Uint8Array }

/** About 1–2 kB a row: a few MB per gateway. */
const DEFAULT_CAPACITY = 4096

/** What a part's request offers: a tag per entry ('' for none), and the held row each tag stands for. */
export type OfferedRows = { known: string[]; held: (Uint8Array | undefined)[] }

/**
 * The last tagged batch row received per entry (a string entry as sent to the checker), offered back to the
 * checker as `known` so that a row still equal to it, such as a listed domain's that batches carry again and
 * again, does not travel from the checker again (ADR 0069). Tags are compared by the checker against its own
 * answer, so a held row is only ever used when the checker's row has the same bytes.
 * At most `capacity` rows; holding a new one forgets the one held `capacity` holds ago (`Recent`).
 */
export class HeldBatchRows {
	readonly #rows: Recent<HeldRow>

	constructor(capacity = DEFAULT_CAPACITY) {
		this.#rows = new Recent(capacity)
	}

	/** The tags to send with `entries`, and the rows they stand for (kept here: a row forgotten meanwhile is still at hand). */
	offer(entries: readonly unknown[]): OfferedRows {
		const known: string[] = []
		const held: (Uint8Array | undefined)[] = []
		for (const entry of entries) {
			const row = typeof entry === 'string' ? this.#rows.get(entry) : undefined
			known.push(row?.tag ?? '')
			held.push(row?.bytes)
		}
		return { known, held }
	}

	/**
	 * The checker's reply to a part sent with `offered` as its rows and what follows them: unchanged rows are
	 * the held bytes, tagged rows are held (a copy: the received bytes are a view into the whole reply). A
	 * plain answer (a checker that does not read `known`) is taken apart as it is.
	 */
	rowsOf(entries: readonly unknown[], offered: OfferedRows, reply: Uint8Array): BatchAnswerPieces {
		if (!isFramedBatchReply(reply)) return batchAnswerPieces(reply)
		const { rows, rest } = decodeBatchRows(reply)
		if (rows.length !== entries.length) throw new Error('batch rows: not one row per entry')
		const bytes = rows.map((row, at) => {
			if (row.unchanged) {
				const held = offered.held[at]
				if (held === undefined) throw new Error('batch rows: unchanged, for a row not offered')
				return held
			}
			const entry = entries[at]
			if (row.tag === undefined || typeof entry !== 'string') return row.bytes
			const copy = row.bytes.slice()
			this.#rows.delete(entry)
			this.#rows.put(entry, { tag: row.tag, bytes: copy })
			return copy
		})
		return { rows: bytes, rest }
	}
}
