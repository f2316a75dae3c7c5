import { ulid } from 'ulid'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { type EvidenceKeyring, type EvidenceRecord, evidenceCheckOf, jurisdictionsOf, signEvidence, snapshotsNamed } from '@lv/evidence'
import { serviceUnavailable } from '@lv/errors'
import { apiKeyMissing } from '../auth/auth-errors.ts'
import type { Caller } from '../auth/caller.ts'
import { publicationsOf } from '@lv/register-store'
import { EVIDENCE_RETENTION_DAYS, insertEvidence } from './records.ts'

const DAY_MS = 86_400_000

/** What a check response carries under `evidence`. */
export type EvidenceReference = { id: string; jws: string; kid: string; url: string; pdf_url: string; jwks_url: string; expires_at: string }

export type EvidenceDeps = { sql: Sql; clock: Clock; keyring: EvidenceKeyring | undefined; publicBaseUrl: string }

type Answer = Record<string, unknown>

/** Each answer's matched register with the index's last read of it, the bound of the run the answer rests on. */
function indexReads(answers: readonly Answer[]): Map<string, string> {
	const bounds = new Map<string, string>()
	for (const answer of answers) {
		const register = (answer._meta as Answer | undefined)?.register as Answer | undefined
		if (typeof register?.jurisdiction === 'string' && typeof register.last_read_at === 'string')
			bounds.set(register.jurisdiction, register.last_read_at)
	}
	return bounds
}

/**
 * The account a record will belong to, settled before the check is sent: 401 api_key_missing
 * without a key (a record is kept for an account), 503 when no signing key is configured.
 */
export function evidenceSigner(deps: EvidenceDeps, caller: Caller): { accountId: string; keyring: EvidenceKeyring } {
	if (caller.accountId === null) throw apiKeyMissing()
	if (!deps.keyring) throw serviceUnavailable('evidence_signing_unavailable', 'Signed check records are not available on this deployment.')
	return { accountId: caller.accountId, keyring: deps.keyring }
}

/** Signs and keeps the record of checks just answered; the reference goes into the response. */
export async function issueEvidence(
	deps: EvidenceDeps,
	{ accountId, keyring }: ReturnType<typeof evidenceSigner>,
	kind: EvidenceRecord['kind'],
	answers: readonly Answer[],
	checked: readonly string[]
): Promise<EvidenceReference> {
	const now = deps.clock.now()
	const jurisdictions = jurisdictionsOf(answers, checked)
	const record: EvidenceRecord = {
		version: 1,
		id: `ev_${ulid(now.getTime())}`,
		kind,
		checked_at: now.toISOString(),
		account_id: accountId,
		checks: answers.map(evidenceCheckOf),
		checked_jurisdictions: [...checked],
		publications: await publicationsOf(deps.sql, jurisdictions, indexReads(answers))
	}
	const jws = await signEvidence(keyring, record)
	const expiresAt = new Date(now.getTime() + EVIDENCE_RETENTION_DAYS * DAY_MS)
	await insertEvidence(deps.sql, {
		id: record.id,
		accountId,
		kind,
		kid: keyring.kid,
		jws,
		snapshots: snapshotsNamed(record),
		createdAt: now,
		expiresAt
	})
	const url = `${deps.publicBaseUrl}/v1/evidence/${record.id}`
	return {
		id: record.id,
		jws,
		kid: keyring.kid,
		url,
		pdf_url: `${url}.pdf`,
		jwks_url: `${deps.publicBaseUrl}/.well-known/jwks.json`,
		expires_at: expiresAt.toISOString()
	}
}
