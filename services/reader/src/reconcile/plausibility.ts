import type { ParsedRegister } from '@lv/registers'
import type { CurrentState } from './types.ts'

/** Below this many listed licences a shrink is not judged by proportion (only an empty read is refused). */
export const MIN_LICENCES_FOR_SHRINK_CHECK = 3
/** A read that drops more than this share of the licences listed before is refused as implausible. */
export const MAX_SHARE_GONE = 1 / 3

export type Plausibility = { ok: true } | { ok: false; reason: 'implausible_shrink' | 'empty_register'; detail: string }

/** Guards against a broken publication turning a register's licences into not_in_register. */
export function judgePlausibility(current: CurrentState, parsed: ParsedRegister): Plausibility {
	const listedBefore = [...current.licences.values()].filter(
		(licence) => licence.notListedSince === null && licence.status !== 'not_in_register'
	)
	if (listedBefore.length === 0) return { ok: true }
	const keysNow = new Set(parsed.licences.map((licence) => licence.upstreamKey))
	if (keysNow.size === 0)
		return { ok: false, reason: 'empty_register', detail: `the read lists no licence; ${listedBefore.length} were listed before` }
	const gone = listedBefore.filter((licence) => !keysNow.has(licence.upstreamKey)).length
	if (listedBefore.length >= MIN_LICENCES_FOR_SHRINK_CHECK && gone > listedBefore.length * MAX_SHARE_GONE) {
		return {
			ok: false,
			reason: 'implausible_shrink',
			detail: `${gone} of ${listedBefore.length} listed licences are missing from the read (more than a third)`
		}
	}
	return { ok: true }
}
