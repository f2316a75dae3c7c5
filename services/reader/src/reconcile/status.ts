import type { Classification, LicenceStatus, ParsedAction, ParsedLicence, StatusQualifier } from '@lv/registers'
import { licenseNumberKey } from '@lv/verdict'

export type EnforcementEffect = { status: 'revoked' | 'suspended'; action: ParsedAction; sourceUrl: string }

export type DecidedStatus = {
	status: LicenceStatus
	qualifier: StatusQualifier | null
	/** The publication that published this status. */
	sourceUrl: string
	/** Words for the history note. */
	because: string
}

/** Statuses an enforcement decision may replace: the register's own wording still reads in force or unclear. */
const OVERRIDABLE: ReadonlySet<LicenceStatus> = new Set(['active', 'unknown', 'pending'])

/**
 * The status of a licence the register lists. The register's wording decides, through the
 * adapter's classification; an enforcement publication read in the same run that names the
 * licence with a revocation or suspension decides instead while the register still reads in
 * force (registers lag behind enforcement notices). A decision dated before the licence was
 * (re-)issued is an earlier licence's and is ignored.
 */
export function decideListedStatus(
	licence: ParsedLicence,
	classification: Classification,
	registerFileUrl: string,
	effect: EnforcementEffect | undefined
): DecidedStatus {
	const applies =
		effect !== undefined &&
		OVERRIDABLE.has(classification.status) &&
		(effect.action.decisionDate === null || licence.issuedDate === null || effect.action.decisionDate >= licence.issuedDate)
	if (applies && effect) {
		const dated = effect.action.decisionDate ? ` dated ${effect.action.decisionDate}` : ''
		return {
			status: effect.status,
			qualifier: null,
			sourceUrl: effect.sourceUrl,
			because: `enforcement publication names a ${effect.status === 'revoked' ? 'revocation' : 'suspension'}${dated}: ${effect.action.summary.slice(0, 200)}`
		}
	}
	const wording = licence.upstreamStatus === null ? 'no status wording' : `wording "${licence.upstreamStatus}"`
	return {
		status: classification.status,
		qualifier: classification.qualifier,
		sourceUrl: registerFileUrl,
		because: classification.status === 'unknown' ? `register ${wording} could not be classified` : `register ${wording}`
	}
}

export type NumberIndex = {
	/** The licence upstream keys an action's printed number refers to. */
	resolve(printed: string): string | undefined
}

/**
 * Resolves printed licence numbers to licence identities: by the number's key, by the licence's
 * upstream key, and for UKGC by the number without its version counter (a notice may quote an
 * earlier version).
 */
export function buildNumberIndex(
	licences: readonly { upstreamKey: string; licenseNumber: string | null }[],
	jurisdiction: string
): NumberIndex {
	const byKey = new Map<string, string>()
	for (const licence of licences) {
		if (licence.licenseNumber) byKey.set(licenseNumberKey(licence.licenseNumber), licence.upstreamKey)
		byKey.set(licenseNumberKey(licence.upstreamKey), licence.upstreamKey)
	}
	return {
		resolve(printed) {
			const key = licenseNumberKey(printed)
			const direct = byKey.get(key)
			if (direct !== undefined || jurisdiction !== 'UKGC') return direct
			const versionless = /^(\d{6}[A-Z]\d{6})\d{1,3}$/.exec(key)?.[1]
			return versionless === undefined ? undefined : byKey.get(versionless)
		}
	}
}

const EFFECT_RANK = { suspended: 1, revoked: 2 } as const

/** The latest status-setting decision per licence upstream key; revocation wins a tie. */
export function enforcementEffects(
	actions: readonly ParsedAction[],
	index: NumberIndex,
	sourceUrlOf: (action: ParsedAction) => string
): Map<string, EnforcementEffect> {
	const effects = new Map<string, EnforcementEffect>()
	for (const action of actions) {
		if (action.statusEffect === null) continue
		for (const printed of action.licenseNumbers) {
			const key = index.resolve(printed)
			if (key === undefined) continue
			const known = effects.get(key)
			const candidate: EnforcementEffect = { status: action.statusEffect, action, sourceUrl: sourceUrlOf(action) }
			if (!known || isLater(candidate, known)) effects.set(key, candidate)
		}
	}
	return effects
}

function isLater(a: EnforcementEffect, b: EnforcementEffect): boolean {
	const da = a.action.decisionDate ?? ''
	const db = b.action.decisionDate ?? ''
	if (da !== db) return da > db
	return EFFECT_RANK[a.status] > EFFECT_RANK[b.status]
}
