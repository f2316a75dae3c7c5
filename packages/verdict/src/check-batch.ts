import { MAX_BATCH_DOMAINS } from '@lv/contracts'
import { normaliseHostname } from '@lv/hostnames'
import { invalidInput } from '@lv/errors'
import { answerDomain, queryOfHostname } from './check-domain.ts'
import { matchedRegisterMeta } from './envelope.ts'
import { staleJurisdictions } from './freshness.ts'
import type { CheckIndex } from './index-model.ts'
import type { Answer } from './answer.ts'
import type { BatchErrorRow, BatchResult, BatchResultRow, BatchRow, DomainQuery } from './result.ts'
import { dualListingNote } from './wording.ts'

/**
 * POST /v1/check/batch over `{ domains }`: 1–100 entries, else 400 invalid_input (field
 * domains). A bad entry gives a per-row error and never fails the batch. Rows carry no
 * alternatives, jurisdictions or as_of.
 */
export function checkBatch(index: CheckIndex, domains: unknown, options: { now: Date }): BatchResult {
	if (!Array.isArray(domains) || domains.length < 1 || domains.length > MAX_BATCH_DOMAINS) {
		throw invalidInput('domains', `The body must be { domains: [...] } with 1 to ${MAX_BATCH_DOMAINS} entries.`)
	}
	return { results: domains.map((entry) => batchRow(index, entry, options.now)), ...batchEnvelope(index, options.now) }
}

/** What a batch answer carries after its rows, in its key order. */
export function batchEnvelope(index: CheckIndex, now: Date): Omit<BatchResult, 'results'> {
	return {
		checked_jurisdictions: [...index.order],
		_meta: { checked_at: now.toISOString(), stale_jurisdictions: staleJurisdictions(index, now) }
	}
}

/** One entry's row of a batch answer. */
export function batchRow(index: CheckIndex, entry: unknown, now: Date): BatchRow {
	const query = batchEntryQuery(entry)
	// A row carries no alternatives, so the name stage ranks only the best operator.
	return 'error' in query ? query : answeredRow(index, query, answerDomain(index, query.domain, now, 0), now)
}

/** An entry's query, normalised, or its error row. */
export function batchEntryQuery(entry: unknown): DomainQuery | BatchErrorRow {
	if (typeof entry !== 'string') {
		return { query: { input: entry }, error: 'invalid_input', error_detail: 'The entry is not a string.', match: null }
	}
	const normalised = normaliseHostname(entry)
	if (!normalised.ok) {
		return { query: { input: entry }, error: 'invalid_hostname', error_detail: normalised.message, match: null }
	}
	return queryOfHostname(normalised)
}

/** The row of a domain answered `answer`. */
export function answeredRow(index: CheckIndex, query: DomainQuery, answer: Answer, now: Date): BatchResultRow {
	const dualOthers = (answer.jurisdictions?.length ?? 1) - 1
	const row: BatchResultRow = {
		query,
		verdict: answer.verdict,
		verdict_detail: dualOthers > 0 ? `${answer.verdict_detail} ${dualListingNote(dualOthers)}` : answer.verdict_detail,
		match: answer.match,
		confidence: answer.match?.confidence ?? 'none'
	}
	if (answer.match_absence_reason) row.match_absence_reason = answer.match_absence_reason
	if (answer.related_hosts) row.related_hosts = answer.related_hosts
	const register = matchedRegisterMeta(index, answer, now)
	if (register) row._meta = { register }
	return row
}
