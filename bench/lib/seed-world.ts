import type { Sql } from '@lv/db'
import { JURISDICTIONS, linkChunks, world } from './synthetic-world.ts'

/** `www.x.bet` → `x.bet`: the synthetic world's hosts are registrable names, some with a www. in front. */
const registrableOf = (hostname: string) => (hostname.startsWith('www.') ? hostname.slice(4) : hostname)

/**
 * The synthetic world of bench/lib/synthetic-world.ts (word-compound operator names and hostnames,
 * so the name stage meets realistic near-misses) written to PostgreSQL for the whole-path benches,
 * every register read an hour ago. The first operator also lists acmebet.co.uk.
 */
export async function seedWorldRegisters(sql: Sql, totalDomains: number): Promise<void> {
	const readAt = new Date(Date.now() - 3_600_000)
	const w = world(totalDomains, readAt)
	await sql`
		INSERT INTO operators (id, slug, display_name, registered_name, created_at, updated_at)
		SELECT id, slug, display_name, registered_name, ${readAt}, ${readAt}
		FROM unnest(${w.operators.map((row) => row.id)}::uuid[], ${w.operators.map((row) => row.slug)}::text[],
			${w.operators.map((row) => row.display_name)}::text[], ${w.operators.map((row) => row.registered_name)}::text[])
			AS t(id, slug, display_name, registered_name)`
	await sql`
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, status,
			upstream_status, license_category, covers_websites, last_verified_at, last_listed_at, source_url, status_source_url,
			status_observed_at, first_observed_at, created_at, updated_at)
		SELECT id, operator_id, code, number, number, replace(number, '-', ''), 'active', 'Active', 'remote', true, ${readAt},
			${readAt}, 'https://registers.example/' || code, 'https://registers.example/' || code, ${readAt}, ${readAt}, ${readAt}, ${readAt}
		FROM unnest(${w.licences.map((row) => row.id)}::uuid[], ${w.licences.map((row) => row.operator_id)}::uuid[],
			${w.licences.map((row) => row.jurisdiction_code)}::text[], ${w.licences.map((row) => row.license_number)}::text[])
			AS t(id, operator_id, code, number)`
	await sql`
		INSERT INTO trading_names (id, operator_id, jurisdiction_code, name, status, first_seen_at, last_seen_at)
		SELECT gen_random_uuid(), operator_id, code, name, 'Active', ${readAt}, ${readAt}
		FROM unnest(${w.tradingNames.map((row) => row.operator_id)}::uuid[], ${w.tradingNames.map((row) => row.jurisdiction_code)}::text[],
			${w.tradingNames.map((row) => row.name)}::text[]) AS t(operator_id, code, name)`
	for (const { code } of JURISDICTIONS)
		for (const chunk of linkChunks(code, w, readAt))
			await sql`
				INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
					association, first_seen_at, last_listed_at, updated_at)
				SELECT gen_random_uuid(), operator_id, license_id, ${code}, hostname, registrable, 'active', 'direct', ${readAt}, ${readAt}, ${readAt}
				FROM unnest(${chunk.map((row) => row.operator_id)}::uuid[], ${chunk.map((row) => row.license_id)}::uuid[],
					${chunk.map((row) => row.hostname)}::text[], ${chunk.map((row) => registrableOf(row.hostname))}::text[])
					AS t(operator_id, license_id, hostname, registrable)`
	const first = w.licences[0]
	if (first)
		await sql`
			INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
				association, first_seen_at, last_listed_at, updated_at)
			VALUES (gen_random_uuid(), ${first.operator_id}, ${first.id}, ${first.jurisdiction_code}, 'acmebet.co.uk', 'acmebet.co.uk',
				'active', 'direct', ${readAt}, ${readAt}, ${readAt})`
	await sql`UPDATE register_status SET last_successful_read_at = ${readAt}, last_attempt_at = ${readAt}, data_version = data_version + 1`
	await sql`ANALYZE`
}
