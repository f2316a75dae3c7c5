import type { CalendarDate, Instant } from './rows.ts'

/** Milliseconds since the epoch, or null; an unparsable value is treated as absent. */
export function toMs(value: Instant | null | undefined): number | null {
	if (value === null || value === undefined) return null
	const ms = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value)
	return Number.isNaN(ms) ? null : ms
}

export function toIso(ms: number | null): string | null {
	return ms === null ? null : new Date(ms).toISOString()
}

/** `YYYY-MM-DD`; registers publish a day, so a Date is read in UTC. */
export function toCalendarDate(value: CalendarDate | null | undefined): string | null {
	if (value === null || value === undefined) return null
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
	const match = /^\d{4}-\d{2}-\d{2}/.exec(value)
	return match ? match[0] : null
}
