import { type Bus, type Responder, respond } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { CheckBatchRequest, CheckDomainRequest, CheckLicenseRequest, QUEUE_GROUPS, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { invalidQuery } from '@lv/errors'
import type { Logger } from '@lv/logger'
import { type CheckIndex, type CheckOptions, type CheckResult, checkBatch, checkDomain, checkLicenseNumber, parseAsOf } from '@lv/verdict'
import type { IndexStore } from './index-store.ts'
import { loadLicenceHistory } from './load-rows.ts'

export type CheckerDeps = { bus: Bus; sql: Sql; store: IndexStore; clock: Clock; logger: Logger }

type Check = (index: CheckIndex, value: string, options: CheckOptions) => CheckResult

/**
 * One check with the SPEC's as_of: answered on one index snapshot, first without as_of to learn
 * which licence the match rests on, then, only when as_of is given, again with that licence's
 * history read from PostgreSQL (history is not kept in memory: as_of is rare, history is large).
 */
export async function answerCheck(
	deps: Pick<CheckerDeps, 'sql' | 'store' | 'clock'>,
	check: Check,
	value: string,
	asOf: string | undefined
): Promise<CheckResult> {
	const index = deps.store.current()
	const now = deps.clock.now()
	const current = check(index, value, { now })
	if (asOf === undefined) return current
	const parsed = parseAsOf(asOf, now)
	if (!parsed.ok) throw invalidQuery('invalid_input', parsed.message, 'as_of')
	const licenseId = current.match?.license_id ?? null
	const history = licenseId === null ? [] : await loadLicenceHistory(deps.sql, licenseId)
	return check(index, value, { now, asOf, history })
}

/** The checker's three request/reply subjects, all in queue group `checker` so replicas share the load. */
export function startResponders(deps: CheckerDeps): Responder[] {
	const { bus, logger } = deps
	const queue = QUEUE_GROUPS.checker
	return [
		respond(bus, {
			subject: subjects.checkDomain,
			queue,
			schema: CheckDomainRequest,
			logger,
			handler: (body) => answerCheck(deps, checkDomain, body.domain, body.as_of)
		}),
		respond(bus, {
			subject: subjects.checkLicense,
			queue,
			schema: CheckLicenseRequest,
			logger,
			handler: (body) => answerCheck(deps, checkLicenseNumber, body.license_number, body.as_of)
		}),
		respond(bus, {
			subject: subjects.checkBatch,
			queue,
			schema: CheckBatchRequest,
			logger,
			handler: (body) => checkBatch(deps.store.current(), body.domains, { now: deps.clock.now() })
		})
	]
}
