import type { LicenceEntry } from './index-model.ts'
import type { Alternative, DomainListing, Match, MatchAbsenceReason, RelatedHost, Verdict } from './result.ts'

/** What one stage of a check decided, before the shared envelope (meta, as_of, confidence) is added. */
export type Answer = {
	verdict: Verdict
	verdict_detail: string
	match: Match | null
	/** the licence the match rests on (for as_of), null when none is resolved */
	licence: LicenceEntry | null
	alternatives: Alternative[]
	match_absence_reason?: MatchAbsenceReason
	related_hosts?: RelatedHost[]
	jurisdictions?: DomainListing[]
	superseded_number?: string
}
