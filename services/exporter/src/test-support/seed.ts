import type { Sql } from '@lv/db'

/** Register rows for exporter tests, with every NOT NULL column filled as a reader run fills it. */
export const registerUrl = (code: string) => `https://registers.example/${code.toLowerCase()}/register`

export type SeededLicence = { id: string; operatorId: string; jurisdiction: string }

export function seeder(sql: Sql, readAt: Date) {
	return {
		async operator(slug: string, displayName: string, upstreamIds: Record<string, string> = {}): Promise<string> {
			const id = crypto.randomUUID()
			await sql`
				INSERT INTO operators (id, slug, display_name, registered_name, country, upstream_ids, created_at, updated_at)
				VALUES (${id}, ${slug}, ${displayName}, ${`${displayName} Limited`}, 'GB', ${sql.json(upstreamIds)}, ${readAt}, ${readAt})`
			return id
		},

		async licence(
			operatorId: string,
			fields: {
				number: string
				jurisdiction?: string
				status?: string
				statusSourceUrl?: string | null
				verifiedAt?: Date
				types?: string[]
				expiry?: string | null
			}
		): Promise<SeededLicence> {
			const id = crypto.randomUUID()
			const code = fields.jurisdiction ?? 'UKGC'
			const status = fields.status ?? 'active'
			const verifiedAt = fields.verifiedAt ?? readAt
			const statusSource = fields.statusSourceUrl === undefined ? registerUrl(code) : fields.statusSourceUrl
			await sql`
				INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key,
					license_reference_is_ours, status, upstream_status, license_types, license_type_raw, license_category,
					issued_date, expiry_date, not_listed_since, last_verified_at, last_listed_at, source_url, status_source_url,
					status_observed_at, first_observed_at, created_at, updated_at)
				VALUES (${id}, ${operatorId}, ${code}, ${fields.number}, ${fields.number}, ${fields.number.toLowerCase()},
					${['KH', 'TGC', 'IOM'].includes(code)}, ${status}, ${status === 'not_in_register' ? null : 'Active'},
					${fields.types ?? ['Remote']}, ${(fields.types ?? ['Remote']).join(', ')}, 'remote', '2020-01-15', ${fields.expiry ?? null},
					${status === 'not_in_register' ? verifiedAt : null}, ${verifiedAt}, ${verifiedAt}, ${registerUrl(code)}, ${statusSource},
					${statusSource === null ? null : verifiedAt}, ${readAt}, ${readAt}, ${readAt})`
			return { id, operatorId, jurisdiction: code }
		},

		async history(licence: SeededLicence, fields: { at: Date; status: string; sha?: string | null; correctedAt?: Date | null }) {
			await sql`
				INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url,
					detected_by, snapshot_sha256, snapshot_fetched_at, corrected_at)
				VALUES (${crypto.randomUUID()}, ${licence.id}, ${fields.at}, NULL, ${fields.status}, 'created', ${registerUrl(licence.jurisdiction)},
					'reader', ${fields.sha ?? null}, ${fields.sha ? fields.at : null}, ${fields.correctedAt ?? null})`
		},

		async link(
			operatorId: string,
			hostname: string,
			fields: { licence?: SeededLicence | null; jurisdiction?: string; status?: string; verificationUrl?: string; pageStatus?: string } = {}
		) {
			const status = fields.status ?? 'active'
			await sql`
				INSERT INTO domain_links (id, operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status,
					association, upstream_value, verification_url, verification_page_status, verification_page_read_at,
					first_seen_at, last_listed_at, updated_at)
				VALUES (${crypto.randomUUID()}, ${operatorId}, ${fields.licence?.id ?? null},
					${fields.licence?.jurisdiction ?? fields.jurisdiction ?? 'UKGC'}, ${hostname}, ${hostname.replace(/^www\./, '')}, ${status},
					'direct', ${hostname}, ${fields.verificationUrl ?? null}, ${fields.pageStatus ?? null},
					${fields.pageStatus ? readAt : null}, ${readAt}, ${status === 'active' ? readAt : null}, ${readAt})`
		},

		/** A successful register read on file, as the reader records it. */
		async registerRead(code: string, at: Date = readAt) {
			await sql`
				INSERT INTO register_reads (id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, http_status, outcome)
				VALUES (${crypto.randomUUID()}, ${code}, 'register', ${registerUrl(code)}, ${at}, ${at}, ${at}, 200, 'succeeded')`
		},

		/** What the end of a reader run does to register_status. */
		async finishRun(code: string, at: Date, changed = true) {
			await sql`
				UPDATE register_status SET last_successful_read_at = ${at}, last_attempt_at = ${at}, data_version = data_version + ${changed ? 1 : 0}
				WHERE jurisdiction_code = ${code}`
		}
	}
}
