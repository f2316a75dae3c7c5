import type { Classification, ClassifyContext, LicenceStatus } from '../types.ts'

/**
 * UKGC licence `Status` column wording. The column is an explicit status published by the
 * regulator, so it may set revoked and suspended. Forfeited (a court-ordered forfeiture, s.115
 * Gambling Act 2005) ends the licence against the holder's will: stored as revoked.
 */
const STATUS_BY_WORDING: Record<string, LicenceStatus> = {
	active: 'active',
	expired: 'expired',
	lapsed: 'expired',
	revoked: 'revoked',
	'revoked non payment of fee': 'revoked',
	forfeited: 'revoked',
	surrendered: 'surrendered',
	pending: 'pending',
	suspended: 'suspended'
}

export function classifyUkgcStatus(upstreamStatus: string | null, _context?: ClassifyContext): Classification {
	const key = (upstreamStatus ?? '')
		.replace(/[-–—\s\u00a0]+/g, ' ')
		.trim()
		.toLowerCase()
	return { status: STATUS_BY_WORDING[key] ?? 'unknown', qualifier: null }
}
