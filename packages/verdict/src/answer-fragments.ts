import type { Answer } from './answer.ts'
import { nextFreshnessChangeMs } from './answer-memo.ts'
import { type RatedName, ratedLicence } from './check-domain.ts'
import { checkMeta, matchedRegisterMeta } from './envelope.ts'
import { staleJurisdictions } from './freshness.ts'
import type { CheckIndex, NameEntry } from './index-model.ts'
import { nameAlternative, nameMatch } from './match.ts'
import { Recent } from './recent.ts'
import type { MatchConfidence } from './result.ts'
import * as words from './wording.ts'

const encoder = new TextEncoder()

/** The UTF-8 bytes of `value`'s JSON. */
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value))

/** A JSON string's text between its quotes. */
const jsonStringBody = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * The parts of a not-found or name answer that do not depend on its query, as UTF-8 bytes of its JSON.
 * The answer is `{"query":…,"verdict":…,"verdict_detail":"` + the query's domain + `head` + (a check:
 * `,"alternatives":[…]` + `checkTail`; a batch row: `rowTail`).
 */
export type AnswerParts = {
	/** verdict_detail after its leading domain (stale note included), its closing quote, then `,"match":` and the match */
	readonly head: Uint8Array
	/** `,"confidence":…,"checked_jurisdictions":[…],"_meta":{…}}` */
	readonly checkTail: Uint8Array
	/** `,"confidence":…,"_meta":{"register":…}}`, or without `_meta` when no register is matched */
	readonly rowTail: Uint8Array
}

/** A name's parts, built as first asked: as the best match and as an alternative, at each confidence. */
type NameParts = {
	best: Partial<Record<RatedName['confidence'], AnswerParts>>
	alternative: Partial<Record<RatedName['confidence'], Uint8Array>>
}

/**
 * Names whose parts one snapshot keeps (about 1 kB a name and confidence): a cold name answer's best match and
 * alternatives are the snapshot's names, the same bytes for every query they answer (ADR 0061).
 */
const NAMES_KEPT = 32_768

/**
 * The query-independent parts of not-found and name answers, for one index snapshot and one freshness
 * state (the stale note, `stale_jurisdictions` and `_meta.register.fresh` follow the clock): each is written
 * as JSON once, from the same objects `checkDomain` and `batchRow` serialise, and copied into every answer
 * it belongs to. A new snapshot or a register going stale gets new parts (`answerFragments`).
 */
export class AnswerFragments {
	readonly index: CheckIndex
	readonly validFromMs: number
	readonly validUntilMs: number
	readonly #now: Date
	readonly #staleSuffix: string
	readonly #names = new Recent<NameParts, NameEntry>(NAMES_KEPT)
	/** Tails by confidence and the match's jurisdiction: a name answer's meta depends on nothing else. */
	readonly #tails = new Map<string, Pick<AnswerParts, 'checkTail' | 'rowTail'>>()
	#notFound: AnswerParts | undefined

	constructor(index: CheckIndex, now: Date) {
		this.index = index
		this.#now = now
		this.validFromMs = now.getTime()
		this.validUntilMs = nextFreshnessChangeMs(index, this.validFromMs)
		this.#staleSuffix = jsonStringBody(words.staleSuffix(staleJurisdictions(index, now)))
	}

	/** The parts of a not-found answer. */
	notFound(): AnswerParts {
		this.#notFound ??= this.#parts(words.notFoundRemark(this.index), {
			verdict: 'not_found',
			verdict_detail: '',
			match: null,
			licence: null,
			alternatives: []
		})
		return this.#notFound
	}

	/** The parts of a name answer whose best match is `rated` (its licence looked up once, here). */
	best(rated: RatedName): AnswerParts {
		const { name, confidence } = rated
		const parts = this.#partsOf(name)
		let best = parts.best[confidence]
		if (best === undefined) {
			const licence = ratedLicence(this.index, rated)
			best = this.#parts(words.nameMatchRemark(this.index, name, licence, confidence), {
				verdict: 'name_match_only',
				verdict_detail: '',
				match: nameMatch(this.index, name, licence, confidence),
				licence,
				alternatives: []
			})
			parts.best[confidence] = best
		}
		return best
	}

	/** `rated` as an element of `alternatives`. */
	alternative(rated: RatedName): Uint8Array {
		const { name, confidence } = rated
		const parts = this.#partsOf(name)
		let alternative = parts.alternative[confidence]
		if (alternative === undefined) {
			alternative = jsonBytes(nameAlternative(name, ratedLicence(this.index, rated), confidence))
			parts.alternative[confidence] = alternative
		}
		return alternative
	}

	#partsOf(name: NameEntry): NameParts {
		let parts = this.#names.get(name)
		if (parts === undefined) {
			parts = { best: {}, alternative: {} }
			this.#names.put(name, parts)
		}
		return parts
	}

	/** `remark`: the detail between its query and its stale note; `answer`: the rest (its detail unused). */
	#parts(remark: string, answer: Answer): AnswerParts {
		const head = encoder.encode(`${jsonStringBody(remark)}${this.#staleSuffix}","match":${JSON.stringify(answer.match)}`)
		return { head, ...this.#tailsOf(answer) }
	}

	#tailsOf(answer: Answer): Pick<AnswerParts, 'checkTail' | 'rowTail'> {
		// Meta reads the licence only for a high-confidence match, which no name answer has.
		const confidence: MatchConfidence | 'none' = answer.match?.confidence ?? 'none'
		const key = `${confidence}\u0000${answer.match?.jurisdiction ?? ''}`
		let tails = this.#tails.get(key)
		if (tails === undefined) {
			const confidenceMember = `,"confidence":${JSON.stringify(confidence)}`
			const register = matchedRegisterMeta(this.index, answer, this.#now)
			tails = {
				checkTail: encoder.encode(
					`${confidenceMember},"checked_jurisdictions":${JSON.stringify(this.index.order)},"_meta":${JSON.stringify(checkMeta(this.index, answer, this.#now))}}`
				),
				rowTail: encoder.encode(`${confidenceMember}${register ? `,"_meta":${JSON.stringify({ register })}` : ''}}`)
			}
			this.#tails.set(key, tails)
		}
		return tails
	}
}

const fragmentsByIndex = new WeakMap<CheckIndex, AnswerFragments>()

/** The answer parts of `index` at `now`: kept with the snapshot, new when its freshness state has changed. */
export function answerFragments(index: CheckIndex, now: Date): AnswerFragments {
	const nowMs = now.getTime()
	let fragments = fragmentsByIndex.get(index)
	// A clock stepped back is treated like one that moved on: the freshness state may differ.
	if (fragments === undefined || nowMs < fragments.validFromMs || nowMs >= fragments.validUntilMs) {
		fragments = new AnswerFragments(index, now)
		fragmentsByIndex.set(index, fragments)
	}
	return fragments
}
