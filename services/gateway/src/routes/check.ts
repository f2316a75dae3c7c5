import { Elysia } from 'elysia'
import { requestBytes } from '@lv/bus'
import { CheckBatchRequest, MAX_BATCH_DOMAINS, batchParts, joinBatchAnswers, subjects } from '@lv/contracts'
import type { GatewayDeps, RouteDeps } from '../app.ts'
import { admittedAnswer, authPlugin } from '../auth/plugin.ts'
import { BODY_LIMITS, bodyLimitNote, jsonBodyWithin } from '../body-limit.ts'
import { BatchBody, BatchResultModel, CheckQueryParams, CheckResultModel, EvidenceQueryParams } from '../models/check.ts'
import { timedRequest } from '../metrics.ts'
import { ErrorEnvelopeModel } from '../models/error.ts'
import { type EvidenceDeps, evidenceSigner, issueEvidence } from '../evidence/issue.ts'
import { apiKeyMissing } from '../auth/auth-errors.ts'
import type { Caller } from '../auth/caller.ts'
import { createCheckDispatcher } from './check-dispatch.ts'
import { type RawCheckQuery, compactBatch, readCheckInput } from './check-input.ts'
import { HeldBatchRows } from './held-batch-rows.ts'

export const BATCH_PATH = '/v1/check/batch'
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
const JSON_HEADERS = { 'content-type': JSON_CONTENT_TYPE }

const EVIDENCE_NOTE = [
	'`evidence=true` (needs a key: keyless is 401 `auth_required` / `api_key_missing`) adds `evidence`: a signed check record (compact JWS, EdDSA/Ed25519, `kid` in the header, keys at `/.well-known/jwks.json`)',
	'over the query, verdict, `verdict_detail`, matched licence and domain link, the instant of the check, and every register publication the answer rests on (jurisdiction, source URL, read time, SHA-256 of the bytes read).',
	'The record is kept for the account for five years at `GET /v1/evidence/{id}`; 503 `service_unavailable` / `evidence_signing_unavailable` when the deployment has no signing key.'
].join(' ')

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeModel]))

// A NATS payload is typed over ArrayBufferLike; it is a plain ArrayBuffer view, which Response accepts.
const json = (body: string | Uint8Array) => new Response(body as BodyInit, { headers: JSON_HEADERS })
const parseAnswer = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
const checkedOf = (answer: Record<string, unknown>) =>
	Array.isArray(answer.checked_jurisdictions) ? (answer.checked_jurisdictions as string[]) : []
const rowsWithVerdict = (answer: Record<string, unknown>) =>
	(Array.isArray(answer.results) ? (answer.results as Record<string, unknown>[]) : []).filter((row) => typeof row.verdict === 'string')

/**
 * A keyless call asking for a record is refused before it is counted against the keyless cap. (Any method but
 * POST on the batch path is 405 from the app's error handler: no route takes it, key or no key.)
 */
const keylessAskingForEvidence = (pricingUrl: string) => (request: Request) => {
	if (cannotAskForEvidence(request) || request.headers.has('authorization') || new URL(request.url).searchParams.get('evidence') !== 'true')
		return undefined
	const refusal = apiKeyMissing()
	refusal.headers['X-Upgrade-URL'] = pricingUrl
	return refusal
}

/** A call asks for a signed record with evidence=true; only such calls parse the answer and write. */
const asksForEvidence = (query: { evidence?: string }) => query.evidence === 'true'
/** Calls that may ask for evidence are not overlapped with admission: a refused call must leave no record. */
const cannotAskForEvidence = (request: Request) => !request.url.includes('evidence')

