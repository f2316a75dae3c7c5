import type { JurisdictionCode } from '@lv/registers'
import { readCertificateBatch } from './certificates.ts'
import type { JobLoopOptions } from './job-loop.ts'
import { CERTIFICATE_LINKED } from './link-sources.ts'
import type { RunDeps } from './run.ts'
import { dailySlot } from './scheduler.ts'
import { VERIFICATION_POLICY, readVerificationPages } from './verification.ts'

export type DomainPagePolicy = { batch: number; cycleDays: number }

/** One attempt at a read job: whether its register read committed. */
export type ReadAttempt = { registerRead: 'succeeded' | 'failed' }

/**
 * What follows each attempt at a read job (job-loop.ts):
 * - CW certificate pages, the source of its domain links, whether or not the register read
 *   succeeded: the rolling batch is taken from the licences the database holds (the last
 *   successfully reconciled register), so the links do not go stale while the register publication
 *   fails. One batch per daily slot of the ATTEMPT (its UTC date by the injected clock), not of the
 *   job: a failing job is retried for about two days, at most 3 h apart, and the next day's job
 *   waits behind it (one job in flight per jurisdiction, maxAckPending 1), so its retries carry
 *   each day's batch; every other attempt that day reads nothing more.
 * - the per-domain verification pages where the jurisdiction has them (TGC seals), after a
 *   successful register read only, as before.
 * Null when there is nothing to read.
 */
export async function readDomainPagesForAttempt(
	deps: RunDeps,
	jurisdiction: JurisdictionCode,
	attempt: ReadAttempt,
	policy: DomainPagePolicy
) {
	if (CERTIFICATE_LINKED.has(jurisdiction))
		return { pages: 'certificates', ...(await readCertificateBatch(deps, jurisdiction, policy, dailySlot(deps.clock.now()))) }
	if (attempt.registerRead !== 'succeeded') return null
	return readVerification(deps, jurisdiction, policy)
}

/** The job loop's `afterAttempt` step (main.ts): the attempt's domain pages, logged. */
export function readDomainPagesAfterAttempt(deps: RunDeps, policy: DomainPagePolicy): NonNullable<JobLoopOptions['afterAttempt']> {
	return async (jurisdiction, { slot, result }) => {
		const attempt: ReadAttempt = { registerRead: result ? 'succeeded' : 'failed' }
		const summary = await readDomainPagesForAttempt(deps, jurisdiction, attempt, policy)
		if (summary) deps.logger.info('domain pages read', { jurisdiction, job_slot: slot, register_read: attempt.registerRead, ...summary })
	}
}

async function readVerification(deps: RunDeps, jurisdiction: JurisdictionCode, policy: DomainPagePolicy) {
	const verification = VERIFICATION_POLICY[jurisdiction]
	if (!verification) return null
	return { pages: 'verification', ...(await readVerificationPages(deps, jurisdiction, verification === 'all' ? null : policy.batch)) }
}
