import { invalidQuery } from '@lv/errors'
import type { Answer } from './answer.ts'
import { parseAsOf, reconstructAsOf } from './as-of.ts'
import { coveredJurisdictions, registerMeta, staleJurisdictions } from './freshness.ts'
import type { CheckIndex } from './index-model.ts'
import { jurisdictionOf } from './lookup.ts'
import type { CheckMeta, CheckQuery, CheckResult, RegisterMeta } from './result.ts'
import type { LicenseHistoryRow } from './rows.ts'
import { toIso } from './time.ts'
import { asOfDetail } from './wording.ts'

export type CheckOptions = {
	/** the only source of time */
	now: Date
	/** the raw `as_of` parameter */
	asOf?: string
	/**
	 * History rows of the matched licence (rows of other licences are ignored); required with
	 * asOf. The checker can answer once without asOf to learn match.license_id, load its history,
	 * and answer again.
	 */
	history?: readonly LicenseHistoryRow[]
}

/** Parses options.asOf; throws 400 invalid_query / invalid_input on field as_of. */
export function resolveAsOf(options: CheckOptions): Date | null {
	if (options.asOf === undefined) return null
	const parsed = parseAsOf(options.asOf, options.now)
	if (!parsed.ok) throw invalidQuery('invalid_input', parsed.message, 'as_of')
	if (options.history === undefined) throw new Error('checkDomain/checkLicenseNumber: history rows are required with asOf')
	return parsed.instant
}

/** The register an answer's match rests on, if any. */
const matchedJurisdiction = (index: CheckIndex, answer: Answer) =>
	answer.match?.jurisdiction ? jurisdictionOf(index, answer.match.jurisdiction) : null

/** `_meta.register` alone (a batch row carries no more of the meta). */
export function matchedRegisterMeta(index: CheckIndex, answer: Answer, now: Date): RegisterMeta | undefined {
	const jurisdiction = matchedJurisdiction(index, answer)
	return jurisdiction ? registerMeta(jurisdiction, now) : undefined
}

export function checkMeta(index: CheckIndex, answer: Answer, now: Date): CheckMeta {
	const jurisdiction = matchedJurisdiction(index, answer)
	const tied = answer.match?.confidence === 'high'
	const meta: CheckMeta = {
		scraped_at: jurisdiction ? toIso(jurisdiction.last_successful_read_at) : oldestRead(index),
		source_modified_at: null,
		source_url: tied && answer.licence ? (answer.licence.status_source_url ?? answer.licence.source_url) : null,
		confidence_hint: tied && jurisdiction ? jurisdiction.confidence_hint : 'derived',
		stale_jurisdictions: staleJurisdictions(index, now)
	}
	if (jurisdiction) meta.register = registerMeta(jurisdiction, now)
	return meta
}

/** oldestRead per index snapshot (an index is replaced, never changed, when a register is read): every miss and name answer asks. */
const oldestReadByIndex = new WeakMap<CheckIndex, string | null>()

/** An answer not tied to one register is only as fresh as the oldest register consulted. */
function oldestRead(index: CheckIndex): string | null {
	let oldest = oldestReadByIndex.get(index)
	if (oldest === undefined) {
		const reads = coveredJurisdictions(index)
			.map((jurisdiction) => jurisdiction.last_successful_read_at)
			.filter((at): at is number => at !== null)
		oldest = reads.length === 0 ? null : toIso(Math.min(...reads))
		oldestReadByIndex.set(index, oldest)
	}
	return oldest
}

export function finishResult(
	index: CheckIndex,
	query: CheckQuery,
	answer: Answer,
	options: CheckOptions,
	asOfInstant: Date | null
): CheckResult {
	const result: CheckResult = {
		query,
		verdict: answer.verdict,
		verdict_detail: answer.verdict_detail,
		match: answer.match,
		alternatives: answer.alternatives,
		confidence: answer.match?.confidence ?? 'none',
		checked_jurisdictions: [...index.order],
		_meta: checkMeta(index, answer, options.now)
	}
	if (answer.match_absence_reason) result.match_absence_reason = answer.match_absence_reason
	if (answer.related_hosts) result.related_hosts = answer.related_hosts
	if (answer.jurisdictions) result.jurisdictions = answer.jurisdictions
	if (answer.superseded_number !== undefined) result.superseded_number = answer.superseded_number
	if (asOfInstant) {
		result.as_of = reconstructAsOf(options.history ?? [], answer.licence, asOfInstant)
		result.verdict_detail = `${asOfDetail(result.as_of)} ${answer.verdict_detail}`
	}
	return result
}
