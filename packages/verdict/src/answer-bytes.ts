import type { Answer } from './answer.ts'
import { type AnswerFragments, type AnswerParts, answerFragments, jsonBytes } from './answer-fragments.ts'
import { answeredRow, batchEntryQuery } from './check-batch.ts'
import { domainQuery, listingStages, MAX_ALTERNATIVES, nameAnswer, type NameOutcome, nameStage } from './check-domain.ts'
import { finishResult } from './envelope.ts'
import type { CheckIndex } from './index-model.ts'
import type { DomainQuery, Verdict } from './result.ts'

/** An answer as the UTF-8 bytes of its JSON, and its verdict (undefined for a batch row that failed). */
export type AnswerBytes<V = Verdict> = { bytes: Uint8Array; verdict: V }

const encoder = new TextEncoder()
const QUERY_OPEN = encoder.encode('{"query":{"domain":"')
const QUERY_CLOSE = encoder.encode('"}')
const ALTERNATIVES_OPEN = encoder.encode(',"alternatives":[')
const ALTERNATIVES_CLOSE = 0x5d
const COMMA = 0x2c
const VERDICT_OPEN = {
	not_found: encoder.encode(',"verdict":"not_found","verdict_detail":"'),
	name_match_only: encoder.encode(',"verdict":"name_match_only","verdict_detail":"')
}

/**
 * Writes an answer's bytes into one buffer kept between answers, then copies out exactly what was written:
 * an answer is written in one synchronous call, so the buffer is never shared between two.
 */
class AnswerWriter {
	#buffer = new Uint8Array(16_384)
	#length = 0

	bytes(part: Uint8Array): void {
		this.#room(part.byteLength)
		this.#buffer.set(part, this.#length)
		this.#length += part.byteLength
	}

	byte(value: number): void {
		this.#room(1)
		this.#buffer[this.#length++] = value
	}

	/** A normalised hostname: letters, digits, dots and hyphens, one byte each and nothing to escape in JSON. */
	hostname(text: string): void {
		this.#room(text.length)
		const buffer = this.#buffer
		let at = this.#length
		for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i)
		this.#length = at
	}

	take(): Uint8Array {
		const written = this.#buffer.slice(0, this.#length)
		this.#length = 0
		return written
	}

	#room(more: number): void {
		if (this.#length + more <= this.#buffer.byteLength) return
		const grown = new Uint8Array(Math.max(2 * this.#buffer.byteLength, this.#length + more))
		grown.set(this.#buffer.subarray(0, this.#length))
		this.#buffer = grown
	}
}

const writer = new AnswerWriter()

/** `{"query":{…},"verdict":"…","verdict_detail":"` and the query's domain, which every such detail begins with. */
function writeOpening(query: DomainQuery, verdict: keyof typeof VERDICT_OPEN): void {
	writer.bytes(QUERY_OPEN)
	writer.hostname(query.domain)
	if (query.input === undefined) writer.bytes(QUERY_CLOSE)
	else writer.bytes(encoder.encode(`","input":${JSON.stringify(query.input)}}`))
	writer.bytes(VERDICT_OPEN[verdict])
	writer.hostname(query.domain)
}

type WrittenOutcome = Exclude<NameOutcome, { verdict: 'generic_term' }>

/** The answer of a domain's listing stages or generic-term test, else the name stage's outcome to write from parts. */
function decide(index: CheckIndex, host: string, now: Date, alternatives: number): Answer | WrittenOutcome {
	const listed = listingStages(index, host, now)
	if (listed.answer) return listed.answer
	const outcome = nameStage(index, listed.rootLabel, alternatives)
	return outcome.verdict === 'generic_term' ? nameAnswer(index, host, outcome, now) : outcome
}

/** The parts of a not-found or name answer. */
function partsOf(fragments: AnswerFragments, outcome: WrittenOutcome): AnswerParts {
	return outcome.verdict === 'not_found' ? fragments.notFound() : fragments.best(outcome.best)
}

/**
 * `JSON.stringify(checkDomain(index, domain, { now }))` as UTF-8 bytes. A not-found or name answer (most
 * never-asked domains) is copied together from its query and the parts its snapshot keeps (ADR 0061); any
 * other answer is built and serialised whole. Throws as checkDomain does.
 */
export function checkDomainBytes(index: CheckIndex, domain: string, now: Date): AnswerBytes {
	const query = domainQuery(domain)
	const outcome = decide(index, query.domain, now, MAX_ALTERNATIVES)
	if ('verdict_detail' in outcome) {
		const result = finishResult(index, query, outcome, { now }, null)
		return { bytes: jsonBytes(result), verdict: result.verdict }
	}
	const fragments = answerFragments(index, now)
	const parts = partsOf(fragments, outcome)
	writeOpening(query, outcome.verdict)
	writer.bytes(parts.head)
	writer.bytes(ALTERNATIVES_OPEN)
	if (outcome.verdict === 'name_match_only') {
		outcome.others.forEach((other, at) => {
			if (at > 0) writer.byte(COMMA)
			writer.bytes(fragments.alternative(other))
		})
	}
	writer.byte(ALTERNATIVES_CLOSE)
	writer.bytes(parts.checkTail)
	return { bytes: writer.take(), verdict: outcome.verdict }
}

/** `JSON.stringify(batchRow(index, entry, now))` as UTF-8 bytes, written from parts as checkDomainBytes writes. */
export function batchRowBytes(index: CheckIndex, entry: unknown, now: Date): AnswerBytes<Verdict | undefined> {
	const query = batchEntryQuery(entry)
	if ('error' in query) return { bytes: jsonBytes(query), verdict: undefined }
	// A row carries no alternatives, so the name stage ranks only the best operator.
	const outcome = decide(index, query.domain, now, 0)
	if ('verdict_detail' in outcome) return { bytes: jsonBytes(answeredRow(index, query, outcome, now)), verdict: outcome.verdict }
	const parts = partsOf(answerFragments(index, now), outcome)
	writeOpening(query, outcome.verdict)
	writer.bytes(parts.head)
	writer.bytes(parts.rowTail)
	return { bytes: writer.take(), verdict: outcome.verdict }
}
