import type { JurisdictionCode } from '@lv/registers'
import { readCertificateBatch } from './certificates.ts'
import { CERTIFICATE_LINKED } from './link-sources.ts'
import type { RunDeps } from './run.ts'
import { VERIFICATION_POLICY, readVerificationPages } from './verification.ts'

export type DomainPagePolicy = { batch: number; cycleDays: number }

/**
 * What follows a successful register run: CW certificate pages (the source of its domain links) in a
 * rolling batch, or the per-domain verification pages where the jurisdiction has them. Null when it has neither.
 */
export async function readDomainPagesAfterRun(deps: RunDeps, jurisdiction: JurisdictionCode, policy: DomainPagePolicy) {
	if (CERTIFICATE_LINKED.has(jurisdiction)) return { pages: 'certificates', ...(await readCertificateBatch(deps, jurisdiction, policy)) }
	const verification = VERIFICATION_POLICY[jurisdiction]
	if (!verification) return null
	return { pages: 'verification', ...(await readVerificationPages(deps, jurisdiction, verification === 'all' ? null : policy.batch)) }
}
