import type { Sql, TransactionSql } from '@lv/db'
import { normaliseHostname, siteKey } from '@lv/hostnames'
import type { FetchedFile, JurisdictionCode, ParsedVerificationPage } from '@lv/registers'
import { FetchFailedError } from './errors.ts'
import type { FetchScope } from './fetch/http-fetcher.ts'
import { fetchCanonical, sha256Hex } from './fetch/read-publication.ts'
import { announceLinkChanges, moveDataVersion } from './link-changes.ts'
import { type RunDeps, fetchScope } from './run.ts'
import { fileSnapshots } from './store/runs.ts'
import { inTransaction } from './store/transaction.ts'

/** What an adapter with per-licence certificate pages offers (the CW adapter; not part of the shared interface). */
type CertificateAdapter = {
	certificateUrl(licenseNumber: string): string | null
	readCertificate(file: FetchedFile): { page: ParsedVerificationPage; listing: 'listed' | 'removed' | 'silent' }
}

export type CertificateDeps = Pick<
	RunDeps,
	'sql' | 'clock' | 'fetcher' | 'sources' | 'policy' | 'runLimits' | 'adapters' | 'logger' | 'bus'
>

export type CertificatePolicy = {
	/** Certificates read per batch at least. */
	batch: number
	/** Every licence's certificate is read at least once in this many daily batches (the batch grows to fit). */
	cycleDays: number
}

export type CertificateSummary = {
	/** The job slot the batch was read for (null: a batch outside the job loop, no slot quota). */
	slot: string | null
	/** Why it read nothing: another batch of the jurisdiction holds its batch lock, or the slot's batch was read already. */
	skipped: 'busy' | 'slot_done' | null
	read: number
	failed: number
	/** Links created, rewritten (listed again, page reading refreshed) and delisted. */
	inserted: number
	updated: number
	delisted: number
	/** register_status.data_version after the batch, when it wrote any link. */
	dataVersion: number | null
}

/** How many certificates one batch reads: the configured batch, or more so every licence is read within the cycle. */
export function certificateBatchSize(licences: number, policy: CertificatePolicy): number {
	return Math.min(licences, Math.max(policy.batch, Math.ceil(licences / policy.cycleDays)))
}

/** Reads older than this do not count: a licence not read for that long is read as if never read. */
const READ_HISTORY_DAYS = 60
/**
 * How far back the reads of a slot are counted. A slot's job is redelivered for about two days at
 * most (20 deliveries, at most 3 h apart), so its reads are all younger than this.
 */
const SLOT_HISTORY_DAYS = 7
const DAY_MS = 86_400_000

type Licence = { id: string; license_number: string; operator_id: string }

/** What a certificate read is filed with besides its licence: the job slot and the register state its licence list came from. */
type BatchContext = { slot: string | null; registerReadAt: Date | null }

type Reading =
	| { kind: 'read'; httpStatus: number; page: ParsedVerificationPage; listing: 'listed' | 'removed' | 'silent'; snapshot: Snapshot }
	| { kind: 'failed'; httpStatus: number | null; reason: string; snapshot: Snapshot | null }

type Snapshot = { sha256: string; bytes: Uint8Array; contentType: string | null }

/**
 * The rolling certificate batch of a jurisdiction whose domain links come from per-licence
 * certificate pages (CW): the licences whose certificate was read longest ago (never read first)
 * are read, one page each. A certificate lists the licence's domains: each becomes an active link
 * tied to the licence (verification_url = the certificate, the page's wording verbatim, read time),
 * and a domain it no longer lists is delisted. "Not Active" delists them all; a page that says
 * nothing about them ("cannot be found or the token has expired") or cannot be read changes no
 * link status. Every fetch is a register_reads row (publication `certificate`), every reading of a
 * link a verification_readings row. A certificate never moves a licence status.
 *
 * The licences are the ones the database holds, i.e. the last successfully reconciled register, so
 * the batch does not depend on today's register read. With a `slot` (a daily slot), the slot
 * reads one batch in all: a later call for the same slot reads only what the slot has not read yet
 * (the reads carry `counts.slot`), so a call cut short is completed, never repeated. One batch of a jurisdiction runs at a time (a session advisory lock
 * `certificates:<CODE>`); another one finds it `busy` and reads nothing.
 */
