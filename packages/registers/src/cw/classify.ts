import type { Classification, ClassifyContext } from '../types.ts'

function todayUtc(now: Date): string {
	return now.toISOString().slice(0, 10)
}

/**
 * CW register wording. The PDF prints no status for a licence in its term (upstreamStatus null):
 * that row is active when it carries a term date, otherwise unknown. A sentence in the expiry
 * column is read for keywords: revoked, suspended, "assessment in progress". Under assessment
 * is active; it carries provisional_under_assessment only once the stated term has ended (SPEC:
 * "under assessment past its stated term") or when no readable expiry date is printed.
 */
export function classifyCwStatus(upstreamStatus: string | null, context: ClassifyContext): Classification {
	const wording = (upstreamStatus ?? '').replace(/\s+/g, ' ').trim().toLowerCase()
	if (wording === '') {
		const hasTerm = context.licence.expiryDate !== null || context.licence.issuedDate !== null
		return { status: hasTerm ? 'active' : 'unknown', qualifier: null }
	}
	if (/\brevok/.test(wording)) return { status: 'revoked', qualifier: null }
	if (/\bsuspen/.test(wording)) return { status: 'suspended', qualifier: null }
	if (/\b(?:assessment in progress|under assessment)\b/.test(wording)) {
		const expiry = context.licence.expiryDate
		const pastTerm = expiry === null || expiry < todayUtc(context.now)
		return { status: 'active', qualifier: pastTerm ? 'provisional_under_assessment' : null }
	}
	if (/^(?:active|valid)$/.test(wording)) return { status: 'active', qualifier: null }
	if (/\bsurrender/.test(wording)) return { status: 'surrendered', qualifier: null }
	if (/\bexpired\b/.test(wording)) return { status: 'expired', qualifier: null }
	return { status: 'unknown', qualifier: null }
}
