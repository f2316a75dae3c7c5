import type { Classification } from '../types.ts'

/**
 * KH prints no status: the page lists the operators "certified by the Kahnawà:ke Gaming
 * Commission", so being listed (upstreamStatus null) is the in-force statement. Any wording the
 * page might start printing is unknown until it is mapped here, never active.
 */
export function classifyKhStatus(upstreamStatus: string | null): Classification {
	return { status: upstreamStatus === null ? 'active' : 'unknown', qualifier: null }
}
