import { Elysia } from 'elysia'
import { type ListRecord, bulkEntryLimit, progressOf, readBulkList, readBulkRecords, readUploadedList } from '@lv/bulk-check'
import type { Bus } from '@lv/bus'
import { callQuotaOfAccount } from '@lv/accounts'
import { monthlyCallsUsed } from '@lv/quota'
import type { Session } from '../auth/sessions.ts'
import { type BulkJob, createJob, findJob, listJobs, markStarted, unfinishedBatches } from '../bulk/job-store.ts'
import { type PageBound, resultPage, resultsCsv } from '../bulk/result-store.ts'
import { jobSummary } from '../bulk/job-summary.ts'
import { resultsWorkbook } from '../bulk/results-workbook.ts'
import { licensedOperatorSlugs } from '../bulk/licensed-operators.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import { watchOperators } from '../gateway/watch-operators.ts'
import { watchlistClient } from '../gateway/watchlist-client.ts'
import type { SafeHtml } from '../pages/html.ts'
import { watchOutcomeCallout } from '../pages/watch-these.ts'
import { publishBatches } from '../bulk/worker.ts'
import type { DashboardDeps } from '../deps.ts'
import { type BulkFormView, bulkFormPage, bulkJobPage, entryPage, notQueuedCallout } from '../pages/bulk-page.ts'
import { findAccountEntry, jobNotFound } from './bulk-entry.ts'
import { UUID, formField } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'
import { watchedFromQuery, watchedLocation } from './watch-outcome-query.ts'

const RESULTS_PER_PAGE = 100
const MAX_SOURCE_NAME = 120

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const download = (body: ReadableStream<Uint8Array>, contentType: string, fileName: string) =>
	new Response(body, {
		headers: {
			'content-type': contentType,
			'content-disposition': `attachment; filename="${fileName}"`,
			'cache-control': 'no-store',
			'x-content-type-options': 'nosniff'
		}
	})

/**
 * The uploaded file and its name, or null when the form carried none: a browser sends an empty file
 * input as an empty part with no file name, which the body parser gives as a File without `name`.
 */
function uploadedFile(body: unknown): { file: File; name: string } | null {
	if (typeof body !== 'object' || body === null) return null
	const value = (body as Record<string, unknown>).file
	if (!(value instanceof File)) return null
	const name = typeof value.name === 'string' ? value.name : ''
	return value.size > 0 || name !== '' ? { file: value, name } : null
}

const positionParam = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null)

/** The page of results the query asks for: the rows after one position, before one, or the first. */
function pageBound(query: Record<string, string | undefined>): PageBound {
	const before = positionParam(query.before)
	if (before !== null) return { before }
	return { after: positionParam(query.after) ?? -1 }
}

/** The bulk check pages: the list form and upload, the job page and its progress, results downloads, entries and Watch these. */
export function bulkRoutes(deps: DashboardDeps & { bus: Bus }, web: WebContext, gateway: GatewayClient) {
	const pages = bulkPages(deps, web, gateway)
	return new Elysia()
		.use(listFormRoutes(pages))
		.use(jobRoutes(pages))
		.use(watchRoutes(pages))
		.use(resultDownloadRoutes(pages))
		.use(entryRoutes(pages))
}

type BulkPages = ReturnType<typeof bulkPages>

