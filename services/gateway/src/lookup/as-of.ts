import { invalidQuery } from '@lv/errors'
import { type AsOf, type LicenceEntry, type LicenseHistoryRow, parseAsOf, reconstructAsOf } from '@lv/verdict'
import type { HistoryRow } from '@lv/register-store'

/** The `as_of` query value as an instant, or null when absent; anything SPEC refuses is 400 invalid_input on as_of. */
export function resolveAsOf(raw: string | undefined, now: Date): Date | null {
	if (raw === undefined) return null
	const parsed = parseAsOf(raw, now)
	if (!parsed.ok) throw invalidQuery('invalid_input', parsed.message, 'as_of')
	return parsed.instant
}

/** Per-licence `as_of` object from that licence's whole history (withdrawn events included). */
export function asOfForLicence(licenceId: string, history: readonly HistoryRow[], instant: Date): AsOf {
	// reconstructAsOf reads only the licence's id; the checker's full index entry is not needed here.
	const licence = { id: licenceId } as unknown as LicenceEntry
	return reconstructAsOf(history as unknown as LicenseHistoryRow[], licence, instant)
}
