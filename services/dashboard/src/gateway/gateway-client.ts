import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { ACTION_KEY_SWEEP_INTERVAL_MS, type DashboardAction, issueActionKey, revokeActionKey, sweepActionKeys } from './action-keys.ts'
import { type GatewayProblem, readGatewayProblem, unreachableProblem } from './gateway-problem.ts'

/** How a request reaches the gateway: `fetch` over HTTP in production, any real gateway in tests. */
export type GatewayFetch = (request: Request) => Promise<Response>

export type GatewayClientDeps = {
	sql: Sql
	clock: Clock
	logger: Logger
	apiBaseUrl: string
	fetch: GatewayFetch
	timeoutMs: number
}

export type GatewayAnswer = { ok: true; response: Response } | { ok: false; problem: GatewayProblem }

export type GatewayClient = {
	/** One call as the account, with a key issued for it and revoked as soon as the gateway has answered. */
	callAs(
		accountId: string,
		action: DashboardAction,
		method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
		path: string,
		jsonBody?: unknown
	): Promise<GatewayAnswer>
}

export function createGatewayClient(deps: GatewayClientDeps): GatewayClient {
	const { sql, clock, logger } = deps
	const base = deps.apiBaseUrl.replace(/\/+$/, '')
	let lastSweepMs = Number.NEGATIVE_INFINITY

	return {
		async callAs(accountId, action, method, path, jsonBody) {
			if (clock.nowMs() - lastSweepMs >= ACTION_KEY_SWEEP_INTERVAL_MS) {
				lastSweepMs = clock.nowMs()
				await sweepActionKeys(sql, clock).catch((error) => logger.warn('action key sweep failed', { error }))
			}
			const issued = await issueActionKey(sql, clock, accountId, action)
			try {
				const response = await deps.fetch(
					new Request(`${base}${path}`, {
						method,
						headers: {
							authorization: `Bearer ${issued.key}`,
							accept: 'application/json, text/csv, application/x-ndjson, application/pdf',
							...(jsonBody === undefined ? {} : { 'content-type': 'application/json' })
						},
						...(jsonBody === undefined ? {} : { body: JSON.stringify(jsonBody) }),
						signal: AbortSignal.timeout(deps.timeoutMs)
					})
				)
				if (response.ok) return { ok: true, response }
				return { ok: false, problem: await readGatewayProblem(response) }
			} catch (error) {
				logger.warn('gateway call failed', { action, account_id: accountId, error })
				return { ok: false, problem: unreachableProblem() }
			} finally {
				await revokeActionKey(sql, clock, accountId, issued.id).catch((error) =>
					logger.error('could not revoke an action key; the sweep will', { key_id: issued.id, error })
				)
			}
		}
	}
}
