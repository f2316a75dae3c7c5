import { Counter, Gauge, type ServiceMetrics } from '@lv/runtime'

export type SignInOutcome = 'signed_in' | 'invalid_credentials' | 'rate_limited' | 'incomplete' | 'expired_form'

export type DashboardMetrics = ReturnType<typeof createDashboardMetrics>

/** Why a bulk-check job ended: every entry checked, or stopped by its account's limits or plan. */
export type BulkJobEnd = 'finished' | 'quota_exhausted' | 'no_plan' | (string & {})

/**
 * The dashboard's series: sign-ins by outcome, and the bulk-check worker's batches, entries and
 * ended jobs; the exports it asks for are counted by the gateway (requests) and the exporter (builds).
 */
export function createDashboardMetrics({ registry }: ServiceMetrics) {
	const signIns = new Counter({
		name: 'dashboard_sign_ins_total',
		help: 'Sign-in form submissions, by outcome.',
		labelNames: ['outcome'],
		registers: [registry]
	})
	const bulkBatches = new Counter({
		name: 'dashboard_bulk_check_batches_total',
		help: 'Bulk-check batches checked and stored.',
		registers: [registry]
	})
	const bulkEntries = new Counter({
		name: 'dashboard_bulk_check_entries_total',
		help: 'Bulk-check entries checked.',
		registers: [registry]
	})
	const bulkJobs = new Counter({
		name: 'dashboard_bulk_check_jobs_total',
		help: 'Bulk-check jobs ended, by outcome.',
		labelNames: ['outcome'],
		registers: [registry]
	})
	return {
		signIn(outcome: SignInOutcome) {
			signIns.labels(outcome).inc()
		},
		bulkBatchChecked(entries: number) {
			bulkBatches.inc()
			bulkEntries.inc(entries)
		},
		bulkJobEnded(outcome: BulkJobEnd) {
			bulkJobs.labels(outcome).inc()
		},
		/** `dashboard_bulk_worker_running`, read at scrape time: the worker is watched here, not by readiness (ADR 0092). */
		watchBulkWorker(isRunning: () => boolean) {
			new Gauge({
				name: 'dashboard_bulk_worker_running',
				help: "Whether the bulk-check worker's pull loops run and their durable and stream exist (1) or not (0).",
				registers: [registry],
				collect() {
					this.set(isRunning() ? 1 : 0)
				}
			})
		}
	}
}
