import type { Classification, LicenceStatus } from '../types.ts'

/**
 * The `status` words of the Anjouan register (compared lower-cased: the printed case is
 * unconfirmed). `valid` is the register's in-force word. `surrendered`, `lapsed` and `pending`
 * are not seen in the register but map as SPEC says should they appear.
 */
const AN_STATUS: Record<string, LicenceStatus> = {
	valid: 'active',
	suspended: 'suspended',
	revoked: 'revoked',
	expired: 'expired',
	lapsed: 'expired',
	surrendered: 'surrendered',
	pending: 'pending'
}

/** Maps the verbatim `status` value; anything else, and no value, is unknown. */
export function classifyAnStatus(upstreamStatus: string | null): Classification {
	const word = (upstreamStatus ?? '').trim().toLowerCase()
	return { status: AN_STATUS[word] ?? 'unknown', qualifier: null }
}
