import type { Classification, LicenceStatus } from '../types.ts'

/**
 * IOM `Licence Status` wording, matched on its leading word so dated forms read too
 * (`Suspended (2 October 2026)`, `Suspended (02/10/2026)`). `Active` must stand alone: any
 * qualified "Active …" is unknown rather than a guess. `Cancelled` (cancelled by the
 * Commission) is revoked, as SPEC says.
 */
const LEADING_WORD: [RegExp, LicenceStatus][] = [
	[/^active\.?$/i, 'active'],
	[/^suspended\b/i, 'suspended'],
	[/^cancell?ed\b/i, 'revoked'],
	[/^revoked\b/i, 'revoked'],
	[/^surrendered\b/i, 'surrendered'],
	[/^(?:expired|lapsed)\b/i, 'expired'],
	[/^pending\b/i, 'pending']
]

export function classifyIomStatus(upstreamStatus: string | null): Classification {
	const wording = (upstreamStatus ?? '').replace(/[\s\u00a0]+/g, ' ').trim()
	const status = LEADING_WORD.find(([pattern]) => pattern.test(wording))?.[1] ?? 'unknown'
	return { status, qualifier: null }
}

/** The date a dated status carries (`Suspended (2 October 2026)` -> the raw `2 October 2026`), or null. */
export function statusDateText(upstreamStatus: string | null): string | null {
	return /\(([^)]{4,40})\)\s*$/.exec(upstreamStatus ?? '')?.[1]?.trim() ?? null
}
