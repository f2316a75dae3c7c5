import { Gauge, Histogram, PlainCounter, type PlainCounterChild, SLOW_BUCKETS, type ServiceMetrics, counterFrom } from '@lv/runtime'
import type { AnswerMemo } from '@lv/verdict'
import type { RebuildRecord } from './index-store.ts'

/** How a check was asked: one domain or licence number, or a row of a batch. */
export type CheckKind = 'domain' | 'license_number' | 'batch'

/** The verdict label of a check answered with an error (bad input, history unreadable). */
export const ERROR_VERDICT = 'error'

export type CheckerMetrics = ReturnType<typeof createCheckerMetrics>

/**
 * The checker's series: checks by kind and verdict (closed sets; a plain counter whose children
 * are kept here, as on the gateway, since every check counts), the index per
 * jurisdiction as of its last rebuild, rebuild durations, and the answer memo's hits and misses.
 */
export function createCheckerMetrics({ registry }: ServiceMetrics) {
	const checks = new PlainCounter(
		registry,
		'checker_checks_total',
		'Checks answered, by kind (domain, license_number, batch row) and verdict (error when the check failed).',
		['kind', 'verdict']
	)
	const rebuildSeconds = new Histogram({
		name: 'checker_index_rebuild_duration_seconds',
		help: 'Time to rebuild one jurisdiction of the index from PostgreSQL.',
		labelNames: ['jurisdiction'],
		buckets: SLOW_BUCKETS,
		registers: [registry]
	})
	const licences = new Gauge({
		name: 'checker_index_licences',
		help: 'Licences in the index, per jurisdiction, as of its last rebuild.',
		labelNames: ['jurisdiction'],
		registers: [registry]
	})
	const domains = new Gauge({
		name: 'checker_index_domains',
		help: 'Domain links in the index, per jurisdiction, as of its last rebuild.',
		labelNames: ['jurisdiction'],
		registers: [registry]
	})
	const failedInARow = new Gauge({
		name: 'checker_index_consecutive_failed_rebuilds',
		help: 'Failed rebuilds in a row of a jurisdiction whose register moved; at 3 the replica reports not ready.',
		labelNames: ['jurisdiction'],
		registers: [registry]
	})
	const byKind = new Map<CheckKind, Map<string, PlainCounterChild>>()

	return {
		checked(kind: CheckKind, verdict: string) {
			let byVerdict = byKind.get(kind)
			if (byVerdict === undefined) {
				byVerdict = new Map()
				byKind.set(kind, byVerdict)
			}
			let counter = byVerdict.get(verdict)
			if (counter === undefined) {
				counter = checks.child(kind, verdict)
				byVerdict.set(verdict, counter)
			}
			counter.count++
		},
		rebuilt(record: RebuildRecord) {
			rebuildSeconds.labels(record.code).observe(record.durationMs / 1000)
			licences.labels(record.code).set(record.licences)
			domains.labels(record.code).set(record.domains)
		},
		failedInARow(code: string, failed: number) {
			failedInARow.labels(code).set(failed)
		},
		watchMemo(memo: AnswerMemo<unknown>) {
			counterFrom(registry, { name: 'checker_answer_memo_hits_total', help: 'Checks answered from the answer memo.' }, () => memo.hits)
			counterFrom(
				registry,
				{ name: 'checker_answer_memo_misses_total', help: 'Checks the answer memo did not hold (computed, then remembered).' },
				() => memo.misses
			)
		}
	}
}
