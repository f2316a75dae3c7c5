import type { Answer } from './answer.ts'
import { type AnswerFragments, answerFragments, jsonBytes } from './answer-fragments.ts'
import { AnswerWriter } from './answer-writer.ts'
import { answeredRow, batchEntryQuery } from './check-batch.ts'
import { domainQuery, listingStages, MAX_ALTERNATIVES, nameAnswer, type NameOutcome, nameStage, type RatedName } from './check-domain.ts'
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

const writer = new AnswerWriter()

/** `{"query":{…},"verdict":"…","verdict_detail":"` and the query's domain, which every such detail begins with. */
function writeOpening(query: DomainQuery, verdict: keyof typeof VERDICT_OPEN): void {
	writer.start()
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

/** A not-found or name answer up to its match (its opening, then its head); its tails' number. */
function writeHead(fragments: AnswerFragments, query: DomainQuery, outcome: WrittenOutcome): number {
	writeOpening(query, outcome.verdict)
	return outcome.verdict === 'not_found' ? fragments.writeNotFoundHead(writer) : fragments.writeNameHead(writer, outcome.best)
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
	const tails = writeHead(fragments, query, outcome)
	writer.bytes(ALTERNATIVES_OPEN)
	const others = outcome.verdict === 'name_match_only' ? outcome.others : []
	for (let at = 0; at < others.length; at++) {
		if (at > 0) writer.byte(COMMA)
		fragments.writeAlternative(writer, others[at] as RatedName)
	}
	writer.byte(ALTERNATIVES_CLOSE)
	fragments.writeCheckTail(writer, tails)
	return { bytes: writer.take(), verdict: outcome.verdict }
}

/** `JSON.stringify(batchRow(index, entry, now))` as UTF-8 bytes, written from parts as checkDomainBytes writes. */
export function batchRowBytes(index: CheckIndex, entry: unknown, now: Date): AnswerBytes<Verdict | undefined> {
	const query = batchEntryQuery(entry)
	if ('error' in query) return { bytes: jsonBytes(query), verdict: undefined }
	// A row carries no alternatives, so the name stage ranks only the best operator.
	const outcome = decide(index, query.domain, now, 0)
	if ('verdict_detail' in outcome) return { bytes: jsonBytes(answeredRow(index, query, outcome, now)), verdict: outcome.verdict }
	const fragments = answerFragments(index, now)
	fragments.writeRowTail(writer, writeHead(fragments, query, outcome))
	return { bytes: writer.take(), verdict: outcome.verdict }
}