export async function readCertificateBatch(
	deps: CertificateDeps,
	jurisdiction: JurisdictionCode,
	policy: CertificatePolicy,
	slot: string | null = null
): Promise<CertificateSummary> {
	const summary: CertificateSummary = { slot, skipped: null, read: 0, failed: 0, inserted: 0, updated: 0, delisted: 0, dataVersion: null }
	const adapter = deps.adapters[jurisdiction] as (CertificateAdapter & object) | undefined
	if (!adapter || typeof adapter.certificateUrl !== 'function' || typeof adapter.readCertificate !== 'function') return summary
	const ran = await holdingBatchLock(deps.sql, jurisdiction, () => readBatch(deps, adapter, jurisdiction, policy, summary))
	return ran ?? { ...summary, skipped: 'busy' }
}

async function readBatch(
	deps: CertificateDeps,
	adapter: CertificateAdapter,
	jurisdiction: JurisdictionCode,
	policy: CertificatePolicy,
	summary: CertificateSummary
): Promise<CertificateSummary> {
	const { slot } = summary
	const now = deps.clock.now()
	const licences = (
		await deps.sql<Licence[]>`
			WITH recent AS (
				SELECT counts->>'license_id' AS license_id, max(started_at) AS read_at FROM register_reads
				WHERE jurisdiction_code = ${jurisdiction} AND publication = 'certificate' AND started_at > ${new Date(now.getTime() - READ_HISTORY_DAYS * DAY_MS)}
				GROUP BY 1
			)
			SELECT l.id, l.license_number, l.operator_id FROM licenses l LEFT JOIN recent r ON r.license_id = l.id::text
			WHERE l.jurisdiction_code = ${jurisdiction}
			ORDER BY r.read_at ASC NULLS FIRST, l.license_number, l.id`
	).filter((licence) => adapter.certificateUrl(licence.license_number) !== null)
	const due = certificateBatchSize(licences.length, policy)
	const alreadyRead = slot === null ? 0 : await countSlotReads(deps.sql, jurisdiction, slot, now)
	const batch = licences.slice(0, Math.max(0, due - alreadyRead))
	if (slot !== null && due > 0 && batch.length === 0) return { ...summary, skipped: 'slot_done' }
	const [status] = await deps.sql<{ last_successful_read_at: Date | null }[]>`
		SELECT last_successful_read_at FROM register_status WHERE jurisdiction_code = ${jurisdiction}`
	const context: BatchContext = { slot, registerReadAt: status?.last_successful_read_at ?? null }
	const scope = fetchScope(deps, jurisdiction)
	for (const licence of batch) {
		const certificateUrl = adapter.certificateUrl(licence.license_number) as string
		const fetchUrl = deps.sources.fetchUrl(certificateUrl)
		const readAt = deps.clock.now()
		const reading = await fetchCertificate(deps, scope, adapter, licence, { certificateUrl, fetchUrl })
		if (reading.kind === 'failed')
			deps.logger.warn('certificate not read', {
				jurisdiction,
				license_number: licence.license_number,
				url: fetchUrl,
				reason: reading.reason
			})
		const changes = await inTransaction(deps.sql, async (tx) => {
			const recorded = await recordReading(tx, { jurisdiction, licence, certificateUrl, fetchUrl, readAt, reading, batch: context })
			const changed = recorded.inserted + recorded.updated + recorded.delisted > 0
			return { ...recorded, dataVersion: changed ? await moveDataVersion(tx, jurisdiction) : null }
		})
		summary.inserted += changes.inserted
		summary.updated += changes.updated
		summary.delisted += changes.delisted
		summary.dataVersion = changes.dataVersion ?? summary.dataVersion
		if (reading.kind === 'read') summary.read++
		else summary.failed++
	}
	if (summary.dataVersion !== null) await announceLinkChanges(deps, jurisdiction, summary.dataVersion, 'certificates')
	return summary
}

/** Certificates already read for a slot (a retried job's earlier attempts). */
async function countSlotReads(sql: Sql, jurisdiction: JurisdictionCode, slot: string, now: Date): Promise<number> {
	const [row] = await sql<{ n: number }[]>`
		SELECT count(*)::int AS n FROM register_reads
		WHERE jurisdiction_code = ${jurisdiction} AND publication = 'certificate' AND started_at > ${new Date(now.getTime() - SLOT_HISTORY_DAYS * DAY_MS)}
			AND counts->>'slot' = ${slot}`
	return row?.n ?? 0
}

/**
 * Runs `work` holding the jurisdiction's certificate batch lock (session level, on a reserved
 * connection, so a process that dies releases it); null when another batch holds it.
 */