/** What every bulk route answers with: the form page, the job page and the account's job named in the path. */
function bulkPages(deps: DashboardDeps & { bus: Bus }, web: WebContext, gateway: GatewayClient) {
	const { sql, clock } = deps

	async function formPage(session: Session, view: Partial<BulkFormView>, status = 200) {
		const jobs = await listJobs(sql, session.accountId)
		return htmlResponse(bulkFormPage({ session, csrf: web.csrfFor(session), limit: bulkEntryLimit(session.plan?.code), jobs, ...view }), {
			status
		})
	}

	async function quotaOf(accountId: string) {
		return { used: await monthlyCallsUsed(sql, accountId, clock.now().getTime()), quota: await callQuotaOfAccount(sql, accountId) }
	}

	const jobProgress = (job: BulkJob) =>
		progressOf({
			done: job.done,
			total: job.total,
			startedAtMs: job.startedAt?.getTime() ?? null,
			nowMs: (job.finishedAt ?? clock.now()).getTime()
		})

	async function jobPage(
		session: Session,
		job: BulkJob,
		query: Record<string, string | undefined>,
		{ watchOutcome, status }: { watchOutcome?: SafeHtml; status?: number } = {}
	) {
		const filter = resultFilter(query)
		// Results are read once the job has ended: a page load during a large job stays a couple of small queries.
		// Then the counts come from the job's kept summary and the rows a page at a time from an index.
		const answered = job.state === 'done' || job.state === 'stopped'
		return htmlResponse(
			bulkJobPage({
				session,
				csrf: web.csrfFor(session),
				job,
				progress: jobProgress(job),
				quota: await quotaOf(session.accountId),
				summary: answered ? await jobSummary(sql, job.id, job.done) : null,
				results: answered ? await resultPage(sql, job.id, filter, pageBound(query), RESULTS_PER_PAGE) : null,
				filter,
				...(watchOutcome ? { watchOutcome } : {})
			}),
			{ status }
		)
	}

	/** The signed-in session and the account's job named in the path, or the response to send instead. */
	async function sessionAndJob(request: Request, id: string): Promise<{ session: Session; job: BulkJob } | Response> {
		const session = await web.session(request)
		if (!session) return redirect('/sign-in')
		const job = UUID.test(id) ? await findJob(sql, session.accountId, id) : null
		return job ? { session, job } : jobNotFound(session)
	}

	return { deps, web, gateway, formPage, jobProgress, jobPage, sessionAndJob }
}

const resultFilter = (query: Record<string, string | undefined>) => ({
	verdict: query.verdict ?? '',
	jurisdiction: query.jurisdiction ?? ''
})

/** GET and POST /bulk: the list form, and a pasted or uploaded list read into a new job. */
function listFormRoutes({ deps: { sql, clock, logger }, web, formPage }: BulkPages) {
	return new Elysia()
		.get('/bulk', async ({ request }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return formPage(session, {})
		})

		.post('/bulk', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return formPage(session, { error: 'This form expired. Please submit the list again.' }, 403)
			const limit = bulkEntryLimit(session.plan?.code)
			if (limit === 0) return formPage(session, {}, 402)
			const upload = uploadedFile(body)
			const pasted = formField(body, 'list') ?? ''
			let records: Iterable<ListRecord> | null = null
			let sourceName = 'Pasted list'
			if (upload) {
				const uploaded = readUploadedList(new Uint8Array(await upload.file.arrayBuffer()), upload.name)
				if (!uploaded.ok) return formPage(session, { error: uploaded.message }, 400)
				records = uploaded.records
				sourceName = upload.name.slice(0, MAX_SOURCE_NAME) || 'Uploaded file'
			}
			const read = records ? readBulkRecords(records, limit) : readBulkList(pasted, limit)
			if (!read.ok)
				return formPage(session, { error: read.message, report: read.report, pasted: upload ? '' : pasted.slice(0, 10_000) }, 400)
			const jobId = await createJob(sql, {
				accountId: session.accountId,
				sourceName,
				entries: read.entries,
				report: read.report,
				now: clock.now()
			})
			logger.info('bulk check job read', {
				account_id: session.accountId,
				job_id: jobId,
				entries: read.entries.length,
				junk: read.report.junk
			})
			return redirect(`/bulk/${jobId}`)
		})
}

