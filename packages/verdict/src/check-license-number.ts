import { MAX_LICENSE_NUMBER_LENGTH } from '@lv/contracts'
import { invalidQuery } from '@lv/errors'
import type { Answer } from './answer.ts'
import { finishResult, resolveAsOf, type CheckOptions } from './envelope.ts'
import { staleJurisdictions } from './freshness.ts'
import type { CheckIndex, LicenceEntry, SupersededNumber } from './index-model.ts'
import { licenseNumberGroups, licenseNumberKey } from './license-number-key.ts'
import { licencesForNumberKey, orderLicences, supersededForNumberKey } from './lookup.ts'
import { alternativeFrom, licenceNumberMatch, licenceVerdict } from './match.ts'
import type { CheckResult } from './result.ts'
import * as words from './wording.ts'

/**
 * GET /v1/check?license_number=: case, spaces and separators ignored; an earlier UKGC version
 * resolves to the one now listed (superseded_number); KH/TGC/IOM service references accepted.
 * Throws AppError 400 invalid_input (field license_number) for an empty or over-long value.
 */
export function checkLicenseNumber(index: CheckIndex, licenseNumber: string, options: CheckOptions): CheckResult {
	if (typeof licenseNumber !== 'string' || licenseNumber.length > MAX_LICENSE_NUMBER_LENGTH) {
		throw invalidQuery(
			'invalid_input',
			`license_number must be a string of at most ${MAX_LICENSE_NUMBER_LENGTH} characters.`,
			'license_number'
		)
	}
	const key = licenseNumberKey(licenseNumber)
	if (key.length === 0) throw invalidQuery('invalid_input', 'license_number has no letters or digits.', 'license_number')
	const asOf = resolveAsOf(options)
	return finishResult(index, { license_number: licenseNumber }, answerLicenseNumber(index, licenseNumber, key, options.now), options, asOf)
}

/**
 * The licences the number sent names: those printed with its groups (licenseNumberGroups), current
 * numbers before earlier versions; else every licence sharing its key, current numbers first. Numbers
 * that differ only in where their separators fall (a Curaçao number with a 3-digit last group) share a
 * key, and one of them must not answer for the other.
 */
function namedLicences(index: CheckIndex, sent: string, key: string): { current: LicenceEntry[]; superseded: SupersededNumber[] } {
	const groups = licenseNumberGroups(sent)
	const current = licencesForNumberKey(index, key)
	const superseded = supersededForNumberKey(index, key)
	const currentAsSent = current.filter((licence) => licenseNumberGroups(licence.license_number) === groups)
	if (currentAsSent.length > 0) return { current: currentAsSent, superseded: [] }
	const supersededAsSent = superseded.filter((entry) => licenseNumberGroups(entry.license_number) === groups)
	if (supersededAsSent.length > 0) return { current: [], superseded: supersededAsSent }
	return current.length > 0 ? { current, superseded: [] } : { current: [], superseded }
}

function answerLicenseNumber(index: CheckIndex, sent: string, key: string, now: Date): Answer {
	const { current, superseded } = namedLicences(index, sent, key)
	const candidates = current.length > 0 ? current : [...new Set(superseded.map((entry) => entry.licence))]
	const sorted = [...candidates].sort((a, b) => orderLicences(a, b, index))
	const [primary, ...others] = sorted
	if (!primary) {
		return {
			verdict: 'not_found',
			verdict_detail: words.licenceNotFoundDetail(index, words.quotable(sent), staleJurisdictions(index, now)),
			match: null,
			licence: null,
			alternatives: []
		}
	}
	const earlier = superseded.find((entry) => entry.licence === primary)?.license_number
	const answer: Answer = {
		verdict: licenceVerdict(primary),
		verdict_detail: words.join([
			earlier === undefined ? '' : words.supersededDetail(index, earlier, primary),
			words.licenceNumberDetail(index, primary, now),
			otherLicences(primary, others)
		]),
		match: licenceNumberMatch(index, primary),
		licence: primary,
		alternatives: others.map((licence) => alternativeFrom(licenceNumberMatch(index, licence)))
	}
	if (earlier !== undefined) answer.superseded_number = earlier
	return answer
}

function otherLicences(primary: LicenceEntry, others: readonly LicenceEntry[]): string {
	const printedAlike = (other: LicenceEntry) => licenseNumberGroups(other.license_number) === licenseNumberGroups(primary.license_number)
	const same = others.filter(printedAlike).length
	const regrouped = others.filter((other) => !printedAlike(other))
	return words.join([
		same === 0 ? '' : `${same} other ${same === 1 ? 'licence record carries' : 'licence records carry'} the same number; see alternatives.`,
		regrouped.length === 0
			? ''
			: `With separators ignored the number sent also matches ${regrouped.map(words.licenceName).join(', ')}; see alternatives.`
	])
}
