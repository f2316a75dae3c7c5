import { Elysia, t } from 'elysia'
import { type EvidenceFailure, type EvidenceRecord, evidenceReportPdf, verifyEvidence } from '@lv/evidence'
import { invalidQuery, notFound } from '@lv/errors'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { EVIDENCE_RETENTION_DAYS, findEvidence, snapshotNamedForAccount } from '../evidence/records.ts'
import { KEYED_ERRORS, errorResponses } from '../models/error-responses.ts'
import { EvidenceVerifyBody, JwksModel, StoredEvidenceModel, VerifiedEvidenceModel } from '../models/evidence.ts'

const EVIDENCE_ID = /^ev_[0-9A-HJKMNP-TV-Z]{26}$/
const SHA256 = /^[0-9a-f]{64}$/
const MAX_JWS_CHARS = 1_000_000

const evidenceNotFound = (id: string) => notFound('evidence_not_found', `No retained evidence record ${id} for this account.`, 'id')
const snapshotNotFound = (sha256: string) =>
	notFound(
		'snapshot_not_found',
		`No evidence record of this account names snapshot ${sha256}; a snapshot is served only to accounts holding a record that names it.`,
		'sha256'
	)
const jwksOf = (deps: RouteDeps) => deps.evidence?.jwks ?? { keys: [] }
const PDF_SUFFIX = '.pdf'

async function pdfResponse(deps: RouteDeps, id: string, kid: string, record: EvidenceRecord): Promise<Response> {
	const base = deps.config.PUBLIC_BASE_URL
	const pdf = await evidenceReportPdf(record, { verifyUrl: `${base}/v1/evidence/${id}`, jwksUrl: `${base}/.well-known/jwks.json`, kid })
	return new Response(pdf as BodyInit, {
		headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${id}.pdf"` }
	})
}

/**
 * The signed check records: the public keys, a record again by id, the snapshot bytes a record
 * names, and a verification of any record against the published keys.
 */
export const evidenceRoutes = (deps: RouteDeps) =>
	new Elysia().use(jwksRoutes(deps)).use(storedEvidenceRoutes(deps)).use(evidenceVerifyRoutes(deps))

/** GET /.well-known/jwks.json. */
function jwksRoutes(deps: RouteDeps) {
	return new Elysia().get('/.well-known/jwks.json', () => jwksOf(deps), {
		response: { 200: JwksModel, ...errorResponses(500) },
		detail: {
			tags: ['evidence'],
			security: [],
			summary: 'Public keys of signed check records',
			description:
				'Ed25519 public keys (JWK, `kid`, `alg` EdDSA) that verify the `evidence.jws` of checks. The current key is first; retired keys stay listed for as long as records they signed are retained, so a rotation never breaks an old record.'
		}
	})
}

