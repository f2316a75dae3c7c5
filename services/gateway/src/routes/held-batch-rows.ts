import type { HeldState } from '@lv/answer-state'
import { type BatchAnswerPieces, batchAnswerPieces, decodeBatchRows, isFramedBatchReply } from '@lv/contracts'
import { Recent } from '@lv/verdict'

/**
 * A batch row as the checker sent it, its tag, and the standing of the reply that brought or last confirmed
 * it (ADR 0073): the state it was computed on, as ADR 0048's held answers keep it.
 */
type HeldRow = { readonly tag: string; readonly bytes: Uint8Array; standing: HeldState | undefined }

/** About 1–2 kB a row: a few MB per gateway. */
const DEFAULT_CAPACITY = 4096

/** What a part's request offers: a tag per entry ('' for none), and the held row each tag stands for. */
export type OfferedRows = { known: string[]; held: (HeldRow | undefined)[] }

/** Held rows served without asking, by position in the part ('undefined' where the entry is asked), and their states. */
export type ServedRows = { rows: (Uint8Array | undefined)[]; states: Set<string> }

/**
 * The last tagged batch row received per entry (a string entry as sent to the checker), offered back to the
 * checker as `known` so that a row still equal to it, such as a listed domain's that batches carry again and
 * again, does not travel from the checker again (ADR 0069), or served without asking while ADR 0048's rule
 * proves it is still the checker's row (ADR 0073, batch-part.ts). Tags are compared by the checker against its
 * own answer, so an offered row is only ever used when the checker's row has the same bytes.
 * At most `capacity` rows; holding a new one forgets the one held `capacity` holds ago (`Recent`).
 */
export class HeldBatchRows {
	readonly #rows: Recent<HeldRow>

	constructor(capacity = DEFAULT_CAPACITY) {
		this.#rows = new Recent(capacity)
	}

	/**
	 * The rows of `entries` that may be served without asking (`servable`: ADR 0048's rule for a standing), except
	 * the first entry when every one of them may: a part always asks the checker for at least one entry, whose reply
	 * brings the answer's tail and the state it was computed on.
	 */
	servable(entries: readonly unknown[], servable: (standing: HeldState) => boolean): ServedRows {
		const rows: (Uint8Array | undefined)[] = []
		const states = new Set<string>()
		let asked = 0
		for (const entry of entries) {
			const row = typeof entry === 'string' ? this.#rows.get(entry) : undefined
			if (row?.standing !== undefined && servable(row.standing)) {
				rows.push(row.bytes)
				states.add(row.standing.state)
			} else {
				rows.push(undefined)
				asked++
			}
		}
		if (asked === 0) rows[0] = undefined
		return { rows, states }
	}

	/** The tags to send with `entries`, and the rows they stand for (kept here: a row forgotten meanwhile is still at hand). */
	offer(entries: readonly unknown[]): OfferedRows {
		const known: string[] = []
		const held: (HeldRow | undefined)[] = []
		for (const entry of entries) {
			const row = typeof entry === 'string' ? this.#rows.get(entry) : undefined
			known.push(row?.tag ?? '')
			held.push(row)
		}
		return { known, held }
	}

	/**
	 * The checker's reply to a part sent with `offered` as its rows and what follows them: unchanged rows are
	 * the held bytes (their standing now `standing`), tagged rows are held with `standing` (a copy: the received
	 * bytes are a view into the whole reply). A plain answer (a checker that does not read `known`) is taken
	 * apart as it is.
	 */
	rowsOf(entries: readonly unknown[], offered: OfferedRows, reply: Uint8Array, standing?: HeldState): BatchAnswerPieces {
		if (!isFramedBatchReply(reply)) return batchAnswerPieces(reply)
		const { rows, rest } = decodeBatchRows(reply)
		if (rows.length !== entries.length) throw new Error('batch rows: not one row per entry')
		const bytes = rows.map((row, at) => {
			if (row.unchanged) {
				const held = offered.held[at]
				if (held === undefined) throw new Error('batch rows: unchanged, for a row not offered')
				held.standing = standing
				return held.bytes
			}
			const entry = entries[at]
			if (row.tag === undefined || typeof entry !== 'string') return row.bytes
			const copy = row.bytes.slice()
			this.#rows.delete(entry)
			this.#rows.put(entry, { tag: row.tag, bytes: copy, standing })
			return copy
		})
		return { rows: bytes, rest }
	}
}
