import type { Classification, LicenceStatus } from '../types.ts'

/**
 * Which status wins when rows of one licence disagree. Row order churns between exports, so the
 * choice must not depend on it. An action against the licensee (revoked, suspended) or a wording not
 * understood outweighs a row still active; a row still in force outweighs one that ended.
 */
const STATUS_WEIGHT: Record<LicenceStatus, number> = {
	revoked: 6,
	suspended: 5,
	unknown: 4,
	not_in_register: 4,
	active: 3,
	pending: 2,
	surrendered: 1,
	expired: 0
}

/** The weightier of two printed status wordings under `classify`; equal weights fall to the greater wording. */
export function weightierStatus(
	classify: (upstreamStatus: string | null) => Classification,
	a: string | null,
	b: string | null
): string | null {
	const weight = (status: string | null) => STATUS_WEIGHT[classify(status).status]
	if (weight(a) !== weight(b)) return weight(a) > weight(b) ? a : b
	return (a ?? '') > (b ?? '') ? a : b
}
