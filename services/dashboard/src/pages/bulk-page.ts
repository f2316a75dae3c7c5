import {
	BULK_BATCH_SIZE,
	BULK_ENTRIES_PER_JOB,
	BULK_UPLOAD_MAX_BYTES,
	type BatchMeta,
	type ListReport,
	type Progress,
	batchesFor
} from '@lv/bulk-check'
import type { Session } from '../auth/sessions.ts'
import type { BulkJob } from '../bulk/job-store.ts'
import { BULK_JOB_RETENTION_DAYS, jobDeletedAt } from '../bulk/job-retention.ts'
import { type JobSummary, type VerdictCount, jurisdictionsOf, matchingCount, verdictCounts } from '../bulk/job-summary.ts'
import type { ResultPage, TableRow } from '../bulk/result-store.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { EVIDENCE_NOTE, evidenceButton, evidenceRefusal } from './evidence-button.ts'
import { formatCount as number, formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'
import { watchTheseForm } from './watch-these.ts'

const PLAN_LIMITS = html`<ul class="plan-limits">
<li>Starter: ${number(BULK_ENTRIES_PER_JOB.starter ?? 0)} domains per job</li>
<li>Pro: ${number(BULK_ENTRIES_PER_JOB.pro ?? 0)}</li>
<li>Business and Enterprise: ${number(BULK_ENTRIES_PER_JOB.business ?? 0)}</li>
</ul>`

export type BulkFormView = {
	session: Session
	csrf: string
	limit: number
	jobs: BulkJob[]
	error?: string
	report?: ListReport
	pasted?: string
}

/** Why the worker stopped a job (worker.ts StopReason), in words. */
const STOP_REASONS: Record<string, string> = {
	quota_exhausted: 'the monthly quota is used up',
	no_plan: 'the account has no active plan'
}

export const stopReasonText = (reason: string | null) => (reason === null ? undefined : STOP_REASONS[reason]) ?? 'unknown reason'

/** What the pages promise of a job's lifetime (job-retention.ts deletes it then). */
const RETENTION_NOTE = html`<p class="muted" data-retention>A job and its results are deleted ${BULK_JOB_RETENTION_DAYS} days after it ends (a list never started, ${BULK_JOB_RETENTION_DAYS} days after it was read). Download the CSV or Excel file to keep them longer.</p>`

const deletedOn = (job: BulkJob) => {
	const at = jobDeletedAt(job)
	return at === null ? `${BULK_JOB_RETENTION_DAYS} days after it ends` : formatUtc(at)
}

/** The job page's line on when the job goes. */
function deletionLine(job: BulkJob): SafeHtml {
	const at = jobDeletedAt(job)
	const when =
		at === null
			? `${BULK_JOB_RETENTION_DAYS} days after it ends`
			: `on ${formatUtc(at)}, ${BULK_JOB_RETENTION_DAYS} days after ${job.state === 'ready' ? 'the list was read' : 'it ended'}`
	return html`<p class="muted" data-deleted-on>This job and its results are deleted ${when}. Download the CSV or Excel file to keep them longer.</p>`
}

const stateLabel = (job: BulkJob) => (job.state === 'stopped' ? `stopped (${stopReasonText(job.stopReason)})` : job.state)

export function reportList(report: ListReport): SafeHtml {
	return html`<ul class="report" data-report>
<li>${number(report.lines)} lines read${report.header ? html`; header row <code>${report.header}</code> skipped` : ''}</li>
${report.urlsReduced ? html`<li>${number(report.urlsReduced)} web addresses reduced to their hostname</li>` : ''}
${report.duplicates ? html`<li>${number(report.duplicates)} duplicates skipped</li>` : ''}
${report.blank ? html`<li>${number(report.blank)} blank lines skipped</li>` : ''}
${
	report.junk
		? html`<li data-junk>${number(report.junk)} lines are not a domain or web address and were skipped${report.junk > report.junkSamples.length ? html` (first ${report.junkSamples.length} below)` : ''}:
<ul>${report.junkSamples.map((junk) => html`<li>line ${junk.line}: <code>${junk.text}</code> (${junk.problem})</li>`)}</ul></li>`
		: ''
}
</ul>`
}

export function bulkFormPage(view: BulkFormView): SafeHtml {
	const form =
		view.limit === 0
			? callout('info', 'Your account has no active plan, so it cannot run bulk checks.')
			: html`<form method="post" action="/bulk" enctype="multipart/form-data" class="card stack" data-bulk-form data-max-bytes="${BULK_UPLOAD_MAX_BYTES}">
${csrfField(view.csrf)}
<p>Up to <strong>${number(view.limit)}</strong> domains per job on your plan. Files up to ${BULK_UPLOAD_MAX_BYTES / 1024 / 1024} MB: an Excel workbook (.xlsx, its first sheet is read), a CSV (comma or semicolon), a tab-separated file or a plain list in UTF-8 (or UTF-16 as Excel saves "Unicode Text"); of several columns, the one headed Domain, URL or Website (else the first) is read.</p>
<label for="file">Excel, CSV file or list (one domain or web address per row; a header row is recognised)</label>
<input type="file" id="file" name="file" accept=".xlsx,.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
<p class="field-error" id="file-error" role="alert" hidden></p>
<label for="list">Or paste the list</label>
<textarea id="list" name="list" rows="8" spellcheck="false">${view.pasted ?? ''}</textarea>
<button type="submit" class="primary">Read the list</button>
</form>`
	const jobs = view.jobs.length
		? html`<section class="card"><h2>Recent jobs</h2><div class="table-wrap"><table class="data"><thead><tr><th>List</th><th>Domains</th><th>State</th><th>Created</th><th>Deleted on</th></tr></thead><tbody>
${view.jobs.map((job) => html`<tr><td><a href="/bulk/${job.id}">${job.sourceName}</a></td><td>${number(job.total)}</td><td>${stateLabel(job)}</td><td>${formatUtc(job.createdAt)}</td><td>${deletedOn(job)}</td></tr>`)}
</tbody></table></div>${RETENTION_NOTE}</section>`
		: ''
	return signedInPage({
		title: 'Bulk check',
		session: view.session,
		csrf: view.csrf,
		section: 'bulk',
		content: html`<h1>Bulk check</h1>
<p class="lead">Check a whole list of affiliate or partner sites against the registers. The job runs in the background: you can leave this page and come back. Every ${BULK_BATCH_SIZE} domains count as one request against your monthly quota, as <code>POST /v1/check/batch</code> does.</p>
${view.error ? callout('error', view.error) : ''}
${view.report ? reportList(view.report) : ''}
${form}
<details><summary>Domains per job by plan</summary>${PLAN_LIMITS}</details>
${jobs}`
	})
}

export type QuotaView = { used: number; quota: number | null }

function startCard(view: { job: BulkJob; csrf: string; quota: QuotaView }): SafeHtml {
	const calls = batchesFor(view.job.total)
	const left = view.quota.quota === null ? null : Math.max(0, view.quota.quota - view.quota.used)
	const quotaLine =
		left === null
			? html`Your plan has no monthly quota.`
			: html`You have <strong>${number(left)}</strong> of ${number(view.quota.quota ?? 0)} requests left this month.`
	const short = left !== null && left < calls
	return html`<section class="card" data-start>
<p>This job will use <strong data-calls>${number(calls)}</strong> requests of your monthly quota (${number(view.job.total)} domains in batches of ${BULK_BATCH_SIZE}). ${quotaLine}</p>
${short ? callout('warning', 'The quota left is not enough for the whole list: the job stops when the quota is used up, with the results so far.') : ''}
<form method="post" action="/bulk/${view.job.id}/start">${csrfField(view.csrf)}<button type="submit" class="primary">Start checking</button></form>
</section>`
}

export function progressBlock(progress: Progress, running: boolean): SafeHtml {
	const rate = progress.perSecond === null ? '–' : `${number(Math.round(progress.perSecond))} domains/s`
	const left =
		progress.secondsLeft === null
			? '–'
			: progress.secondsLeft < 60
				? `${progress.secondsLeft} s`
				: `${Math.ceil(progress.secondsLeft / 60)} min`
	return html`<section class="card" data-progress${running ? html` data-progress-url="progress"` : ''}>
<label for="job-progress">Progress</label>
<progress id="job-progress" max="${progress.total}" value="${progress.done}">${progress.percent} %</progress>
<p aria-live="polite"><span data-field="done">${number(progress.done)}</span> of ${number(progress.total)} done (<span data-field="percent">${progress.percent}</span> %) · <span data-field="rate">${rate}</span> · <span data-field="left">${left}</span> left</p>
${running ? html`<noscript><p><a href="">Refresh</a> to see the latest progress.</p></noscript>` : ''}
</section>`
}

export type BulkJobView = {
	session: Session
	csrf: string
	job: BulkJob
	progress: Progress
	quota: QuotaView
	/** The answers counted (null until the job has ended). */
	summary: JobSummary | null
	results: ResultPage | null
	filter: { verdict: string; jurisdiction: string }
	notice?: string
	/** What the last Watch these press did. */
	watchOutcome?: SafeHtml
}

function verdictChart(counts: VerdictCount[], total: number): SafeHtml {
	return html`<section class="card"><h2>Verdicts</h2><div class="table-wrap"><table class="data chart" data-verdict-chart><tbody>
${counts.map((count) => html`<tr><th scope="row">${count.verdict ?? 'error'}</th><td><meter min="0" max="${total}" value="${count.count}">${count.count}</meter></td><td data-count="${count.verdict ?? 'error'}">${number(count.count)}</td></tr>`)}
</tbody></table></div></section>`
}

function filterForm(view: BulkJobView, summary: JobSummary): SafeHtml {
	const verdicts = verdictCounts(summary).map((count) => count.verdict)
	const option = (value: string, label: string, selected: string) =>
		html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`
	return html`<form method="get" action="/bulk/${view.job.id}" class="filters">
<label for="verdict">Verdict</label>
<select id="verdict" name="verdict">${option('', 'All', view.filter.verdict)}${verdicts.map((verdict) => option(verdict ?? 'error', verdict ?? 'error', view.filter.verdict))}</select>
<label for="jurisdiction">Jurisdiction</label>
<select id="jurisdiction" name="jurisdiction">${option('', 'All', view.filter.jurisdiction)}${jurisdictionsOf(summary).map((code) => option(code, code, view.filter.jurisdiction))}</select>
<button type="submit" class="secondary">Filter</button>
</form>`
}

/** Links to the first, previous, next and last pages, each keeping the filter: plain links, so they work without JavaScript. */
function pager(view: BulkJobView, results: ResultPage): SafeHtml {
	const link = (bound: string, label: string, rel = '') =>
		html`<a href="/bulk/${view.job.id}?verdict=${encodeURIComponent(view.filter.verdict)}&amp;jurisdiction=${encodeURIComponent(view.filter.jurisdiction)}${bound}"${rel ? html` rel="${rel}"` : ''}>${label}</a>`
	const first = results.rows[0]?.position
	const last = results.rows.at(-1)?.position
	return html`<nav class="pager" aria-label="Result pages">
${results.hasEarlier ? html`${link('', 'First')} ${link(`&before=${first ?? view.job.total}`, 'Previous', 'prev')}` : ''}
${results.hasLater ? html`${link(`&after=${last ?? -1}`, 'Next', 'next')} ${link(`&before=${view.job.total}`, 'Last')}` : ''}
</nav>`
}

/** A not_found, generic_term or name_match_only answer given while registers were past their SLA says so, as the API's `_meta` does. */
const weakenedNote = (row: TableRow) =>
	row.weakenedBy.length > 0
		? html` <span class="weakened" data-weakened title="Registers past their SLA when this was checked weaken this answer">(weakened: ${row.weakenedBy.join(', ')} stale)</span>`
		: ''

function resultsTable(view: BulkJobView, summary: JobSummary, results: ResultPage): SafeHtml {
	const firstLine = results.rows[0]?.line
	const lastLine = results.rows.at(-1)?.line
	return html`<section class="card"><h2>Results</h2>
${filterForm(view, summary)}
<p><a class="button secondary" href="/bulk/${view.job.id}/results.csv" download>Download CSV</a> <a class="button secondary" href="/bulk/${view.job.id}/results.xlsx" download>Download Excel</a> ${watchTheseForm(view.job.id, view.csrf, summary.licensedOperators)}</p>
<p class="muted" data-matching>${number(matchingCount(summary, view.filter))} rows match${firstLine === undefined ? '' : html`; this page shows ${number(results.rows.length)} of them, lines ${number(firstLine)}–${number(lastLine ?? firstLine)} of the list`}.</p>
${EVIDENCE_NOTE}
<div class="table-wrap"><table class="data" data-results><thead><tr><th>Line</th><th>Domain</th><th>Verdict</th><th>Operator</th><th>Jurisdiction</th><th>Licence</th><th><span class="sr-only">Evidence</span></th></tr></thead><tbody>
${results.rows.map((row) => html`<tr><td>${row.line}</td><td><a href="/bulk/${view.job.id}/entries/${row.position}">${row.domain}</a></td><td>${row.verdict ?? row.error ?? ''}${weakenedNote(row)}</td><td>${row.operator ?? ''}</td><td>${row.jurisdiction ?? ''}</td><td>${row.licenseNumber ?? ''}</td><td>${evidenceButton(view.job.id, row.position, view.csrf, row.domain)}</td></tr>`)}
</tbody></table></div>
${pager(view, results)}
</section>`
}

/** The job was marked running but its batches could not be queued: nothing is checked until Start is pressed again. */
export const notQueuedCallout = (jobId: string, csrf: string) =>
	callout(
		'error',
		html`The list could not be queued for checking: the checking service is unavailable. Press the button once it is back; domains already checked are not checked or counted twice. <form method="post" action="/bulk/${jobId}/start" class="inline">${csrfField(csrf)}<button type="submit" class="primary">Start checking again</button></form>`
	)

export function bulkJobPage(view: BulkJobView): SafeHtml {
	const { job } = view
	const body =
		job.state === 'ready'
			? startCard(view)
			: html`${job.state === 'stopped' ? callout('warning', `This job stopped before the end: ${stopReasonText(job.stopReason)}. The results so far are below.`) : ''}
${job.state === 'done' ? callout('success', html`Done: all ${number(job.total)} domains checked.`) : ''}
${progressBlock(view.progress, job.state === 'running')}
${view.summary?.tallies.length ? verdictChart(verdictCounts(view.summary), job.total) : ''}
${view.summary && view.results ? resultsTable(view, view.summary, view.results) : ''}`
	return signedInPage({
		title: `Bulk check: ${job.sourceName}`,
		session: view.session,
		csrf: view.csrf,
		section: 'bulk',
		content: html`<p><a href="/bulk">← Bulk check</a></p>
<h1>${job.sourceName}</h1>
${view.notice ? callout('success', view.notice) : ''}
${view.watchOutcome ?? ''}
<details${job.state === 'ready' ? html` open` : ''}><summary>How the list was read</summary>${reportList(job.report)}</details>
${body}
${deletionLine(job)}`
	})
}

export type EntryView = {
	session: Session
	csrf: string
	job: BulkJob
	position: number
	input: string
	domain: string
	result: unknown
	/** The batch reply's `_meta` (null until answered). */
	meta: BatchMeta | null
	/** The API's refusal of an "Evidence (PDF)" request, or the dashboard's own when the form had expired. */
	problem?: GatewayProblem
	error?: string
}

/** What the batch's reply said once for all its rows: when it was checked and the registers past their SLA then. */
function batchMetaNote(meta: BatchMeta): SafeHtml {
	const checked =
		meta.checkedAt === null ? '' : html`<p class="muted" data-checked-at>Checked at ${formatUtc(new Date(meta.checkedAt))}.</p>`
	const stale =
		meta.staleJurisdictions.length === 0
			? ''
			: callout(
					'warning',
					html`<span data-stale>When this was checked, the ${meta.staleJurisdictions.join(', ')} register${meta.staleJurisdictions.length === 1 ? ' was' : 's were'} past its SLA (<code>_meta.stale_jurisdictions</code> of the batch's answer): a <code>not_found</code>, <code>generic_term</code> or <code>name_match_only</code> answer is weaker for it.</span>`
				)
	return html`${checked}${stale}`
}

export function entryPage(view: EntryView): SafeHtml {
	return signedInPage({
		title: `${view.domain} · bulk check`,
		session: view.session,
		csrf: view.csrf,
		section: 'bulk',
		content: html`<p><a href="/bulk/${view.job.id}">← ${view.job.sourceName}</a></p>
<h1>${view.domain}</h1>
<p class="muted">As written in the list: <code>${view.input}</code></p>
${view.problem ? evidenceRefusal(view.problem) : ''}
${view.error ? callout('error', view.error) : ''}
${
	view.result === null
		? callout('info', 'Not checked yet.')
		: html`${view.meta ? batchMetaNote(view.meta) : ''}<pre class="answer" data-answer>${JSON.stringify(view.result, null, 2)}</pre>
<p>${evidenceButton(view.job.id, view.position, view.csrf, view.domain)}</p>
${EVIDENCE_NOTE}`
}`
	})
}
