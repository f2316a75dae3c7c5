import type { Answer } from './answer.ts'
import { nextFreshnessChangeMs } from './answer-memo.ts'
import type { AnswerWriter } from './answer-writer.ts'
import { type RatedName, ratedLicence } from './check-domain.ts'
import { checkMeta, matchedRegisterMeta } from './envelope.ts'
import { staleJurisdictions } from './freshness.ts'
import type { CheckIndex } from './index-model.ts'
import { nameAlternative, nameMatch } from './match.ts'
import type { MatchConfidence } from './result.ts'
import * as words from './wording.ts'

const encoder = new TextEncoder()

/** The UTF-8 bytes of `value`'s JSON. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value))

/** A JSON string's text between its quotes. */
const jsonStringBody = (text: string) => JSON.stringify(text).slice(1, -1)

/** The tails of an answer: after the match, what only the match's confidence and register decide. */
type Tails = {
	/** `,"confidence":…,"checked_jurisdictions":[…],"_meta":{…}}` after a check's alternatives */
	readonly check: Uint8Array
	/** `,"confidence":…,"_meta":{"register":…}}` (no `_meta` without a register) after a batch row's match */
	readonly row: Uint8Array
}

/** A name's parts: as the best match (the head) or as an alternative, each at either confidence. */
const PART_KINDS = 4
const partKind = (rated: RatedName, alternative: boolean) => (alternative ? 2 : 0) + (rated.confidence === 'medium' ? 1 : 0)
/** A part's entry in the slots: its start in the arena plus one (0: not written yet), its length, its tails (heads only). */
const SLOT = 3
/**
 * The arena's size: allocated at once (its pages are taken only as parts are written) and emptied when full, the
 * parts then written again as asked.
 */
const ARENA_BYTES = 1 << 25

/**
 * The query-independent parts of not-found and name answers, for one index snapshot and one freshness state
 * (the stale note, `stale_jurisdictions` and `_meta.register.fresh` follow the clock), as UTF-8 bytes of their
 * JSON (ADR 0061). A name's head (its detail after the query, then `","match":` and the match) and its
 * alternative are written once, from the same objects checkDomain and batchRow serialise, into one arena, and
 * found by the name's place in the snapshot (shard, position): one array read, then the bytes, since the name
 * stage has just left its caches to the name kernel. A new snapshot or a register going stale gets new parts
 * (`answerFragments`); at most 32 MB of parts, and 48 bytes of slots a name, a snapshot.
 */
export class AnswerFragments {
	readonly index: CheckIndex
	readonly validFromMs: number
	readonly validUntilMs: number
	readonly #now: Date
	readonly #staleSuffix: string
	/** The number of each shard's first name, by the shard's place in index.order. */
	readonly #firstName: number[] = []
	readonly #names: number
	#slots: Int32Array | undefined
	#arena: Buffer
	#used = 0
	readonly #tails: Tails[] = []
	readonly #tailsByKey = new Map<string, number>()
	#notFound: { head: Uint8Array; tails: number } | undefined

	constructor(index: CheckIndex, now: Date, arenaBytes = ARENA_BYTES) {
		this.index = index
		this.#arena = Buffer.allocUnsafe(arenaBytes)
		this.#now = now
		this.validFromMs = now.getTime()
		this.validUntilMs = nextFreshnessChangeMs(index, this.validFromMs)
		this.#staleSuffix = jsonStringBody(words.staleSuffix(staleJurisdictions(index, now)))
		let names = 0
		for (const code of index.order) {
			this.#firstName.push(names)
			names += index.shards.get(code)?.nameSearch.names.length ?? 0
		}
		this.#names = names
	}

