import type { TransactionSql } from '@lv/db'
import type { LinkObservations } from '../reconcile/types.ts'

/** Links per chunk written to COPY. */
const COPY_CHUNK = 5_000

export type LinkChanges = { inserted: number; updated: number; delisted: number }

/**
 * Brings a jurisdiction's stored domain links in line with the links a read lists, comparing them
 * inside PostgreSQL: the observations are copied into a temporary table (dropped at commit), then three set-based statements insert the new links, rewrite the changed ones and delist
 * the ones no longer listed. A stored link keeps its id, first_seen_at and registrable domain.
 * Every listed link gets last_listed_at = now; a delisted one has none.
 */
export async function applyLinks(
	tx: TransactionSql,
	links: LinkObservations,
	jurisdiction: string,
	now: Date,
	step: (name: string) => void = () => {}
): Promise<LinkChanges> {
	await tx`
		CREATE TEMPORARY TABLE observed_links (
			operator_id uuid NOT NULL, hostname text NOT NULL, registrable_domain text NOT NULL, license_id uuid,
			link_status text NOT NULL, association text, upstream_value text, verification_url text
		) ON COMMIT DROP`
	await copyLinks(tx, links)
	step('domains_fill')
	const delisted = await tx`
		UPDATE domain_links d SET link_status = 'delisted', last_listed_at = NULL, updated_at = ${now}
		WHERE d.jurisdiction_code = ${jurisdiction} AND d.link_status <> 'delisted'
			AND NOT EXISTS (SELECT 1 FROM observed_links o WHERE o.operator_id = d.operator_id AND o.hostname = d.hostname)`
	const updated = await tx`
		UPDATE domain_links d SET license_id = o.license_id, link_status = o.link_status, association = o.association,
			upstream_value = o.upstream_value, verification_url = o.verification_url,
			last_listed_at = CASE WHEN o.link_status <> 'delisted' THEN ${now}::timestamptz END, updated_at = ${now}
		FROM observed_links o
		WHERE d.jurisdiction_code = ${jurisdiction} AND d.operator_id = o.operator_id AND d.hostname = o.hostname
			AND (d.license_id IS DISTINCT FROM o.license_id OR d.link_status <> o.link_status OR d.association IS DISTINCT FROM o.association
				OR d.upstream_value IS DISTINCT FROM o.upstream_value OR d.verification_url IS DISTINCT FROM o.verification_url
				OR (d.last_listed_at IS NULL) <> (o.link_status = 'delisted'))`
	step('domains_update')
	// Sorted by the unique key, so index insertions walk the btrees in order.
	const inserted = await tx`
		INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status, association,
			upstream_value, verification_url, first_seen_at, last_listed_at, updated_at)
		SELECT gen_random_uuid(), o.operator_id, o.license_id, ${jurisdiction}, o.hostname, o.registrable_domain, o.link_status, o.association,
			o.upstream_value, o.verification_url, ${now}, CASE WHEN o.link_status <> 'delisted' THEN ${now}::timestamptz END, ${now}
		FROM observed_links o
		WHERE NOT EXISTS (SELECT 1 FROM domain_links d WHERE d.jurisdiction_code = ${jurisdiction} AND d.operator_id = o.operator_id AND d.hostname = o.hostname)
		ORDER BY o.operator_id, o.hostname`
	step('domains_insert')
	// Every link still listed was listed by this read (unlisted ones were delisted above).
	await tx`
		UPDATE domain_links SET last_listed_at = ${now}
		WHERE jurisdiction_code = ${jurisdiction} AND link_status <> 'delisted' AND last_listed_at IS DISTINCT FROM ${now}`
	step('domains_stamp')
	return { inserted: inserted.count, updated: updated.count, delisted: delisted.count }
}

const NEEDS_ESCAPE = /[\\\t\n\r]/

/** A value in COPY's text format: backslash, tab and line breaks escaped, null as \N. */
function copyValue(value: string | null): string {
	if (value === null) return '\\N'
	if (!NEEDS_ESCAPE.test(value)) return value
	return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

/** COPY ... FROM STDIN in chunks of lines: several times faster than unnest arrays for 200,000 rows. */
async function copyLinks(tx: TransactionSql, links: LinkObservations): Promise<void> {
	const stream = await tx`
		COPY observed_links (operator_id, hostname, registrable_domain, license_id, link_status, association, upstream_value, verification_url)
		FROM STDIN`.writable()
	const finished = new Promise<void>((resolve, reject) => {
		stream.on('finish', resolve)
		stream.on('error', reject)
	})
	// Observed so an error raised while writing (before the await below) is not left unhandled.
	finished.catch(() => {})
	let lines: string[] = []
	for (let i = 0; i < links.hostnames.length; i++) {
		lines.push(
			`${links.operatorIds[i]}\t${copyValue(links.hostnames[i] as string)}\t${copyValue(links.registrableDomains[i] as string)}\t${copyValue(links.licenseIds[i] ?? null)}\t${links.linkStatuses[i]}\t${copyValue(links.associations[i] ?? null)}\t${copyValue(links.upstreamValues[i] as string)}\t${copyValue(links.verificationUrls[i] ?? null)}\n`
		)
		if (lines.length === COPY_CHUNK) {
			if (!stream.write(lines.join(''))) await new Promise((resolve) => stream.once('drain', resolve))
			lines = []
		}
	}
	if (lines.length > 0) stream.write(lines.join(''))
	stream.end()
	await finished
}
