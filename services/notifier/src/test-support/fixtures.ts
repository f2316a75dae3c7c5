import { randomBytes } from 'node:crypto'
import type { EventEnvelope, EventName } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { encryptSecret, generateSecret } from '@lv/webhooks'
import { newEvent } from '../new-event.ts'

/** A fresh at-rest key per test file, written as WEBHOOK_SECRET_KEY would be. */
export const testSecretKey = (): string => randomBytes(32).toString('hex')

export async function insertAccount(sql: Sql, now: Date, plan = 'starter'): Promise<string> {
	const id = crypto.randomUUID()
	await sql`INSERT INTO accounts (id, name, plan_code, created_at) VALUES (${id}, ${`account ${id.slice(0, 8)}`}, ${plan}, ${now})`
	return id
}

export type OperatorRow = { id: string; slug: string }

export async function insertOperator(sql: Sql, now: Date, slug = `op-${crypto.randomUUID().slice(0, 8)}`): Promise<OperatorRow> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO operators (id, slug, display_name, registered_name, country, created_at, updated_at)
		VALUES (${id}, ${slug}, ${`Operator ${slug}`}, ${`${slug} Ltd`}, 'MT', ${now}, ${now})`
	return { id, slug }
}

export type LicenceInput = { operatorId: string; status?: string; expiryDate?: string | null; jurisdiction?: string; number?: string }

export async function insertLicence(sql: Sql, now: Date, input: LicenceInput): Promise<string> {
	const id = crypto.randomUUID()
	const number = input.number ?? `MGA/B2C/${Math.floor(Math.random() * 1e6)}`
	await sql`
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, status,
			expiry_date, last_verified_at, source_url, first_observed_at, created_at, updated_at)
		VALUES (${id}, ${input.operatorId}, ${input.jurisdiction ?? 'MGA'}, ${id}, ${number}, ${number.toLowerCase()}, ${input.status ?? 'active'},
			${input.expiryDate ?? null}, ${now}, 'https://register.example/licences', ${now}, ${now}, ${now})`
	return id
}

export async function insertHistory(
	sql: Sql,
	now: Date,
	licenseId: string,
	eventId: string | null,
	correctedAt: Date | null = null
): Promise<string> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url, detected_by, event_id, corrected_at)
		VALUES (${id}, ${licenseId}, ${now}, 'active', 'suspended', 'status_change', 'https://register.example', 'test', ${eventId}, ${correctedAt})`
	return id
}

export const watch = async (sql: Sql, now: Date, accountId: string, operatorId: string) => {
	await sql`INSERT INTO watchlist_entries (id, account_id, operator_id, added_at) VALUES (${crypto.randomUUID()}, ${accountId}, ${operatorId}, ${now})`
}

export type EndpointInput = {
	accountId: string
	url: string
	events: readonly string[]
	watchlistOnly?: boolean
	active?: boolean
	secretKey: string
	/** Secrets to store; one fresh secret without expiry when omitted. */
	secrets?: { secret: string; createdAt: Date; expiresAt: Date | null }[]
}

export async function insertEndpoint(sql: Sql, now: Date, input: EndpointInput): Promise<{ id: string; secrets: string[] }> {
	const id = crypto.randomUUID()
	await sql`
		INSERT INTO webhook_endpoints (id, account_id, url, events, active, watchlist_only, created_at, updated_at)
		VALUES (${id}, ${input.accountId}, ${input.url}, ${`{${input.events.join(',')}}`}::text[], ${input.active ?? true},
			${input.watchlistOnly ?? true}, ${now}, ${now})`
	const secrets = input.secrets ?? [{ secret: generateSecret(), createdAt: now, expiresAt: null }]
	for (const secret of secrets) {
		await sql`
			INSERT INTO webhook_secrets (id, endpoint_id, ciphertext, created_at, expires_at)
			VALUES (${crypto.randomUUID()}, ${id}, ${encryptSecret(secret.secret, input.secretKey, id)}, ${secret.createdAt}, ${secret.expiresAt})`
	}
	return { id, secrets: secrets.map((secret) => secret.secret) }
}

/** A licence event as the reader's relay would publish it. */
export function licenceEvent(
	name: Extract<EventName, `license.${string}`>,
	keys: { operatorId: string; licenseId: string; operatorSlug?: string; historyId?: string },
	at: Date
): EventEnvelope {
	return newEvent(
		name,
		{
			license_id: keys.licenseId,
			license_number: 'MGA/B2C/123/2020',
			operator_id: keys.operatorId,
			operator_slug: keys.operatorSlug ?? 'operator',
			jurisdiction_code: 'MGA',
			previous_status: 'active',
			new_status: 'suspended',
			changed_at: at.toISOString(),
			source_url: 'https://register.example/licences',
			...(keys.historyId === undefined ? {} : { history_id: keys.historyId })
		},
		at
	)
}

export const coverageEvent = (at: Date): EventEnvelope =>
	newEvent('coverage.degraded', { jurisdiction_code: 'MGA', status: 'degraded', fresh: false, age_hours: 50, sla_hours: 48 }, at)
