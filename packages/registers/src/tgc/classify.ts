import type { Classification, LicenceStatus } from '../types.ts'

const TGC_STATUS: Record<string, LicenceStatus> = {
	valid: 'active',
	active: 'active',
	suspended: 'suspended',
	revoked: 'revoked',
	cancelled: 'revoked',
	expired: 'expired',
	lapsed: 'expired',
	surrendered: 'surrendered',
	pending: 'pending'
}

/**
 * The TGC list prints no status column (assumed layout): being listed is the in-force statement,
 * so no wording (null) is active. A status column, should one appear, maps word for word;
 * anything else is unknown, never active.
 */
export function classifyTgcStatus(upstreamStatus: string | null): Classification {
	if (upstreamStatus === null) return { status: 'active', qualifier: null }
	return { status: TGC_STATUS[upstreamStatus.trim().toLowerCase()] ?? 'unknown', qualifier: null }
}
