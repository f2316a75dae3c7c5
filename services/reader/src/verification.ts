import type { Bus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import type { JurisdictionCode, RegisterAdapter } from '@lv/registers'
import type { Fetcher } from './fetch/http-fetcher.ts'
import { fetchCanonical, sha256Hex } from './fetch/read-publication.ts'
import { announceLinkChanges, moveDataVersion } from './link-changes.ts'
import type { RunLimits } from './fetch/run-allowance.ts'
import type { SourcePolicy } from './fetch/source-policy.ts'
import { fetchScope } from './run.ts'
import type { Sources } from './sources.ts'
import { fileSnapshots } from './store/runs.ts'

/**
 * Which per-domain verification pages are re-read each night: every TGC seal. CW certificates are
 * per licence and also source the CW links: certificates.ts reads them in a rolling batch.
 */
export const VERIFICATION_POLICY: Partial<Record<JurisdictionCode, 'all' | 'rolling'>> = { TGC: 'all' }

export type VerificationDeps = {
	sql: Sql
	clock: Clock
	fetcher: Fetcher
	sources: Sources
	policy: SourcePolicy
	runLimits?: RunLimits
	adapters: Partial<Record<JurisdictionCode, RegisterAdapter>>
	logger: Logger
	/** When given, registry.changed.<CODE> is published once the batch has written a reading. */
	bus?: Bus
}

export type VerificationSummary = { read: number; failed: number }

/**
 * Re-reads the regulator's per-domain verification pages of a jurisdiction and stores each
 * reading verbatim (verification_readings, snapshot filed), copying the latest wording onto the
 * domain link. A reading never moves a licence or link status. A reading copied onto a link is
 * checker data (the match's verification page fields and wording): it moves the jurisdiction's
 * data_version in its transaction, and the batch is announced once.
 */
export async function readVerificationPages(
	deps: VerificationDeps,
	jurisdiction: JurisdictionCode,
	limit: number | null
): Promise<VerificationSummary> {
	const adapter = deps.adapters[jurisdiction]
	if (!adapter?.parseVerificationPage) return { read: 0, failed: 0 }
	const links = await deps.sql<{ id: string; verification_url: string }[]>`
		SELECT id, verification_url FROM domain_links
		WHERE jurisdiction_code = ${jurisdiction} AND verification_url IS NOT NULL AND link_status <> 'delisted'
		ORDER BY verification_page_read_at ASC NULLS FIRST, id
		${limit === null ? deps.sql`` : deps.sql`LIMIT ${limit}`}`
	const summary: VerificationSummary = { read: 0, failed: 0 }
	let dataVersion: number | null = null
	const scope = fetchScope(deps, jurisdiction)
	for (const link of links) {
		const fetchUrl = deps.sources.fetchUrl(link.verification_url)
		const readAt = deps.clock.now()
		let httpStatus: number | null = null
		let pageStatus: string | null = null
		let record: { sha256: string; bytes: Uint8Array; contentType: string | null } | null = null
		try {
			const response = await fetchCanonical(deps.fetcher, deps.sources, scope, link.verification_url, null)
			if (response.status === 'ok') {
				httpStatus = response.httpStatus
				record = { sha256: sha256Hex(response.bytes), bytes: response.bytes, contentType: response.contentType }
				pageStatus = adapter.parseVerificationPage({
					url: link.verification_url,
					bytes: response.bytes,
					contentType: response.contentType
				}).pageStatus
			}
		} catch (error) {
			httpStatus = (error as { httpStatus?: number | null }).httpStatus ?? httpStatus
			deps.logger.warn('verification page not read', { jurisdiction, url: fetchUrl, error })
		}
		const readable = record !== null && pageStatus !== null
		await deps.sql.begin(async (tx) => {
			if (record) await fileSnapshots(tx, [{ ...record, fetchedAt: readAt }])
			await tx`
				INSERT INTO verification_readings (id, domain_link_id, url, read_at, http_status, page_status, snapshot_sha256)
				VALUES (${crypto.randomUUID()}, ${link.id}, ${fetchUrl}, ${readAt}, ${httpStatus}, ${pageStatus}, ${record?.sha256 ?? null})`
			if (readable) {
				await tx`UPDATE domain_links SET verification_page_status = ${pageStatus}, verification_page_read_at = ${readAt} WHERE id = ${link.id}`
				dataVersion = await moveDataVersion(tx, jurisdiction)
			}
		})
		if (readable) summary.read++
		else summary.failed++
	}
	if (dataVersion !== null) await announceLinkChanges(deps, jurisdiction, dataVersion, 'verification pages')
	return summary
}