async function holdingBatchLock<T>(sql: Sql, jurisdiction: JurisdictionCode, work: () => Promise<T>): Promise<T | null> {
	const key = `certificates:${jurisdiction}`
	const reserved = await sql.reserve()
	try {
		const [row] = await reserved<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`
		if (!row?.locked) return null
		try {
			return await work()
		} finally {
			await reserved`SELECT pg_advisory_unlock(hashtext(${key}))`.catch(() => {})
		}
	} finally {
		reserved.release()
	}
}

async function fetchCertificate(
	deps: CertificateDeps,
	scope: FetchScope,
	adapter: CertificateAdapter,
	licence: Licence,
	page: { certificateUrl: string; fetchUrl: string }
): Promise<Reading> {
	const { certificateUrl, fetchUrl } = page
	let response: Awaited<ReturnType<CertificateDeps['fetcher']>>
	try {
		response = await fetchCanonical(deps.fetcher, deps.sources, scope, certificateUrl, null)
	} catch (error) {
		if (error instanceof FetchFailedError) return { kind: 'failed', httpStatus: error.httpStatus, reason: error.reason, snapshot: null }
		return { kind: 'failed', httpStatus: null, reason: 'network_error', snapshot: null }
	}
	if (response.status !== 'ok')
		return { kind: 'failed', httpStatus: response.httpStatus, reason: 'not_modified_without_snapshot', snapshot: null }
	const snapshot = { sha256: sha256Hex(response.bytes), bytes: response.bytes, contentType: response.contentType }
	let certificate: ReturnType<CertificateAdapter['readCertificate']>
	try {
		certificate = adapter.readCertificate({ url: fetchUrl, bytes: response.bytes, contentType: response.contentType })
	} catch (error) {
		return {
			kind: 'failed',
			httpStatus: response.httpStatus,
			reason: `parse_error: ${(error as { reason?: string }).reason ?? 'malformed'}`,
			snapshot
		}
	}
	// A page naming another licence (a token shared or reused) says nothing about this one.
	const named = certificate.page.licenseNumber
	if (named !== null && numberKey(named) !== numberKey(licence.license_number)) {
		return { kind: 'failed', httpStatus: response.httpStatus, reason: `licence_mismatch: the page names ${named}`, snapshot }
	}
	return { kind: 'read', httpStatus: response.httpStatus, page: certificate.page, listing: certificate.listing, snapshot }
}

const numberKey = (printed: string) => printed.replace(/\s+/g, '').toUpperCase()

type RecordContext = {
	jurisdiction: JurisdictionCode
	licence: Licence
	certificateUrl: string
	fetchUrl: string
	readAt: Date
	reading: Reading
	batch: BatchContext
}

/** One certificate's fetch, links and readings, in one transaction under the jurisdiction's reader lock. */
async function recordReading(tx: TransactionSql, context: RecordContext): Promise<{ inserted: number; updated: number; delisted: number }> {
	const { jurisdiction, licence, certificateUrl, fetchUrl, readAt, reading, batch } = context
	// Waits for a register run of the jurisdiction rather than interleaving with it.
	await tx`SELECT pg_advisory_xact_lock(hashtext(${`reader:${jurisdiction}`}))`
	if (reading.snapshot) await fileSnapshots(tx, [{ ...reading.snapshot, fetchedAt: readAt }])
	const listed = reading.kind === 'read' && reading.listing === 'listed' ? listedHosts(reading.page.domains) : []
	const counts = {
		license_id: licence.id,
		license_number: licence.license_number,
		page_status: reading.kind === 'read' ? reading.page.pageStatus : null,
		listing: reading.kind === 'read' ? reading.listing : null,
		domains: listed.length,
		slot: batch.slot,
		register_read_at: batch.registerReadAt?.toISOString() ?? null
	}
	await tx`
		INSERT INTO register_reads (id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, http_status,
			snapshot_sha256, snapshot_size, outcome, failure_reason, counts)
		VALUES (${crypto.randomUUID()}, ${jurisdiction}, 'certificate', ${fetchUrl}, ${readAt}, ${reading.snapshot ? readAt : null}, ${readAt},
			${reading.httpStatus}, ${reading.snapshot?.sha256 ?? null}, ${reading.snapshot?.bytes.length ?? null}, ${reading.kind === 'read' ? 'succeeded' : 'failed'},
			${reading.kind === 'failed' ? reading.reason : null}, ${JSON.stringify(counts)}::text::jsonb)`
	if (reading.kind === 'failed') {
		// Recorded against the licence's links without touching them (as a seal that cannot be read): a
		// page that did not load is no read at all, neither a listing nor a miss of any domain.
		await tx`
			INSERT INTO verification_readings (id, domain_link_id, url, read_at, http_status, page_status, snapshot_sha256)
			SELECT gen_random_uuid(), d.id, ${fetchUrl}, ${readAt}, ${reading.httpStatus}, NULL, ${reading.snapshot?.sha256 ?? null}
			FROM domain_links d WHERE d.jurisdiction_code = ${jurisdiction} AND d.license_id = ${licence.id} AND d.link_status <> 'delisted'`
		return { inserted: 0, updated: 0, delisted: 0 }
	}
	const pageStatus = reading.page.pageStatus
	let inserted = 0
	let updated = 0
	if (listed.length > 0) {
		// A host another licence of the operator already holds as an active link stays with that licence.
		const upserted = await tx<{ inserted: boolean }[]>`
			INSERT INTO domain_links AS d (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status, association,
				upstream_value, verification_url, verification_page_status, verification_page_read_at, first_seen_at, last_listed_at, updated_at)
			SELECT gen_random_uuid(), ${licence.operator_id}, ${licence.id}, ${jurisdiction}, x.hostname, x.registrable_domain, 'active', 'direct',
				x.upstream_value, ${certificateUrl}, ${pageStatus}, ${readAt}, ${readAt}, ${readAt}, ${readAt}
			FROM unnest(${listed.map((host) => host.hostname)}::text[], ${listed.map((host) => host.registrableDomain)}::text[], ${listed.map((host) => host.printed)}::text[])
				AS x(hostname, registrable_domain, upstream_value)
			ON CONFLICT (jurisdiction_code, operator_id, hostname) DO UPDATE SET
				license_id = excluded.license_id, link_status = 'active', association = 'direct', upstream_value = excluded.upstream_value,
				verification_url = excluded.verification_url, verification_page_status = excluded.verification_page_status,
				verification_page_read_at = excluded.verification_page_read_at, last_listed_at = excluded.last_listed_at, updated_at = excluded.updated_at
			WHERE d.license_id IS NOT DISTINCT FROM excluded.license_id OR d.license_id IS NULL OR d.link_status = 'delisted'
			RETURNING (xmax = 0) AS inserted`
		inserted = upserted.filter((row) => row.inserted).length
		updated = upserted.length - inserted
	}
	let delisted = 0
	if (reading.listing !== 'silent') {
		const gone = await tx`
			UPDATE domain_links SET link_status = 'delisted', last_listed_at = NULL, verification_page_status = ${pageStatus},
				verification_page_read_at = ${readAt}, updated_at = ${readAt}
			WHERE jurisdiction_code = ${jurisdiction} AND license_id = ${licence.id} AND link_status <> 'delisted'
				AND hostname <> ALL(${listed.map((host) => host.hostname)}::text[])`
		delisted = gone.count
	} else {
		// The page says nothing about the domains: they stay as they are, showing what the page read and when.
		const noted = await tx`
			UPDATE domain_links SET verification_page_status = ${pageStatus}, verification_page_read_at = ${readAt}
			WHERE jurisdiction_code = ${jurisdiction} AND license_id = ${licence.id} AND link_status <> 'delisted'`
		updated += noted.count
	}
	await tx`
		INSERT INTO verification_readings (id, domain_link_id, url, read_at, http_status, page_status, snapshot_sha256)
		SELECT gen_random_uuid(), d.id, ${fetchUrl}, ${readAt}, ${reading.httpStatus}, ${pageStatus}, ${reading.snapshot.sha256}
		FROM domain_links d WHERE d.jurisdiction_code = ${jurisdiction} AND d.license_id = ${licence.id} AND d.verification_page_read_at = ${readAt}`
	return { inserted, updated, delisted }
}

type ListedHost = { hostname: string; registrableDomain: string; printed: string }

function listedHosts(domains: readonly string[]): ListedHost[] {
	const hosts = new Map<string, ListedHost>()
	for (const printed of domains) {
		const normalised = normaliseHostname(printed)
		if (!normalised.ok || hosts.has(normalised.domain)) continue
		hosts.set(normalised.domain, { hostname: normalised.domain, registrableDomain: siteKey(normalised.domain), printed })
	}
	return [...hosts.values()]
}