/** GET /bulk/{id}, POST /bulk/{id}/start and GET /bulk/{id}/progress: the job page, its start and its progress. */
function jobRoutes({ deps, web, jobPage, jobProgress, sessionAndJob }: BulkPages) {
	const { sql, clock, logger } = deps
	return new Elysia()
		.get('/bulk/:id', async ({ request, params, query }) => {
			const found = await sessionAndJob(request, params.id)
			if (found instanceof Response) return found
			const watched = watchedFromQuery(found.session, query.watched)
			return jobPage(found.session, found.job, query, watched ? { watchOutcome: watchOutcomeCallout(watched) } : {})
		})

		.post('/bulk/:id/start', async ({ request, params, body }) => {
			const found = await sessionAndJob(request, params.id)
			if (found instanceof Response) return found
			const { session, job } = found
			if (!web.sessionCsrfValid(session, body)) return redirect(`/bulk/${job.id}`)
			const started = await markStarted(sql, session.accountId, job.id, clock.now())
			// A running job is queued again (its batches not stored yet) when its first queueing failed and Start is pressed
			// again; a batch already queued is one message (Nats-Msg-Id) or handled once.
			if (!started && job.state !== 'running') return redirect(`/bulk/${job.id}`)
			const batches = started
				? Array.from({ length: job.batches }, (_, batch) => batch)
				: (await unfinishedBatches(sql, job.id)).map(({ batch }) => batch)
			try {
				await publishBatches(deps, job.id, batches)
			} catch (error) {
				logger.warn('bulk check job could not be queued', { account_id: session.accountId, job_id: job.id, error })
				const running = (await findJob(sql, session.accountId, job.id)) ?? job
				return jobPage(session, running, {}, { watchOutcome: notQueuedCallout(job.id, web.csrfFor(session)), status: 503 })
			}
			if (started) logger.info('bulk check job started', { account_id: session.accountId, job_id: job.id, batches: job.batches })
			return redirect(`/bulk/${job.id}`)
		})

		.get('/bulk/:id/progress', async ({ request, params }) => {
			const found = await sessionAndJob(request, params.id)
			if (found instanceof Response) return found
			const { job } = found
			return Response.json({ state: job.state, ...jobProgress(job) }, { headers: { 'cache-control': 'no-store' } })
		})
}

/** POST /bulk/{id}/watch: the job's licensed operators added to the account's watchlist. */
function watchRoutes({ deps: { sql, logger }, web, gateway, sessionAndJob }: BulkPages) {
	return new Elysia().post('/bulk/:id/watch', async ({ request, params, body }) => {
		const found = await sessionAndJob(request, params.id)
		if (found instanceof Response) return found
		const { session, job } = found
		if (!web.sessionCsrfValid(session, body)) return redirect(`/bulk/${job.id}`)
		if (job.state !== 'done' && job.state !== 'stopped') return redirect(`/bulk/${job.id}`)
		const outcome = await watchOperators(watchlistClient(gateway, session.accountId), await licensedOperatorSlugs(sql, job.id))
		logger.info('bulk check operators watched', {
			account_id: session.accountId,
			job_id: job.id,
			...('failed' in outcome
				? { refused: outcome.failed.reason }
				: {
						added: outcome.added,
						already_watched: outcome.alreadyWatched,
						refused: outcome.refused.length,
						cap_reached: outcome.capReached !== null
					})
		})
		// Post/Redirect/Get: refreshing the page shows the outcome again and adds nothing.
		return redirect(watchedLocation(job.id, session, outcome))
	})
}

/** GET /bulk/{id}/results.csv and results.xlsx: the job's answers, filtered as on the page. */
function resultDownloadRoutes({ deps: { sql }, sessionAndJob }: BulkPages) {
	return new Elysia()
		.get('/bulk/:id/results.csv', async ({ request, params, query }) => {
			const found = await sessionAndJob(request, params.id)
			if (found instanceof Response) return found
			const { job } = found
			return download(resultsCsv(sql, job.id, resultFilter(query)), 'text/csv; charset=utf-8', `bulk-check-${job.id}.csv`)
		})

		.get('/bulk/:id/results.xlsx', async ({ request, params, query }) => {
			const found = await sessionAndJob(request, params.id)
			if (found instanceof Response) return found
			const { job } = found
			return download(resultsWorkbook(sql, job.id, resultFilter(query)), XLSX_TYPE, `bulk-check-${job.id}.xlsx`)
		})
}

/** GET /bulk/{id}/entries/{position}: one entry's answer and evidence. */
function entryRoutes({ deps: { sql }, web }: BulkPages) {
	return new Elysia().get('/bulk/:id/entries/:position', async ({ request, params }) => {
		const session = await web.session(request)
		if (!session) return redirect('/sign-in')
		const entry = await findAccountEntry(sql, session.accountId, params.id, params.position)
		if (!entry) return jobNotFound(session)
		return htmlResponse(entryPage({ session, csrf: web.csrfFor(session), ...entry }))
	})
}
