import { MAX_AS_OF_LENGTH } from '@lv/contracts'
import type { LicenceEntry } from './index-model.ts'
import type { AsOf } from './result.ts'
import type { LicenseHistoryRow } from './rows.ts'
import { toIso, toMs } from './time.ts'

export type ParsedAsOf = { ok: true; instant: Date } | { ok: false; reason: 'invalid_input'; field: 'as_of'; message: string }

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

const invalid = (message: string): ParsedAsOf => ({ ok: false, reason: 'invalid_input', field: 'as_of', message })

/**
 * SPEC `as_of`: exactly `YYYY-MM-DD` (a real date; the end of that day UTC; today's date means
 * `now`) or an ISO-8601 datetime with `Z` or a `±hh:mm` offset (seconds and fractions optional).
 * Anything else, more than 40 characters, or a future instant is invalid_input on field as_of.
 */
export function parseAsOf(raw: unknown, now: Date): ParsedAsOf {
	if (typeof raw !== 'string' || raw.length === 0) return invalid('as_of must be a date (YYYY-MM-DD) or a datetime with a UTC offset.')
	if (raw.length > MAX_AS_OF_LENGTH) return invalid(`as_of is longer than ${MAX_AS_OF_LENGTH} characters.`)

	const dateOnly = DATE_ONLY.exec(raw)
	if (dateOnly) {
		const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])]
		if (!isRealDate(year, month, day)) return invalid(`as_of ${raw} is not a real calendar date.`)
		const today = now.toISOString().slice(0, 10)
		if (raw === today) return { ok: true, instant: new Date(now.getTime()) }
		if (raw > today) return invalid('as_of is in the future.')
		return { ok: true, instant: new Date(utcMs(year, month - 1, day, 23, 59, 59, 999)) }
	}

	const dateTime = DATE_TIME.exec(raw)
	if (!dateTime) return invalid('as_of must be a date (YYYY-MM-DD) or an ISO-8601 datetime with a UTC offset.')
	const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((group) => Number(dateTime[group]))
	const second = Number(dateTime[6] ?? '0')
	const millisecond = Number((dateTime[7] ?? '0').padEnd(3, '0').slice(0, 3))
	if (
		year === undefined ||
		month === undefined ||
		day === undefined ||
		hour === undefined ||
		minute === undefined ||
		!isRealDate(year, month, day) ||
		hour > 23 ||
		minute > 59 ||
		second > 59
	) {
		return invalid(`as_of ${raw} is not a real date and time.`)
	}
	let offsetMinutes = 0
	if (dateTime[8] === undefined) {
		const offsetHours = Number(dateTime[10])
		const offsetMins = Number(dateTime[11])
		if (offsetHours > 23 || offsetMins > 59) return invalid(`as_of ${raw} has an invalid UTC offset.`)
		offsetMinutes = (dateTime[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins)
	}
	const instant = utcMs(year, month - 1, day, hour, minute, second, millisecond) - offsetMinutes * 60_000
	if (instant > now.getTime()) return invalid('as_of is in the future.')
	return { ok: true, instant: new Date(instant) }
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Date.UTC, except that the years 0–99 are those years (Date.UTC reads them as 1900–1999). */
function utcMs(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): number {
	const date = new Date(Date.UTC(2000, monthIndex, day, hour, minute, second, millisecond))
	date.setUTCFullYear(year)
	return date.getTime()
}

function isRealDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false
	const date = new Date(utcMs(year, month - 1, day))
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The status of `licence` at `instant` from its history rows (rows of other licences are
 * ignored). The event in effect is the latest status-setting row (a first observation or a move
 * from one status to another) changed at or before the instant, withdrawn or not: a withdrawn one
 * gives basis corrected and status null, never the earlier status. A row that moves no status (a
 * renewal, a re-issued number, a change of holder) repeats the status it was written under, so it
 * never stands in for the move that set it; it is in effect only while no move precedes it.
 * Rows of one instant are taken in id order, whatever order they arrive in.
 * `tracking_since` is the earliest recorded change (the first observation).
 */
export function reconstructAsOf(history: readonly LicenseHistoryRow[], licence: LicenceEntry | null, instant: Date): AsOf {
	const resolved_at = instant.toISOString()
	if (licence === null) return { resolved_at, basis: 'no_license_resolved', status: null, transition: null, tracking_since: null }
	const events = history
		.filter((row) => row.license_id === licence.id)
		.map((row) => ({ row, at: toMs(row.changed_at) }))
		.filter((event): event is { row: LicenseHistoryRow; at: number } => event.at !== null)
		.sort((a, b) => a.at - b.at || compareIds(a.row.id, b.row.id))
	const first = events[0]
	if (!first) return { resolved_at, basis: 'no_such_license', status: null, transition: null, tracking_since: null }
	const tracking_since = toIso(first.at)
	const at = instant.getTime()
	if (at < first.at) return { resolved_at, basis: 'before_tracking', status: null, transition: null, tracking_since }

	let inEffect = first
	let moveSeen = false
	for (const event of events) {
		if (event.at > at) break
		const setsStatus = event.row.previous_status !== event.row.new_status
		if (setsStatus || !moveSeen) inEffect = event
		moveSeen ||= setsStatus
	}
	const row = inEffect.row
	const correctedAt = toMs(row.corrected_at)
	if (correctedAt !== null) {
		return {
			resolved_at,
			basis: 'corrected',
			status: null,
			transition: null,
			correction: {
				event_id: row.id,
				withdrawn_status: row.new_status,
				corrected_at: toIso(correctedAt) ?? '',
				correction_note: row.correction_note ?? null
			},
			tracking_since
		}
	}
	return {
		resolved_at,
		basis: 'observed',
		status: row.new_status,
		transition: {
			id: row.id,
			changed_at: toIso(inEffect.at) ?? '',
			previous_status: row.previous_status,
			new_status: row.new_status,
			change_type: row.change_type,
			source_url: row.source_url
		},
		tracking_since
	}
}
