import type { Classification, ClassifyContext, LicenceStatus } from '../types.ts'

/**
 * MGA status wording (register panel `Status`, seal `Status Of Licence`). Cancelled is the
 * Authority cancelling the authorisation: stored as revoked. The other words are listed by the
 * register's status menu (not all seen in real rows).
 */
const STATUS_BY_WORDING: Record<string, LicenceStatus> = {
	licensed: 'active',
	cancelled: 'revoked',
	canceled: 'revoked',
	revoked: 'revoked',
	surrendered: 'surrendered',
	suspended: 'suspended',
	expired: 'expired',
	pending: 'pending'
}

export function classifyMgaStatus(upstreamStatus: string | null, _context?: ClassifyContext): Classification {
	const key = (upstreamStatus ?? '')
		.replace(/[\s\u00a0]+/g, ' ')
		.trim()
		.toLowerCase()
	return { status: STATUS_BY_WORDING[key] ?? 'unknown', qualifier: null }
}
