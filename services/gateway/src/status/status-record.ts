import { compareCodePoints } from '@lv/string-order'
import { DAY, HOUR } from '@lv/clock'
import type { RegisterHealthRow } from '@lv/register-store'

/** How far back the status page reports incidents and draws its timeline. */
export const INCIDENT_WINDOW_DAYS = 30
/** Incidents listed at most (newest first); the timeline still counts every one. */
export const MAX_INCIDENTS_LISTED = 100

/** A jurisdiction with its last good read and counts, as @lv/register-store reads it. */
export type RegisterRow = RegisterHealthRow

export type IncidentKind = 'read_failed' | 'coverage_degraded' | 'coverage_restored'
export type IncidentRow = { code: string; kind: IncidentKind; at: Date; detail: string | null }

export type DayState = 'operational' | 'read_failures' | 'stale'

/** Start of the window: 00:00 UTC, INCIDENT_WINDOW_DAYS - 1 days before today. */
export const incidentWindowStart = (now: Date) => startOfUtcDay(now.getTime()) - (INCIDENT_WINDOW_DAYS - 1) * DAY

/**
 * Pure: the public status record from the registers and their incidents of the window, at `now`, and
 * whether a checker answered (`checksAvailable`): degraded while checks cannot be answered or any
 * register is not fresh.
 */
export function statusRecord(registers: readonly RegisterRow[], incidents: readonly IncidentRow[], now: Date, checksAvailable: boolean) {
	const windowStart = incidentWindowStart(now)
	const inWindow = incidents.filter((incident) => incident.at.getTime() >= windowStart && incident.at.getTime() <= now.getTime())
	const newestFirst = [...inWindow].sort((a, b) => b.at.getTime() - a.at.getTime() || compareCodePoints(a.code, b.code))
	const rows = registers.map((register) => {
		const ageHours =
			register.last_successful_read_at === null
				? null
				: Math.max(0, Math.floor((now.getTime() - register.last_successful_read_at.getTime()) / HOUR))
		const fresh = ageHours !== null && ageHours < register.sla_hours
		return {
			jurisdiction: register.code,
			name: register.name,
			sla_hours: register.sla_hours,
			last_successful_read_at: register.last_successful_read_at?.toISOString() ?? null,
			age_hours: ageHours,
			fresh,
			record_counts: { licences: register.licence_count, operators: register.operator_count, domains: register.domain_count },
			timeline: timelineOf(
				inWindow.filter((incident) => incident.code === register.code),
				windowStart,
				now.getTime(),
				fresh
			)
		}
	})
	return {
		status: checksAvailable && rows.every((row) => row.fresh) ? ('operational' as const) : ('degraded' as const),
		checks_available: checksAvailable,
		generated_at: now.toISOString(),
		incident_window_days: INCIDENT_WINDOW_DAYS,
		registers: rows,
		incidents: newestFirst.slice(0, MAX_INCIDENTS_LISTED).map((incident) => ({
			jurisdiction: incident.code,
			kind: incident.kind,
			at: incident.at.toISOString(),
			detail: incident.detail
		})),
		incidents_in_window: inWindow.length
	}
}

const startOfUtcDay = (ms: number) => ms - (((ms % DAY) + DAY) % DAY)
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * One entry per UTC day of the window, oldest first: `stale` when the register was past its SLA at
 * any time that day (from its coverage events; before the first event of the window it was stale
 * exactly when that event is a restore), else `read_failures` when a read failed that day.
 */
function timelineOf(incidents: readonly IncidentRow[], windowStart: number, nowMs: number, freshNow: boolean) {
	const oldestFirst = [...incidents].sort((a, b) => a.at.getTime() - b.at.getTime())
	const coverage = oldestFirst.filter((incident) => incident.kind !== 'read_failed')
	const staleSpans: [number, number][] = []
	let staleSince: number | null = coverage[0]?.kind === 'coverage_restored' ? windowStart : null
	for (const event of coverage) {
		if (event.kind === 'coverage_degraded' && staleSince === null) staleSince = event.at.getTime()
		if (event.kind === 'coverage_restored' && staleSince !== null) {
			staleSpans.push([staleSince, event.at.getTime()])
			staleSince = null
		}
	}
	// Stale now without a recorded transition yet: since now, or all window long when nothing changed in it.
	if (staleSince === null && !freshNow) staleSince = coverage.length === 0 ? windowStart : nowMs
	if (staleSince !== null) staleSpans.push([staleSince, Number.POSITIVE_INFINITY])
	return Array.from({ length: INCIDENT_WINDOW_DAYS }, (_, index) => {
		const dayStart = windowStart + index * DAY
		const dayEnd = dayStart + DAY
		const readFailures = oldestFirst.filter(
			(incident) => incident.kind === 'read_failed' && incident.at.getTime() >= dayStart && incident.at.getTime() < dayEnd
		).length
		const stale = staleSpans.some(([from, to]) => from < dayEnd && to >= dayStart)
		const state: DayState = stale ? 'stale' : readFailures > 0 ? 'read_failures' : 'operational'
		return { date: dateOf(dayStart), state, read_failures: readFailures }
	})
}

export type StatusRecord = ReturnType<typeof statusRecord>