	/** A not-found answer's head; its tails' number for `writeCheckTail` and `writeRowTail`. */
	writeNotFoundHead(writer: AnswerWriter): number {
		this.#notFound ??= this.#head(words.notFoundRemark(this.index), {
			verdict: 'not_found',
			verdict_detail: '',
			match: null,
			licence: null,
			alternatives: []
		})
		writer.bytes(this.#notFound.head)
		return this.#notFound.tails
	}

	/** The head of a name answer whose best match is `rated`; its tails' number. */
	writeNameHead(writer: AnswerWriter, rated: RatedName): number {
		const slot = this.#slot(rated, false)
		const slots = this.#slots as Int32Array
		if (slots[slot] === 0) {
			const licence = ratedLicence(this.index, rated)
			const { head, tails } = this.#head(words.nameMatchRemark(this.index, rated.name, licence, rated.confidence), {
				verdict: 'name_match_only',
				verdict_detail: '',
				match: nameMatch(this.index, rated.name, licence, rated.confidence),
				licence,
				alternatives: []
			})
			this.#keep(slot, head, tails)
		}
		writer.copy(this.#arena, (slots[slot] as number) - 1, slots[slot + 1] as number)
		return slots[slot + 2] as number
	}

	/** `rated` as an element of `alternatives`. */
	writeAlternative(writer: AnswerWriter, rated: RatedName): void {
		const slot = this.#slot(rated, true)
		const slots = this.#slots as Int32Array
		if (slots[slot] === 0) this.#keep(slot, jsonBytes(nameAlternative(rated.name, ratedLicence(this.index, rated), rated.confidence)), 0)
		writer.copy(this.#arena, (slots[slot] as number) - 1, slots[slot + 1] as number)
	}

	writeCheckTail(writer: AnswerWriter, tails: number): void {
		writer.bytes((this.#tails[tails] as Tails).check)
	}

	writeRowTail(writer: AnswerWriter, tails: number): void {
		writer.bytes((this.#tails[tails] as Tails).row)
	}

	#slot(rated: RatedName, alternative: boolean): number {
		this.#slots ??= new Int32Array(this.#names * PART_KINDS * SLOT)
		return (((this.#firstName[rated.order] as number) + rated.position) * PART_KINDS + partKind(rated, alternative)) * SLOT
	}

	/** Copies a part into the arena (emptied first when full) and notes where it is. */
	#keep(slot: number, part: Uint8Array, tails: number): void {
		const slots = this.#slots as Int32Array
		if (this.#used + part.byteLength > this.#arena.byteLength) {
			slots.fill(0)
			this.#used = 0
			// A part larger than the whole arena: an arena of its size.
			if (part.byteLength > this.#arena.byteLength) this.#arena = Buffer.allocUnsafe(part.byteLength)
		}
		this.#arena.set(part, this.#used)
		slots[slot] = this.#used + 1
		slots[slot + 1] = part.byteLength
		slots[slot + 2] = tails
		this.#used += part.byteLength
	}

	/** `remark`: the detail between its query and its stale note; `answer`: the rest (its detail unused). */
	#head(remark: string, answer: Answer): { head: Uint8Array; tails: number } {
		const head = encoder.encode(`${jsonStringBody(remark)}${this.#staleSuffix}","match":${JSON.stringify(answer.match)}`)
		return { head, tails: this.#tailsOf(answer) }
	}

	#tailsOf(answer: Answer): number {
		// Meta reads the licence only for a high-confidence match, which no name answer has.
		const confidence: MatchConfidence | 'none' = answer.match?.confidence ?? 'none'
		const key = `${confidence}\u0000${answer.match?.jurisdiction ?? ''}`
		let tails = this.#tailsByKey.get(key)
		if (tails === undefined) {
			const confidenceMember = `,"confidence":${JSON.stringify(confidence)}`
			const register = matchedRegisterMeta(this.index, answer, this.#now)
			tails = this.#tails.length
			this.#tails.push({
				check: encoder.encode(
					`${confidenceMember},"checked_jurisdictions":${JSON.stringify(this.index.order)},"_meta":${JSON.stringify(checkMeta(this.index, answer, this.#now))}}`
				),
				row: encoder.encode(`${confidenceMember}${register ? `,"_meta":${JSON.stringify({ register })}` : ''}}`)
			})
			this.#tailsByKey.set(key, tails)
		}
		return tails
	}
}

const fragmentsByIndex = new WeakMap<CheckIndex, AnswerFragments>()

/**
 * The answer parts of `index` at `now`: kept with the snapshot, new when its freshness state has changed.
 * `arenaBytes`: the size of new parts' arena (tests hold a snapshot to a small one).
 */
export function answerFragments(index: CheckIndex, now: Date, arenaBytes = ARENA_BYTES): AnswerFragments {
	const nowMs = now.getTime()
	let fragments = fragmentsByIndex.get(index)
	// A clock stepped back is treated like one that moved on: the freshness state may differ.
	if (fragments === undefined || nowMs < fragments.validFromMs || nowMs >= fragments.validUntilMs) {
		fragments = new AnswerFragments(index, now, arenaBytes)
		fragmentsByIndex.set(index, fragments)
	}
	return fragments
}
