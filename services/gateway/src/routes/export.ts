import { Elysia } from 'elysia'
import { Value } from '@sinclair/typebox/value'
import { request } from '@lv/bus'
import { ExportBuildRequest, ExportFileReply, subjects } from '@lv/contracts'
import { internalError, methodNotAllowed } from '@lv/errors'
import { findJurisdiction } from '@lv/register-store'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { timedRequest } from '../metrics.ts'
import { EXPORT_RESPONSES, ExportHeadersDoc, ExportParams, ExportQueryDoc } from '../models/export.ts'
import { exportFileResponse, notModifiedResponse } from './export-file.ts'
import { namesCurrentTag } from './if-none-match.ts'
import { admitExport, exportDailyLimitReached, releaseExport, requireExportPlan } from './export-limits.ts'
import { readDataset, readExportQuery, unknownJurisdiction } from './export-query.ts'

/**
 * Bun answers HEAD by running the GET handler and reading the whole body for its length: that would
 * count an export and hold the file in memory, so HEAD is refused outright (without a route, by the
 * app's error handler: wrong-method.ts).
 */
const headRefused = (request: Request) => (request.method === 'HEAD' ? methodNotAllowed('GET') : undefined)

/** How long the gateway waits for the exporter: a cache hit answers at once, a first build of a large dataset takes seconds. */
export const EXPORT_BUILD_TIMEOUT_MS = 120_000

export type ExportRouteOptions = { buildTimeoutMs?: number }

/**
 * GET /v1/export/{dataset}: checks plan (402), dataset (404), query (400), then counts the export
 * against the account's UTC day (429), asks the exporter for the file of that slice at the current
 * register state and streams it from the export cache. The auth plugin charges one request against
 * the monthly quota and gives it back on any error; a failed build gives back the daily count too.
 */
export const exportRoutes = (deps: RouteDeps, options: ExportRouteOptions = {}) => {
	const { sql, clock, config } = deps
	const timeoutMs = options.buildTimeoutMs ?? EXPORT_BUILD_TIMEOUT_MS

	async function requireKnownJurisdiction(code: string) {
		if (!(await findJurisdiction(sql, code))) throw unknownJurisdiction(code)
	}

	return new Elysia({ name: 'export-routes' }).use(authPlugin(deps.auth)).get(
		'/v1/export/:dataset',
		async ({ caller, params, request: httpRequest }) => {
			if (caller.tier === 'keyless') throw internalError(new Error('export route admitted a keyless caller'))
			requireExportPlan(caller.plan, config.PRICING_URL)
			const dataset = readDataset(params.dataset)
			const query = readExportQuery(new URL(httpRequest.url).searchParams, dataset)
			if (query.jurisdiction !== null) await requireKnownJurisdiction(query.jurisdiction)
			const nowMs = clock.nowMs()
			const limit = caller.plan.exportsPerDay
			const admission = await admitExport(sql, {
				accountId: caller.accountId,
				keyId: caller.keyId,
				limit,
				dataset,
				format: query.format,
				nowMs
			})
			if (!admission.admitted)
				throw exportDailyLimitReached({
					used: admission.used,
					limit: limit ?? 0,
					window: admission.window,
					nowMs,
					planTier: caller.plan.code,
					pricingUrl: config.PRICING_URL
				})
			return answerExport(deps, timeoutMs, admission.requestId, { dataset, ...query }, httpRequest)
		},
		{
			auth: { mode: 'required', refuse: headRefused },
			params: ExportParams,
			query: ExportQueryDoc,
			headers: ExportHeadersDoc,
			detail: {
				tags: ['export'],
				summary: 'Export a whole dataset as CSV or NDJSON',
				description: [
					'Plan Pro and above. One whole-dataset file (`licences`, `operators` or `domains`), optionally sliced by `jurisdiction` and `status`; each row carries its status provenance (`source_url`, `status_source_url`, `status_observed_at`, `last_verified_at`, and on licences the snapshot SHA-256 of the standing history event).',
					'`format` defaults to `csv` (RFC 4180, header row). `json` delivers NDJSON (`application/x-ndjson`). `as_of` is refused with 400 `as_of_not_supported`; any other parameter is 400 `invalid_input`.',
					'Daily cap per account per UTC day, shared with the dashboard export button: Pro 10, Business 100, Enterprise none; over it 429 `export_daily_limit_reached`. Each export counts as one request against the monthly quota.',
					'Files are built from one consistent snapshot and cached per register state, so repeated exports of unchanged data are served from the cache.',
					'`ETag` is the SHA-256 of the file. A request whose `If-None-Match` names the current file is answered 304 with no body and counted neither against the daily cap nor the monthly quota (only toward the per-second limit); the daily cap is checked before the file is known, so at the cap it is 429 like any export. `Cache-Control: no-store`: no cache keeps the file, the client that holds it revalidates it.',
					'An export counts once its 200 is produced: one whose client leaves while its file is still being built is given back to the day and the month; one cut short during the download counts.'
				].join('\n\n'),
				security: [{ apiKey: [] }],
				responses: EXPORT_RESPONSES
			}
		}
	)
}