/** The route bodies, without the key check and limits (the bench measures them alone). */
export function checkHandlers({
	bus,
	clock,
	config,
	metrics,
	checkerStates
}: Pick<GatewayDeps, 'bus' | 'clock' | 'config' | 'metrics' | 'checkerStates'>) {
	const dispatcher = createCheckDispatcher({
		bus,
		clock,
		timeoutMs: config.CHECKER_TIMEOUT_MS,
		messagesInFlight: config.CHECK_MESSAGES_IN_FLIGHT,
		metrics,
		states: checkerStates
	})
	const heldRows = new HeldBatchRows()
	return {
		heldAnswered: dispatcher.heldAnswered,
		/**
		 * The checker's answer is passed through as it came; its shape is the documented model (see check.test.ts).
		 * `respond` makes the Response of its bytes; a held answer served without asking (ADR 0048) is answered at once.
		 */
		single(query: RawCheckQuery, url: string, respond: (body: Uint8Array) => Response = json): Response | Promise<Response> {
			const answer = dispatcher.answer(readCheckInput(query, url))
			return answer instanceof Uint8Array ? respond(answer) : answer.then(respond)
		},
		/** The answer parsed, its signed record issued, and the record's reference added as `evidence`. */
		async singleWithEvidence(query: RawCheckQuery, url: string, caller: Caller, evidence: EvidenceDeps): Promise<Response> {
			const check = readCheckInput(query, url)
			const signer = evidenceSigner(evidence, caller)
			const answer = parseAnswer(await dispatcher.answer(check))
			return json(JSON.stringify({ ...answer, evidence: await issueEvidence(evidence, signer, 'check', [answer], checkedOf(answer)) }))
		},
		async batch(domains: readonly unknown[], withEvidence?: { caller: Caller; evidence: EvidenceDeps }): Promise<Response> {
			const batch = compactBatch(domains)
			const signer = withEvidence && evidenceSigner(withEvidence.evidence, withEvidence.caller)
			// With CHECK_BATCH_PART_DOMAINS below the batch, sent as parts at once for the checker replicas to share;
			// any part unanswered fails the call. Each part offers the rows held for its entries (ADR 0069).
			const answers = await Promise.all(
				batchParts(batch.sent, config.CHECK_BATCH_PART_DOMAINS ?? MAX_BATCH_DOMAINS).map(async (domains) => {
					const offered = heldRows.offer(domains)
					const reply = await timedRequest(metrics, subjects.checkBatch, () =>
						requestBytes(bus, {
							subject: subjects.checkBatch,
							schema: CheckBatchRequest,
							body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), domains, known: offered.known },
							timeoutMs: config.CHECKER_TIMEOUT_MS,
							unavailableReason: 'checker_unavailable'
						})
					)
					return heldRows.rowsOf(domains, offered, reply)
				})
			)
			const answer = joinBatchAnswers(answers)
			if (!batch.changed && !signer) return json(answer)
			const parsed = parseAnswer(answer)
			batch.restore(parsed.results)
			if (signer && withEvidence)
				parsed.evidence = await issueEvidence(withEvidence.evidence, signer, 'check_batch', rowsWithVerdict(parsed), checkedOf(parsed))
			return json(JSON.stringify(parsed))
		}
	}
}

/** GET /v1/check and POST /v1/check/batch: validated here, answered by the checker over NATS. */
export const checkRoutes = (deps: RouteDeps) => {
	const handlers = checkHandlers(deps)
	deps.metrics?.watchHeldAnswers(handlers.heldAnswered)
	const evidence: EvidenceDeps = { sql: deps.sql, clock: deps.clock, keyring: deps.evidence, publicBaseUrl: deps.config.PUBLIC_BASE_URL }
	const refuse = keylessAskingForEvidence(deps.config.PRICING_URL)
	return new Elysia({ name: 'check-routes' })
		.use(authPlugin(deps.auth))
		.get(
			'/v1/check',
			({ query, request, caller, admitted }) =>
				asksForEvidence(query)
					? handlers.singleWithEvidence(query, request.url, caller, evidence)
					: handlers.single(query, request.url, (body) =>
							admittedAnswer(deps.auth, admitted, request, body as BodyInit, JSON_CONTENT_TYPE)
						),
			{
				auth: { mode: 'optional', readOnly: cannotAskForEvidence, refuse },
				query: CheckQueryParams,
				response: { 200: CheckResultModel, ...errors(400, 401, 402, 429, 500, 503) },
				detail: {
					tags: ['verification'],
					summary: 'Check a domain or a licence number',
					description: [
						'Exactly one of `domain` / `license_number`. Answers with a machine-branchable `verdict` and a quotable `verdict_detail`.',
						'Works without a key (10 requests per hour per client address block: IPv4 /32, IPv6 /64; `domain` and `license_number` share the counter); a valid key switches to the plan quota.',
						'`as_of` adds the historical `as_of` object (`resolved_at`, `basis`, `status`, `transition`, `correction`, `tracking_since`); `verdict` and `match.status` stay current.',
						'503 `service_unavailable` / `checker_unavailable` when no checker answers in time; retry with backoff.',
						EVIDENCE_NOTE
					].join('\n\n'),
					security: [{}, { apiKey: [] }]
				}
			}
		)
		.post(
			BATCH_PATH,
			({ body, query, caller }) => handlers.batch(body.domains, asksForEvidence(query) ? { caller, evidence } : undefined),
			{
				auth: { mode: 'required', refuse },
				query: EvidenceQueryParams,
				// SPEC answers any other body shape with 400.
				parse: jsonBodyWithin(BODY_LIMITS.checkBatch, BatchBody),
				body: BatchBody,
				response: { 200: BatchResultModel, ...errors(400, 401, 402, 405, 413, 429, 500, 503) },
				detail: {
					tags: ['verification'],
					summary: 'Check up to 100 domains',
					description: [
						'Body `{ domains: [1–100 entries] }`; any other shape is 400 `invalid_query` / `invalid_input`. Counts as one request against the quota.',
						bodyLimitNote(BODY_LIMITS.checkBatch),
						'Results are in `results[]`, one per entry in the order sent. An entry that is not a hostname (`invalid_hostname`) or not a string (`invalid_input`) gets a row with `error`, `error_detail`, `match: null` and no `verdict`; it never fails the batch.',
						'Any other method on this path is 405 `method_not_allowed` with `Allow: POST`.',
						EVIDENCE_NOTE
					].join('\n\n'),
					security: [{ apiKey: [] }]
				}
			}
		)
}