/** GET /v1/evidence/{id} (JSON or `.pdf`) and GET /v1/snapshots/{sha256}: what an account's records hold. */
function storedEvidenceRoutes(deps: RouteDeps) {
	return new Elysia()
		.use(authPlugin(deps.auth))
		.get(
			'/v1/evidence/:id',
			async ({ params, caller }) => {
				const asPdf = params.id.endsWith(PDF_SUFFIX)
				const id = asPdf ? params.id.slice(0, -PDF_SUFFIX.length) : params.id
				if (!EVIDENCE_ID.test(id)) throw evidenceNotFound(id)
				const stored = await findEvidence(deps.sql, caller.accountId as string, id, deps.clock.now())
				if (!stored) throw evidenceNotFound(id)
				const verified = await verifyEvidence(stored.jws, jwksOf(deps))
				if (!verified.ok) throw new Error(`stored evidence ${stored.id} does not verify: ${verified.reason}`)
				if (asPdf) return pdfResponse(deps, stored.id, stored.kid, verified.record)
				// A Response either way: the route answers JSON or, for `.pdf`, the report.
				return Response.json({
					id: stored.id,
					kind: stored.kind,
					kid: stored.kid,
					jws: stored.jws,
					record: verified.record,
					created_at: stored.created_at.toISOString(),
					expires_at: stored.expires_at.toISOString()
				})
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: t.Object({
					id: t.String({ description: 'The record id from `evidence.id`.', examples: ['ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P'] })
				}),
				response: { 200: StoredEvidenceModel, ...errorResponses(...KEYED_ERRORS, 404) },
				detail: {
					tags: ['evidence'],
					summary: 'Get a signed check record',
					description: `The record issued by a check with \`evidence=true\`, for the account that made it, for ${EVIDENCE_RETENTION_DAYS} days (five years) after the check. Another account's id, an expired or unknown id: 404 \`not_found\` / \`evidence_not_found\`.`,
					security: [{ apiKey: [] }]
				}
			}
		)
		.get(
			'/v1/snapshots/:sha256',
			async ({ params, caller }) => {
				if (!SHA256.test(params.sha256)) throw snapshotNotFound(params.sha256)
				const snapshot = await snapshotNamedForAccount(deps.sql, caller.accountId as string, params.sha256, deps.clock.now())
				if (!snapshot) throw snapshotNotFound(params.sha256)
				return new Response(snapshot.content as BodyInit, {
					headers: {
						'content-type': snapshot.content_type ?? 'application/octet-stream',
						'x-snapshot-sha256': snapshot.sha256,
						'x-snapshot-read-at': (snapshot.read_at ?? snapshot.first_fetched_at).toISOString(),
						'x-snapshot-first-fetched-at': snapshot.first_fetched_at.toISOString()
					}
				})
			},
			{
				auth: { mode: 'required', readOnly: true },
				params: t.Object({ sha256: t.String({ description: 'Lowercase hex SHA-256 named by a record’s `publications[].sha256`.' }) }),
				response: {
					200: t.Any({
						description:
							'The publication bytes as read, with their content type; `X-Snapshot-Read-At` is the latest read that returned them.'
					}),
					...errorResponses(...KEYED_ERRORS, 404)
				},
				detail: {
					tags: ['evidence'],
					summary: 'Get the raw bytes of a register publication',
					description:
						'Served to an account (any paid plan) holding a retained evidence record that names the hash; otherwise 404 `not_found` / `snapshot_not_found`, whether or not the bytes exist. Check them with SHA-256: they hash to the path.',
					security: [{ apiKey: [] }]
				}
			}
		)
}

/** POST /v1/evidence/verify. */
function evidenceVerifyRoutes(deps: RouteDeps) {
	return new Elysia().post(
		'/v1/evidence/verify',
		async ({ body }) => {
			if (body.jws.length > MAX_JWS_CHARS) throw invalidQuery('evidence_malformed', 'The JWS is larger than any record.', 'jws')
			const verified = await verifyEvidence(body.jws, jwksOf(deps))
			if (!verified.ok)
				throw invalidQuery(
					verified.reason as Exclude<EvidenceFailure, 'snapshot_hash_mismatch' | 'snapshot_not_named'>,
					verified.message,
					'jws'
				)
			return { valid: true as const, kid: verified.kid, record: verified.record }
		},
		{
			body: EvidenceVerifyBody,
			response: { 200: VerifiedEvidenceModel, ...errorResponses(400, 500) },
			detail: {
				tags: ['evidence'],
				security: [],
				summary: 'Verify a signed check record',
				description:
					'Checks `jws` against the published keys, no key needed. A record that does not verify is 400 `invalid_query` with `details.reason`: `evidence_malformed` (not a compact JWS, truncated), `evidence_unknown_key` (a `kid` never published), `evidence_signature_invalid` (altered), `evidence_not_canonical`, `evidence_unsupported_version`. The same check runs offline with the SDK’s `verifyEvidence` and a saved JWKS.'
			}
		}
	)
}
