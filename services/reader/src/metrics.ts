import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { Counter, Gauge, Histogram, SLOW_BUCKETS, type ServiceMetrics, gaugeFrom, oncePerScrape } from '@lv/runtime'
import type { FetchedRecord } from './fetch/read-publication.ts'
import type { PlanCounts } from './reconcile/types.ts'

type RegisterState = { code: string; slaHours: number; readAt: Date | null; consecutiveFailures: number }

export type ReaderMetrics = ReturnType<typeof createReaderMetrics>

/**
 * The reader's series. Runs, bytes and 304s are counted as they happen; the registers' freshness
 * (last successful read, its age, the SLA, failures in a row) is read from register_status at
 * scrape time, so every replica reports the same, true state whoever did the read.
 */
export function createReaderMetrics({ registry }: ServiceMetrics, deps: { sql: Sql; clock: Clock; jurisdictions: readonly string[] }) {
	const runs = new Counter({
		name: 'reader_runs_total',
		help: 'Register reads finished, by jurisdiction and outcome (succeeded, failed).',
		labelNames: ['jurisdiction', 'outcome'],
		registers: [registry]
	})
	const failures = new Counter({
		name: 'reader_run_failures_total',
		help: 'Failed register reads, by jurisdiction and failure reason.',
		labelNames: ['jurisdiction', 'reason'],
		registers: [registry]
	})
	const duration = new Histogram({
		name: 'reader_run_duration_seconds',
		help: 'Time one register read took, fetch to commit.',
		labelNames: ['jurisdiction'],
		buckets: SLOW_BUCKETS,
		registers: [registry]
	})
	const bytes = new Counter({
		name: 'reader_fetched_bytes_total',
		help: 'Bytes downloaded from register publications (304 answers download none).',
		labelNames: ['jurisdiction'],
		registers: [registry]
	})
	const notModified = new Counter({
		name: 'reader_not_modified_total',
		help: 'Publication files answered 304 Not Modified.',
		labelNames: ['jurisdiction'],
		registers: [registry]
	})
	const lastRun = (name: string, help: string) => new Gauge({ name, help, labelNames: ['jurisdiction'], registers: [registry] })
	const records = lastRun('reader_last_run_records', 'Licences parsed by the last successful read.')
	const changes = lastRun(
		'reader_last_run_changes',
		'Licences created, status changes and enforcement actions added by the last successful read.'
	)
	const warnings = lastRun('reader_last_run_warnings', 'Parser warnings of the last successful read.')

	registerFreshnessGauges(registry, deps)

	function fetched(jurisdiction: string, files: readonly FetchedRecord[]) {
		let downloaded = 0
		let unchanged = 0
		for (const file of files) {
			if (file.notModified) unchanged++
			else downloaded += file.bytes.byteLength
		}
		bytes.labels(jurisdiction).inc(downloaded)
		notModified.labels(jurisdiction).inc(unchanged)
	}

	return {
		succeeded(jurisdiction: string, files: readonly FetchedRecord[], counts: PlanCounts, seconds: number) {
			fetched(jurisdiction, files)
			runs.labels(jurisdiction, 'succeeded').inc()
			duration.labels(jurisdiction).observe(seconds)
			records.labels(jurisdiction).set(counts.licences)
			changes.labels(jurisdiction).set(counts.created + counts.statusChanges + counts.actionsAdded)
			warnings.labels(jurisdiction).set(counts.warnings)
		},
		failed(jurisdiction: string, files: readonly FetchedRecord[], reason: string, seconds: number) {
			fetched(jurisdiction, files)
			runs.labels(jurisdiction, 'failed').inc()
			failures.labels(jurisdiction, reason).inc()
			duration.labels(jurisdiction).observe(seconds)
		}
	}
}

/** Each register's freshness, read from register_status once per scrape: last good read, its age, the SLA, failures in a row. */
function registerFreshnessGauges(registry: ServiceMetrics['registry'], deps: { sql: Sql; clock: Clock; jurisdictions: readonly string[] }) {
	const state = oncePerScrape(
		() => deps.sql<RegisterState[]>`
			SELECT j.code, j.sla_hours AS "slaHours", rs.last_successful_read_at AS "readAt", rs.consecutive_failures AS "consecutiveFailures"
			FROM jurisdictions j JOIN register_status rs ON rs.jurisdiction_code = j.code
			WHERE j.code = ANY(${[...deps.jurisdictions]})`,
		() => deps.clock.nowMs()
	)
	const perRegister = (name: string, help: string, pick: (row: RegisterState) => number | null) =>
		gaugeFrom(registry, { name, help, labelNames: ['jurisdiction'] }, state, (rows) =>
			rows.flatMap((row) => {
				const value = pick(row)
				return value === null ? [] : [[{ jurisdiction: row.code }, value] as const]
			})
		)
	perRegister(
		'reader_last_successful_read_timestamp_seconds',
		'When the register was last read successfully (Unix seconds); absent while never read.',
		(row) => (row.readAt ? row.readAt.getTime() / 1000 : null)
	)
	perRegister(
		'reader_last_successful_read_age_seconds',
		'Seconds since the register was last read successfully; absent while never read.',
		(row) => (row.readAt ? (deps.clock.nowMs() - row.readAt.getTime()) / 1000 : null)
	)
	perRegister(
		'reader_register_sla_seconds',
		"The register's freshness SLA: older than this, checks report it stale.",
		(row) => row.slaHours * 3600
	)
	perRegister(
		'reader_consecutive_failed_runs',
		'Reads of the register that failed since its last successful one.',
		(row) => row.consecutiveFailures
	)
}
