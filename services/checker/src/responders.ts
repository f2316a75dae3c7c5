import { type Bus, HeadedReply, type Responder, respond } from '@lv/bus'
import type { Clock } from '@lv/clock'
import {
	CheckBatchRequest,
	CheckDomainRequest,
	CheckLicenseRequest,
	CheckManyRequest,
	type FramedAnswer,
	type OneCheck,
	QUEUE_GROUPS,
	UNCHANGED,
	answerTag,
	encodeFramedAnswers,
	subjects
} from '@lv/contracts'
import type { Sql } from '@lv/db'
import { AppError, internalError, invalidQuery, toEnvelope } from '@lv/errors'
import type { Logger } from '@lv/logger'
import {
	AnswerMemo,
	type CheckIndex,
	type CheckOptions,
	type CheckResult,
	checkDomain,
	checkDomainBytes,
	checkLicenseNumber,
	parseAsOf
} from '@lv/verdict'
import { type BatchRowAnswer, answerBatch } from './batch-answers.ts'
import type { AnswerStateAnnouncer } from './answer-state.ts'
import type { IndexStore } from './index-store.ts'
import { loadLicenceHistory } from '@lv/register-store'
import { type CheckKind, type CheckerMetrics, ERROR_VERDICT } from './metrics.ts'

export type CheckerDeps = {
	bus: Bus
	sql: Sql
	store: IndexStore
	clock: Clock
	logger: Logger
	metrics?: CheckerMetrics
	/** Sends the answer state with every check.many reply (ADR 0048). */
	answerState?: Pick<AnswerStateAnnouncer, 'replyHeaders'>
}

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

/**
 * Answers remembered per replica (packages/verdict answer-memo.ts), and as many batch rows in a memo
 * of their own: popular domains are checked again and again, and each answer is about 1-2 kB, so
 * each keeps a few MB.
 */
const ANSWER_MEMO_CAPACITY = 4096

const encoder = new TextEncoder()
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value))
const NO_BYTES = new Uint8Array(0)
const checkedBytes = (result: CheckResult) => ({ bytes: jsonBytes(result), verdict: result.verdict })

/**
 * An answer, the tag of its bytes (which a sender holding those bytes offers back as `known`) and its
 * verdict. Only an answer worth holding is tagged: one the memo keeps (asked before), or one whose sender
 * already holds an answer to compare with; a one-off answer goes untagged, so neither the SHA-256 here
 * nor a copy held in the gateway is spent on it (ADR 0045).
 */
export type TaggedAnswer = { body: Uint8Array; tag: string | undefined; verdict: string }

/**
 * The checks of one `check.many` message, each answered on its own: a check that fails (bad as_of,
 * history unreadable) becomes its own error answer and never fails the others. Checks without
 * as_of are answered at once, from the memo when this snapshot answered them before, and with
 * UNCHANGED (no bytes) when the sender already holds exactly that answer; only checks with as_of
 * wait (for their licence's history), so a message of cold checks costs no promise per check.
 */
export async function answerMany(
	deps: Pick<CheckerDeps, 'sql' | 'store' | 'clock' | 'logger' | 'metrics'>,
	memo: AnswerMemo<TaggedAnswer>,
	checks: readonly OneCheck[]
): Promise<Uint8Array> {
	const index = deps.store.current()
	const now = deps.clock.now()
	const nowMs = now.getTime()
	const failed = (kind: CheckKind, error: unknown): FramedAnswer => {
		deps.metrics?.checked(kind, ERROR_VERDICT)
		if (!(error instanceof AppError)) deps.logger.error('check failed', { error })
		const appError = error instanceof AppError ? error : internalError(error)
		return { status: appError.status, body: jsonBytes(toEnvelope(appError)) }
	}
	const answerNow = (kind: CheckKind, check: Check, value: string, known: string | undefined): FramedAnswer => {
		const { body, tag, verdict } = memo.answer(index, nowMs, `${kind}\u0000${value}`, (kept) => {
			const computed = kind === 'domain' ? checkDomainBytes(index, value, now) : checkedBytes(check(index, value, { now }))
			return { body: computed.bytes, tag: kept || known !== undefined ? answerTag(computed.bytes) : undefined, verdict: computed.verdict }
		})
		deps.metrics?.checked(kind, verdict)
		if (tag === undefined) return { status: 200, body }
		return known === tag ? { status: UNCHANGED, body: NO_BYTES, tag } : { status: 200, body, tag }
	}
	const answerAsOf = async (kind: CheckKind, check: Check, value: string, asOf: string): Promise<FramedAnswer> => {
		try {
			const result = await answerCheck(deps, check, value, asOf)
			deps.metrics?.checked(kind, result.verdict)
			return { status: 200, body: jsonBytes(result) }
		} catch (error) {
			return failed(kind, error)
		}
	}
	const answers: (FramedAnswer | Promise<FramedAnswer>)[] = []
	let waiting = false
	for (const one of checks) {
		const [kind, check, value]: [CheckKind, Check, string] =
			'domain' in one ? ['domain', checkDomain, one.domain] : ['license_number', checkLicenseNumber, one.license_number]
		if (one.as_of !== undefined) {
			waiting = true
			answers.push(answerAsOf(kind, check, value, one.as_of))
			continue
		}
		try {
			answers.push(answerNow(kind, check, value, one.known))
		} catch (error) {
			answers.push(failed(kind, error))
		}
	}
	return encodeFramedAnswers(waiting ? await Promise.all(answers) : (answers as FramedAnswer[]))
}

/** The checker's request/reply subjects, all in queue group `checker` so replicas share the load. */
export function startResponders(deps: CheckerDeps): Responder[] {
	const { bus, logger, metrics } = deps
	const queue = QUEUE_GROUPS.checker
	const memo = new AnswerMemo<TaggedAnswer>(ANSWER_MEMO_CAPACITY)
	const batchRows = new AnswerMemo<BatchRowAnswer>(ANSWER_MEMO_CAPACITY)
	metrics?.watchMemo(memo)
	const counted = async (kind: CheckKind, answering: Promise<CheckResult>) => {
		try {
			const result = await answering
			metrics?.checked(kind, result.verdict)
			return result
		} catch (error) {
			metrics?.checked(kind, ERROR_VERDICT)
			throw error
		}
	}
	return [
		respond(bus, {
			subject: subjects.checkDomain,
			queue,
			schema: CheckDomainRequest,
			logger,
			handler: (body) => counted('domain', answerCheck(deps, checkDomain, body.domain, body.as_of))
		}),
		respond(bus, {
			subject: subjects.checkLicense,
			queue,
			schema: CheckLicenseRequest,
			logger,
			handler: (body) => counted('license_number', answerCheck(deps, checkLicenseNumber, body.license_number, body.as_of))
		}),
		respond(bus, {
			subject: subjects.checkMany,
			queue,
			schema: CheckManyRequest,
			logger,
			handler: (body) => {
				// Taken before answering, in the same turn as answerMany takes the index and the instant it answers on.
				const headers = deps.answerState?.replyHeaders()
				const answering = answerMany(deps, memo, body.checks)
				return headers === undefined ? answering : answering.then((bytes) => new HeadedReply(bytes, headers))
			}
		}),
		respond(bus, {
			subject: subjects.checkBatch,
			queue,
			schema: CheckBatchRequest,
			logger,
			handler: (body) => {
				const batch = answerBatch(deps.store.current(), deps.clock.now(), batchRows, body.domains, body.known)
				for (const row of batch.rows) metrics?.checked('batch', row.verdict ?? ERROR_VERDICT)
				return batch.bytes
			}
		})
	]
}