/**
 * The answer to an export whose client left before its file was ready: nginx's 499 Client Closed Request.
 * No client reads it; being non-2xx, the auth plugin gives the month's charge back, and the metrics count it as such.
 */
const CLIENT_CLOSED_REQUEST = 499

/**
 * The exporter's file of the slice, answered so that an export counts only when a file was delivered: the
 * day's count is given back when the build fails (503), when `If-None-Match` names the file (304: the client
 * holds it), and as soon as the client leaves before the file is ready (a first build takes seconds; nothing
 * was sent). Once the 200 is produced the export stands, even if the client leaves mid-download.
 */
async function answerExport(
	deps: RouteDeps,
	timeoutMs: number,
	requestId: string,
	slice: Omit<ExportBuildRequest, 'id' | 'sent_at'>,
	httpRequest: Request
): Promise<Response> {
	const giveBack = dayGivenBackOnce(deps, requestId)
	const stopWatching = whenClientLeaves(httpRequest.signal, giveBack)
	let file: ExportFileReply
	try {
		file = await fileOf(deps, timeoutMs, slice)
	} catch (error) {
		await giveBack()
		throw error
	} finally {
		stopWatching()
	}
	if (httpRequest.signal.aborted) {
		await giveBack()
		return new Response(null, { status: CLIENT_CLOSED_REQUEST })
	}
	if (namesCurrentTag(httpRequest.headers.get('if-none-match'), file.sha256)) {
		await giveBack()
		return notModifiedResponse(file)
	}
	return exportFileResponse(deps.sql, file, deps.logger)
}

/** Asks the exporter for the file of the slice at the current register state (built now if not cached). */
async function fileOf(deps: RouteDeps, timeoutMs: number, slice: Omit<ExportBuildRequest, 'id' | 'sent_at'>): Promise<ExportFileReply> {
	const { bus, clock, metrics } = deps
	const reply = await timedRequest(metrics, subjects.exportBuild, () =>
		request(bus, {
			subject: subjects.exportBuild,
			schema: ExportBuildRequest,
			body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), ...slice },
			timeoutMs,
			unavailableReason: 'dependency_unavailable'
		})
	)
	if (!Value.Check(ExportFileReply, reply)) throw internalError(new Error('the exporter answered outside the ExportFileReply contract'))
	return reply
}

/** Deletes the export's row of the day once, however many ways lead to it; a failure is logged (the day stays counted). */
function dayGivenBackOnce({ sql, logger }: RouteDeps, requestId: string): () => Promise<void> {
	let givenBack: Promise<void> | undefined
	return () => {
		givenBack ??= releaseExport(sql, requestId).catch((error) => logger.warn('could not release an export count', { error }))
		return givenBack
	}
}

/** Runs `act` when the client goes away (at once if it has); the function returned stops watching. */
function whenClientLeaves(signal: AbortSignal, act: () => unknown): () => void {
	if (signal.aborted) {
		act()
		return () => {}
	}
	const onAbort = () => act()
	signal.addEventListener('abort', onAbort, { once: true })
	return () => signal.removeEventListener('abort', onAbort)
}
