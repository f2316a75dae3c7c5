import { Elysia } from 'elysia'
import { Value } from '@sinclair/typebox/value'
import { request } from '@lv/bus'
import { ExportBuildRequest, ExportFileReply, subjects } from '@lv/contracts'
import { internalError, methodNotAllowed } from '@lv/errors'
import { findJurisdiction } from '@lv/register-store'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { timedRequest } from '../metrics.ts'
import { EXPORT_RESPONSES, ExportParams, ExportQueryDoc } from '../models/export.ts'
import { exportFileResponse } from './export-file.ts'
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
			return streamExportFile(deps, timeoutMs, admission.requestId, { dataset, ...query })
		},
		{
			auth: { mode: 'required', refuse: headRefused },
			params: ExportParams,
			query: ExportQueryDoc,
			detail: {
				tags: ['export'],
				summary: 'Export a whole dataset as CSV or NDJSON',
				description: [
					'Plan Pro and above. One whole-dataset file (`licences`, `operators` or `domains`), optionally sliced by `jurisdiction` and `status`; each row carries its status provenance (`source_url`, `status_source_url`, `status_observed_at`, `last_verified_at`, and on licences the snapshot SHA-256 of the standing history event).',
					'`format` defaults to `csv` (RFC 4180, header row). `json` delivers NDJSON (`application/x-ndjson`). `as_of` is refused with 400 `as_of_not_supported`; any other parameter is 400 `invalid_input`.',
					'Daily cap per account per UTC day, shared with the dashboard export button: Pro 10, Business 100, Enterprise none; over it 429 `export_daily_limit_reached`. Each export counts as one request against the monthly quota.',
					'Files are built from one consistent snapshot and cached per register state, so repeated exports of unchanged data are served from the cache.'
				].join('\n\n'),
				security: [{ apiKey: [] }],
				responses: EXPORT_RESPONSES
			}
		}
	)
}

/** Asks the exporter for the file of the slice and streams it; a failed build gives the day's count back. */
async function streamExportFile(
	deps: RouteDeps,
	timeoutMs: number,
	requestId: string,
	slice: Omit<ExportBuildRequest, 'id' | 'sent_at'>
): Promise<Response> {
	const { sql, bus, clock, logger, metrics } = deps
	try {
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
		return exportFileResponse(sql, reply, logger)
	} catch (error) {
		await releaseExport(sql, requestId).catch((failure) => logger.warn('could not release an export count', { error: failure }))
		throw error
	}
}
