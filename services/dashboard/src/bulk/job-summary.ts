import { compareCodePoints } from '@lv/string-order'
import type { Sql } from '@lv/db'
import { LICENSED_VERDICTS } from './licensed-operators.ts'
import type { ResultFilter } from './result-store.ts'

/** Answers of one verdict (null: a per-row error) and jurisdiction (null: none matched). */
export type Tally = { verdict: string | null; jurisdiction: string | null; count: number }

/** What the job page shows above the rows, counted from the job's stored answers. */
export type JobSummary = { answered: number; tallies: Tally[]; licensedOperators: number }

type SummaryRow = { answered: number; tallies: Tally[]; licensed_operators: number }

const summaryOf = (row: SummaryRow): JobSummary => ({
	answered: row.answered,
	tallies: row.tallies,
	licensedOperators: row.licensed_operators
})

/**
 * The job's summary as of `answered` stored answers (BulkJob.done). Kept in bulk_check_summaries:
 * counted again only when the job has stored answers since (a running job, or a batch stored after
 * a stop), so loading a finished job's page reads one row rather than every answer.
 */
export async function jobSummary(sql: Sql, jobId: string, answered: number): Promise<JobSummary> {
	const [kept] = await sql<SummaryRow[]>`SELECT answered, tallies, licensed_operators FROM bulk_check_summaries WHERE job_id = ${jobId}`
	return kept && kept.answered === answered ? summaryOf(kept) : countJobSummary(sql, jobId)
}

/** Counts the job's stored answers into its kept summary: the worker does when the job ends, so its page needs not. */
export async function countJobSummary(sql: Sql, jobId: string): Promise<JobSummary> {
	const [counted] = await sql<SummaryRow[]>`
		WITH tallies AS (
			SELECT verdict, jurisdiction, count(*)::int AS count FROM bulk_check_results WHERE job_id = ${jobId} GROUP BY verdict, jurisdiction
		)
		INSERT INTO bulk_check_summaries (job_id, answered, tallies, licensed_operators)
		SELECT ${jobId}, coalesce(sum(count), 0),
			coalesce(jsonb_agg(jsonb_build_object('verdict', verdict, 'jurisdiction', jurisdiction, 'count', count)), '[]'),
			(SELECT count(DISTINCT operator_slug) FROM bulk_check_results
				WHERE job_id = ${jobId} AND verdict IN ${sql(LICENSED_VERDICTS)})
		FROM tallies
		ON CONFLICT (job_id) DO UPDATE SET answered = excluded.answered, tallies = excluded.tallies, licensed_operators = excluded.licensed_operators
		RETURNING answered, tallies, licensed_operators`
	return summaryOf(counted as SummaryRow)
}

export type VerdictCount = { verdict: string | null; count: number }

/** Answers per verdict (null: a per-row error), most frequent first. */
export function verdictCounts(summary: JobSummary): VerdictCount[] {
	const counts = new Map<string | null, number>()
	for (const tally of summary.tallies) counts.set(tally.verdict, (counts.get(tally.verdict) ?? 0) + tally.count)
	return [...counts]
		.map(([verdict, count]) => ({ verdict, count }))
		.sort((a, b) => b.count - a.count || compareCodePoints(a.verdict ?? '', b.verdict ?? ''))
}

/** The jurisdictions the job's answers matched, in order. */
export const jurisdictionsOf = (summary: JobSummary): string[] =>
	[...new Set(summary.tallies.flatMap((tally) => (tally.jurisdiction === null ? [] : [tally.jurisdiction])))].sort()

const passes = (tally: Tally, filter: ResultFilter) =>
	(filter.verdict === '' || tally.verdict === (filter.verdict === 'error' ? null : filter.verdict)) &&
	(filter.jurisdiction === '' || tally.jurisdiction === filter.jurisdiction)

/** The answers that pass the filter. */
export const matchingCount = (summary: JobSummary, filter: ResultFilter): number =>
	summary.tallies.reduce((sum, tally) => sum + (passes(tally, filter) ? tally.count : 0), 0)
