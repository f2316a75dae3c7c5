import type { JurisdictionCode } from '@lv/registers'
import { readCertificateBatch } from './certificates.ts'
import type { JobLoopOptions } from './job-loop.ts'
import { CERTIFICATE_LINKED } from './link-sources.ts'
import type { RunDeps } from './run.ts'
import { VERIFICATION_POLICY, readVerificationPages } from './verification.ts'

export type DomainPagePolicy = { batch: number; cycleDays: number }

/** One attempt at a read job: its slot and whether the register read of that attempt committed. */
export type ReadAttempt = { slot: string; registerRead: 'succeeded' | 'failed' }

/**
 * What follows each attempt at a slot's read job (job-loop.ts):
 * - CW certificate pages, the source of its domain links, whether or not the register read
 *   succeeded: the rolling batch is taken from the licences the database holds (the last
 *   successfully reconciled register), so the links do not go stale while the register publication
 *   fails. One batch per slot: a retried job reads only what its slot has not read yet.
 * - the per-domain verification pages where the jurisdiction has them (TGC seals), after a
 *   successful register read only, as before.
 * Null when there is nothing to read.
 */
export async function readDomainPagesForAttempt(deps: RunDeps, jurisdiction: JurisdictionCode, attempt: ReadAttempt, policy: DomainPagePolicy) {
	if (CERTIFICATE_LINKED.has(jurisdiction)) return { pages: 'certificates', ...(await readCertificateBatch(deps, jurisdiction, policy, attempt.slot)) }
	if (attempt.registerRead !== 'succeeded') return null
	return readVerification(deps, jurisdiction, policy)
}

/** The job loop's `afterAttempt` step (main.ts): the attempt's domain pages, logged. */
export function readDomainPagesAfterAttempt(deps: RunDeps, policy: DomainPagePolicy): NonNullable<JobLoopOptions['afterAttempt']> {
	return async (jurisdiction, { slot, result }) => {
		const attempt: ReadAttempt = { slot, registerRead: result ? 'succeeded' : 'failed' }
		const summary = await readDomainPagesForAttempt(deps, jurisdiction, attempt, policy)
		if (summary) deps.logger.info('domain pages read', { jurisdiction, register_read: attempt.registerRead, ...summary })
	}
}

/**
 * The domain pages after a successful register run, outside the job loop (no slot: a CW batch is
 * read in full every call). Null when the jurisdiction has none.
 */
export async function readDomainPagesAfterRun(deps: RunDeps, jurisdiction: JurisdictionCode, policy: DomainPagePolicy) {
	if (CERTIFICATE_LINKED.has(jurisdiction)) return { pages: 'certificates', ...(await readCertificateBatch(deps, jurisdiction, policy)) }
	return readVerification(deps, jurisdiction, policy)
}

async function readVerification(deps: RunDeps, jurisdiction: JurisdictionCode, policy: DomainPagePolicy) {
	const verification = VERIFICATION_POLICY[jurisdiction]
	if (!verification) return null
	return { pages: 'verification', ...(await readVerificationPages(deps, jurisdiction, verification === 'all' ? null : policy.batch)) }
}
