import type { Sql, TransactionSql } from '@lv/db'
import { AppError, invalidQuery, notFound } from '@lv/errors'
import { deleteEndpointDeliveries } from '@lv/notification-store'
import { EVENT_NAMES, activeSecrets, checkWebhookUrl, decryptSecret, encryptSecret, generateSecret, rotationExpiry } from '@lv/webhooks'
import type { Plan } from '../limits/plan.ts'
import { holdsNul } from '../stored-text.ts'
import type { ResolvedWebhookSettings } from './webhook-settings.ts'

export const MAX_DESCRIPTION_LENGTH = 500

export type WebhookEndpoint = {
	id: string
	url: string
	description: string | null
	events: string[]
	active: boolean
	watchlist_only: boolean
	created_at: string
	last_delivered_at: string | null
	last_delivery_status: 'success' | 'failed' | 'retrying' | null
	failure_count: number
}

type EndpointRow = {
	id: string
	url: string
	description: string | null
	events: string[]
	active: boolean
	watchlist_only: boolean
	created_at: Date
	last_delivered_at: Date | null
	last_delivery_status: WebhookEndpoint['last_delivery_status']
	failure_count: number
	missed_deliveries: number
}

const present = (row: EndpointRow): WebhookEndpoint => ({
	id: row.id,
	url: row.url,
	description: row.description,
	events: row.events,
	active: row.active,
	watchlist_only: row.watchlist_only,
	created_at: row.created_at.toISOString(),
	last_delivered_at: row.last_delivered_at?.toISOString() ?? null,
	last_delivery_status: row.last_delivery_status,
	failure_count: row.failure_count
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const webhookNotFound = () => notFound('webhook_not_found', 'No webhook endpoint with this id on your account.', 'id')

/** The URL policy (SPEC "Endpoint URL policy"); returns the URL as it will be called. */
export async function checkEndpointUrl(url: string, settings: ResolvedWebhookSettings): Promise<string> {
	const checked = await checkWebhookUrl(url, { resolve: settings.resolve, allowList: settings.allowList })
	return checked.url.href
}

/** Known event names (the reserved webhook.endpoint_degraded included), de-duplicated in SPEC order. */
export function parseEventNames(events: readonly string[]): string[] {
	const unknown = events.filter((name) => !(EVENT_NAMES as readonly string[]).includes(name))
	if (unknown.length > 0) {
		throw invalidQuery('invalid_event_type', `Unknown event name: ${unknown.slice(0, 3).join(', ')}.`, 'events', {
			valid_events: [...EVENT_NAMES]
		})
	}
	if (events.length === 0) throw invalidQuery('invalid_input', 'List at least one event name.', 'events')
	return EVENT_NAMES.filter((name) => events.includes(name))
}

export function parseDescription(description: string | null | undefined): string | null | undefined {
	if (typeof description === 'string' && description.length > MAX_DESCRIPTION_LENGTH) {
		throw invalidQuery('invalid_input', `\`description\` is at most ${MAX_DESCRIPTION_LENGTH} characters.`, 'description')
	}
	if (typeof description === 'string' && holdsNul(description))
		throw invalidQuery('invalid_input', '`description` cannot hold a NUL character.', 'description')
	return description
}

const ENDPOINT_LOCK_SPACE = 7_202_642

/** Serialises the account's changes of which endpoints are active, so the plan's cap holds across concurrent ones. */
async function lockAccountEndpoints(tx: TransactionSql, accountId: string): Promise<void> {
	await tx`SELECT pg_advisory_xact_lock(${ENDPOINT_LOCK_SPACE}, hashtext(${accountId}))`
}

/**
 * 403 webhook_quota_exceeded when the account already has the plan's number of active endpoints.
 * Run under `lockAccountEndpoints`, taken before any endpoint row (the order every writer keeps).
 */
async function assertActiveCapacity(tx: TransactionSql, accountId: string, plan: Plan, excludeId: string | null): Promise<void> {
	const cap = plan.webhookCap
	if (cap === null) return
	const [usage] = await tx<{ n: number }[]>`
		SELECT count(*)::int AS n FROM webhook_endpoints WHERE account_id = ${accountId} AND active AND id IS DISTINCT FROM ${excludeId}::uuid`
	const used = usage?.n ?? 0
	if (used >= cap) {
		throw new AppError({
			status: 403,
			code: 'quota_exceeded',
			reason: 'webhook_quota_exceeded',
			message: `The ${plan.name} plan allows ${cap} active webhook endpoint${cap === 1 ? '' : 's'}.`,
			extras: {
				current_usage: used,
				limit: cap,
				plan_tier: plan.code,
				suggestion: 'Deactivate or delete an endpoint, or move to a larger plan.'
			}
		})
	}
}

export type CreateEndpointInput = {
	accountId: string
	plan: Plan
	url: string
	events: readonly string[]
	watchlistOnly?: boolean
	description?: string | null
	now: Date
}

/** SPEC order: URL policy, then event names, then the plan check; the raw secret is returned once and stored encrypted. */
export async function createEndpoint(
	sql: Sql,
	settings: ResolvedWebhookSettings,
	input: CreateEndpointInput
): Promise<WebhookEndpoint & { secret: string }> {
	const url = await checkEndpointUrl(input.url, settings)
	const events = parseEventNames(input.events)
	const description = parseDescription(input.description) ?? null
	const secret = generateSecret()
	const row = await sql.begin(async (tx) => {
		await lockAccountEndpoints(tx, input.accountId)
		await assertActiveCapacity(tx, input.accountId, input.plan, null)
		const id = crypto.randomUUID()
		const [created] = await tx<EndpointRow[]>`
			INSERT INTO webhook_endpoints (id, account_id, url, description, events, active, watchlist_only, created_at, updated_at)
			VALUES (${id}, ${input.accountId}, ${url}, ${description}, ${`{${events.join(',')}}`}::text[], true,
				${input.watchlistOnly ?? true}, ${input.now}, ${input.now})
			RETURNING *`
		await tx`
			INSERT INTO webhook_secrets (id, endpoint_id, ciphertext, created_at, expires_at)
			VALUES (${crypto.randomUUID()}, ${id}, ${encryptSecret(secret, settings.secretKeys, id)}, ${input.now}, NULL)`
		return created
	})
	if (!row) throw new Error('endpoint insert returned nothing')
	return { ...present(row), secret }
}

export async function listEndpoints(sql: Sql, accountId: string): Promise<WebhookEndpoint[]> {
	const rows = await sql<EndpointRow[]>`SELECT * FROM webhook_endpoints WHERE account_id = ${accountId} ORDER BY created_at, id`
	return rows.map(present)
}

/** The caller's endpoint, or 404 webhook_not_found (also for another account's id and for a malformed id). */
export async function findEndpoint(sql: Sql, accountId: string, id: string): Promise<EndpointRow> {
	if (!UUID.test(id)) throw webhookNotFound()
	const [row] = await sql<EndpointRow[]>`SELECT * FROM webhook_endpoints WHERE id = ${id} AND account_id = ${accountId}`
	if (!row) throw webhookNotFound()
	return row
}

export type EndpointPatch = {
	url?: string
	events?: readonly string[]
	active?: boolean
	watchlist_only?: boolean
	description?: string | null
}

/**
 * Only the fields sent change; `description: null` clears it; a new `url` passes the URL policy again; re-activation is plan-checked.
 * The fields not sent, and whether the endpoint is active, are read with its row locked, so a concurrent change of
 * another field is kept and the plan check sees the endpoint as it is written.
 */
export async function updateEndpoint(
	sql: Sql,
	settings: ResolvedWebhookSettings,
	input: { accountId: string; plan: Plan; id: string; patch: EndpointPatch; now: Date }
): Promise<WebhookEndpoint> {
	await findEndpoint(sql, input.accountId, input.id)
	const { patch } = input
	const url = patch.url === undefined ? undefined : await checkEndpointUrl(patch.url, settings)
	const events = patch.events === undefined ? undefined : parseEventNames(patch.events)
	const description = patch.description === undefined ? undefined : (parseDescription(patch.description) ?? null)
	const row = await sql.begin(async (tx) => {
		if (patch.active === true) await lockAccountEndpoints(tx, input.accountId)
		const [current] = await tx<EndpointRow[]>`
			SELECT * FROM webhook_endpoints WHERE id = ${input.id} AND account_id = ${input.accountId} FOR NO KEY UPDATE`
		if (!current) return undefined
		if (patch.active === true && !current.active) await assertActiveCapacity(tx, input.accountId, input.plan, current.id)
		const [updated] = await tx<EndpointRow[]>`
			UPDATE webhook_endpoints SET
				url = ${url ?? current.url},
				events = ${`{${(events ?? current.events).join(',')}}`}::text[],
				description = ${description === undefined ? current.description : description},
				active = ${patch.active ?? current.active},
				watchlist_only = ${patch.watchlist_only ?? current.watchlist_only},
				updated_at = ${input.now}
			WHERE id = ${current.id}
			RETURNING *`
		return updated
	})
	if (!row) throw webhookNotFound()
	return present(row)
}

/** Deletes the endpoint with its secrets and its whole delivery history, pending deliveries included. */
export async function deleteEndpoint(sql: Sql, accountId: string, id: string): Promise<void> {
	if (!UUID.test(id)) throw webhookNotFound()
	const deleted = await sql.begin(async (tx) => {
		// NO KEY UPDATE lets a delivery inserted meanwhile (a resend holding its delivery row) take its foreign key's
		// KEY SHARE and finish, instead of deadlocking with this deletion; the cascade then removes that row too.
		const owned = await tx`SELECT 1 FROM webhook_endpoints WHERE id = ${id} AND account_id = ${accountId} FOR NO KEY UPDATE`
		if (owned.length === 0) return false
		await deleteEndpointDeliveries(tx, id)
		await tx`DELETE FROM webhook_secrets WHERE endpoint_id = ${id}`
		await tx`DELETE FROM webhook_endpoints WHERE id = ${id}`
		return true
	})
	if (!deleted) throw webhookNotFound()
}

export type RotatedSecret = { secret: string; previous_secret_expires_at: string | null }

/**
 * Issues a new active secret; every secret without an expiry gets one 7 days from now and keeps
 * signing until then. A secret already expiring keeps its earlier expiry.
 */
export async function rotateSecret(
	sql: Sql,
	settings: ResolvedWebhookSettings,
	input: { accountId: string; id: string; now: Date }
): Promise<RotatedSecret> {
	const endpoint = await findEndpoint(sql, input.accountId, input.id)
	const secret = generateSecret()
	const expiry = rotationExpiry(input.now)
	const expiring = await sql.begin(async (tx) => {
		// A deletion may have committed since the read above: a secret for a gone endpoint is a 404.
		const [locked] = await tx`SELECT id FROM webhook_endpoints WHERE id = ${endpoint.id} FOR UPDATE`
		if (!locked) throw webhookNotFound()
		const previous = await tx`
			UPDATE webhook_secrets SET expires_at = ${expiry}
			WHERE endpoint_id = ${endpoint.id} AND expires_at IS NULL
			RETURNING id`
		await tx`
			INSERT INTO webhook_secrets (id, endpoint_id, ciphertext, created_at, expires_at)
			VALUES (${crypto.randomUUID()}, ${endpoint.id}, ${encryptSecret(secret, settings.secretKeys, endpoint.id)}, ${input.now}, NULL)`
		return previous.length > 0
	})
	return { secret, previous_secret_expires_at: expiring ? expiry.toISOString() : null }
}

/** Plain secrets of the endpoint that sign at `now`, newest first. */
export async function activeSecretsOf(sql: Sql, settings: ResolvedWebhookSettings, endpointId: string, now: Date): Promise<string[]> {
	const rows = await sql<{ ciphertext: Uint8Array; created_at: Date; expires_at: Date | null }[]>`
		SELECT ciphertext, created_at, expires_at FROM webhook_secrets WHERE endpoint_id = ${endpointId} ORDER BY created_at DESC, id`
	const stored = rows.map((row) => ({ ciphertext: row.ciphertext, createdAt: row.created_at, expiresAt: row.expires_at }))
	return activeSecrets(stored, now).map((row) => decryptSecret(row.ciphertext, settings.secretKeys, endpointId))
}

export type EndpointRecord = EndpointRow
