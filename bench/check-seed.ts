import type { Sql } from '@lv/db'

/** How many domain links each jurisdiction gets; UKGC is the largest register, as in reality. */
export function registerSizes(totalDomains: number): [string, number][] {
	const shares: [string, number][] = [
		['UKGC', 0.6],
		['MGA', 0.2],
		['CW', 0.1],
		['KH', 0.025],
		['AN', 0.025],
		['TGC', 0.025],
		['IOM', 0.025]
	]
	return shares.map(([code, share]) => [code, Math.round(totalDomains * share)])
}

/**
 * A synthetic register written set-based (generate_series), shaped like reader output: one
 * operator and one licence per `domainsPerOperator` domains (500,000 / 50 = 10,000 operators, about
 * twice the real seven registers together), a trading name per operator, every register read
 * an hour ago. Every 4th host is a www. host; the rest are distinct registrable domains.
 * Host i of jurisdiction CODE is `<code>-site<i>.com`; operator 1 of UKGC also lists acmebet.co.uk.
 */
export async function seedSyntheticRegisters(sql: Sql, totalDomains: number, domainsPerOperator = 50): Promise<void> {
	const readAt = new Date(Date.now() - 3_600_000)
	for (const [code, domains] of registerSizes(totalDomains)) {
		const prefix = `${code.toLowerCase()}-op-`
		const operators = Math.max(1, Math.ceil(domains / domainsPerOperator))
		const types = code === 'UKGC' ? ['Remote'] : ['B2C']
		await sql`
			INSERT INTO operators (id, slug, display_name, registered_name, upstream_ids, created_at, updated_at)
			SELECT gen_random_uuid(), ${prefix} || g, 'Operator ' || ${code} || ' ' || g, 'Operator ' || ${code} || ' ' || g || ' Limited',
				'{}'::jsonb, ${readAt}, ${readAt}
			FROM generate_series(1, ${operators}) g`
		await sql`
			INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key,
				license_reference_is_ours, status, upstream_status, license_types, license_type_raw, license_category,
				covers_websites, last_verified_at, last_listed_at, source_url, status_source_url, status_observed_at,
				first_observed_at, created_at, updated_at)
			SELECT gen_random_uuid(), o.id, ${code}, o.slug, ${code} || '-' || lpad(substr(o.slug, ${prefix.length + 1}), 8, '0'),
				${code} || lpad(substr(o.slug, ${prefix.length + 1}), 8, '0'), ${['KH', 'TGC', 'IOM'].includes(code)}, 'active', 'Active',
				${types}, ${types[0] ?? ''}, 'remote', true, ${readAt}, ${readAt}, ${`https://registers.example/${code}`},
				${`https://registers.example/${code}`}, ${readAt}, ${readAt}, ${readAt}, ${readAt}
			FROM operators o WHERE o.slug LIKE ${`${prefix}%`}`
		await sql`
			INSERT INTO trading_names (id, operator_id, jurisdiction_code, name, status, first_seen_at, last_seen_at)
			SELECT gen_random_uuid(), o.id, ${code}, 'Brand ' || ${code} || ' ' || substr(o.slug, ${prefix.length + 1}), 'Active', ${readAt}, ${readAt}
			FROM operators o WHERE o.slug LIKE ${`${prefix}%`}`
		await sql`
			INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
				association, upstream_value, first_seen_at, last_listed_at, updated_at)
			SELECT gen_random_uuid(), l.operator_id, l.id, ${code},
				CASE WHEN g % 4 = 0 THEN 'www.' ELSE '' END || ${code.toLowerCase()} || '-site' || g || '.com',
				${code.toLowerCase()} || '-site' || g || '.com', 'active', 'direct', NULL, ${readAt}, ${readAt}, ${readAt}
			FROM generate_series(1, ${domains}) g
			JOIN licenses l ON l.jurisdiction_code = ${code} AND l.upstream_key = ${prefix} || (((g - 1) % ${operators}) + 1)`
	}
	await sql`
		INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
			association, first_seen_at, last_listed_at, updated_at)
		SELECT gen_random_uuid(), l.operator_id, l.id, 'UKGC', 'acmebet.co.uk', 'acmebet.co.uk', 'active', 'direct', ${readAt}, ${readAt}, ${readAt}
		FROM licenses l WHERE l.upstream_key = 'ukgc-op-1'`
	await sql`UPDATE register_status SET last_successful_read_at = ${readAt}, last_attempt_at = ${readAt}, data_version = data_version + 1`
	await sql`ANALYZE`
}
