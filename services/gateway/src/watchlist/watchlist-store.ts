import type { Sql } from '@lv/db'
import type { LicenceStatus } from '@lv/verdict'
import { AppError, notFound } from '@lv/errors'
import { joinOperatorAndHeadlineLicence, operatorIdBySlug } from '@lv/register-store'
import type { Plan } from '../limits/plan.ts'
import { MAX_SLUG_LENGTH, parseSlug } from '../lookup/params.ts'

export type WatchlistEntry = {
	id: string
	slug: string
	display_name: string
	country: string | null
	added_at: string
	license_status: LicenceStatus | null
	jurisdiction_code: string | null
}

type EntryRow = {
	operator_id: string
	slug: string
	display_name: string
	country: string | null
	added_at: Date
	license_status: LicenceStatus | null
	jurisdiction_code: string | null
}

const present = (row: EntryRow): WatchlistEntry => ({
	id: row.operator_id,
	slug: row.slug,
	display_name: row.display_name,
	country: row.country,
	added_at: row.added_at.toISOString(),
	license_status: row.license_status,
	jurisdiction_code: row.jurisdiction_code
})

/**
 * An entry shows the operator's headline licence: an active one if any, otherwise the most
 * recently verified; `license_status` and `jurisdiction_code` are null when it has none.
 */
const entryColumns = (sql: Sql) => sql`
	o.id AS operator_id, o.slug, o.display_name, o.country, e.added_at,
	headline.status AS license_status, headline.jurisdiction_code`

export async function countEntries(sql: Sql, accountId: string): Promise<number> {
	const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM watchlist_entries WHERE account_id = ${accountId}`
	return row?.n ?? 0
}

/** Entries newest first (ties by slug so pages are stable). */
export async function listEntries(sql: Sql, accountId: string, limit: number, offset: number): Promise<WatchlistEntry[]> {
	const rows = await sql<EntryRow[]>`
		SELECT ${entryColumns(sql)}
		FROM watchlist_entries e ${joinOperatorAndHeadlineLicence(sql, 'e')}
		WHERE e.account_id = ${accountId}
		ORDER BY e.added_at DESC, o.slug
		LIMIT ${limit} OFFSET ${offset}`
	return rows.map(present)
}

const WATCHLIST_LOCK_SPACE = 7_202_641

/**
 * Adds an operator (slug in any letter case). Already listed is 409 watchlist_duplicate; a full
 * watchlist is 403 watchlist_quota_exceeded. A per-account lock keeps concurrent adds within the cap.
 */
export async function addEntry(sql: Sql, input: { accountId: string; slug: string; plan: Plan; now: Date }): Promise<WatchlistEntry> {
	return sql.begin(async (tx) => {
		const operatorId = await operatorIdBySlug(tx, input.slug.toLowerCase())
		if (!operatorId) throw notFound('operator_not_found', `No operator with slug ${input.slug}.`, 'operator_slug')
		await tx`SELECT pg_advisory_xact_lock(${WATCHLIST_LOCK_SPACE}, hashtext(${input.accountId}))`
		const listed = await tx`SELECT 1 FROM watchlist_entries WHERE account_id = ${input.accountId} AND operator_id = ${operatorId}`
		if (listed.length > 0) {
			throw new AppError({
				status: 409,
				code: 'invalid_query',
				reason: 'watchlist_duplicate',
				message: `${input.slug} is already on the watchlist.`,
				field: 'operator_slug'
			})
		}
		const cap = input.plan.watchlistCap
		if (cap !== null) {
			const [usage] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM watchlist_entries WHERE account_id = ${input.accountId}`
			const used = usage?.n ?? 0
			if (used >= cap) {
				throw new AppError({
					status: 403,
					code: 'quota_exceeded',
					reason: 'watchlist_quota_exceeded',
					message: `The ${input.plan.name} plan watches at most ${cap} operators.`,
					extras: {
						current_usage: used,
						limit: cap,
						plan_tier: input.plan.code,
						suggestion: 'Remove an operator or move to a larger plan.'
					}
				})
			}
		}
		await tx`
			INSERT INTO watchlist_entries (id, account_id, operator_id, added_at)
			VALUES (${crypto.randomUUID()}, ${input.accountId}, ${operatorId}, ${input.now})`
		const [row] = await tx<EntryRow[]>`
			SELECT ${entryColumns(tx as unknown as Sql)}
			FROM watchlist_entries e ${joinOperatorAndHeadlineLicence(tx as unknown as Sql, 'e')}
			WHERE e.account_id = ${input.accountId} AND e.operator_id = ${operatorId}`
		if (!row) throw new Error('watchlist entry vanished inside its own transaction')
		return present(row)
	})
}

/** Removes the operator if listed; nothing happens (and nothing fails) otherwise. */
export async function removeEntry(sql: Sql, accountId: string, slug: string): Promise<void> {
	const operatorId = await operatorIdBySlug(sql, slug)
	if (operatorId) await sql`DELETE FROM watchlist_entries WHERE account_id = ${accountId} AND operator_id = ${operatorId}`
}

const DELETE_SLUG = /^[a-z0-9-]+$/

/** `operator_slug` of POST: the operator routes' slug rule, any letter case. */
export const parseOperatorSlug = (raw: string): string => parseSlug(raw, 'operator_slug')

/** Path slug of DELETE: lowercase letters, digits and hyphens only (SPEC). */
export function parseDeleteSlug(raw: string): string {
	if (raw.length === 0 || raw.length > MAX_SLUG_LENGTH || !DELETE_SLUG.test(raw)) {
		throw new AppError({
			status: 400,
			code: 'invalid_slug',
			reason: 'invalid_input',
			message: `The slug must be 1–${MAX_SLUG_LENGTH} lowercase letters, digits or hyphens.`,
			field: 'slug'
		})
	}
	return raw
}
