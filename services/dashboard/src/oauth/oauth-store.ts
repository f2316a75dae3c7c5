import { awaitKeyChangesApplied, issueApiKey, keyLastUse, revokeKeysAmong } from '@lv/accounts'
import { type Clock, DAY, MINUTE } from '@lv/clock'
import type { Sql } from '@lv/db'
import { holdSession } from '../auth/sessions.ts'
import { randomToken, sha256 } from '../auth/tokens.ts'
import { asSql } from '../store/transaction.ts'

/** An authorisation code is exchanged at once by the client that asked for it. */
export const AUTHORIZATION_CODE_TTL_MS = MINUTE
/** A refresh token not used within this is dead; each use replaces it (rotation). */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY

export type OAuthClient = { id: string; clientName: string; redirectUris: string[]; createdAt: Date }

export type GrantRevocation = 'user' | 'refresh_token_reuse' | 'authorization_code_reuse' | 'sign_out_everywhere' | 'password_change'

export async function registerClient(sql: Sql, clock: Clock, input: { clientName: string; redirectUris: string[] }): Promise<OAuthClient> {
	const client = { id: `lvc_${randomToken()}`, clientName: input.clientName, redirectUris: input.redirectUris, createdAt: clock.now() }
	await sql`INSERT INTO oauth_clients (id, client_name, redirect_uris, created_at) VALUES (${client.id}, ${client.clientName}, ${client.redirectUris}, ${client.createdAt})`
	return client
}

/** No client id this service issues is longer, or holds a NUL (which PostgreSQL text cannot hold). */
const couldBeClientId = (clientId: string) => clientId.length <= 100 && !clientId.includes('\u0000')

export async function findClient(sql: Sql, clientId: string): Promise<OAuthClient | null> {
	if (!couldBeClientId(clientId)) return null
	const [row] = await sql<{ id: string; client_name: string; redirect_uris: string[]; created_at: Date }[]>`
		SELECT id, client_name, redirect_uris, created_at FROM oauth_clients WHERE id = ${clientId}`
	return row ? { id: row.id, clientName: row.client_name, redirectUris: row.redirect_uris, createdAt: row.created_at } : null
}

export type Approval = {
	/** The session that approved: the approval is refused once it has ended. */
	sessionToken: string
	clientId: string
	clientName: string
	userId: string
	accountId: string
	resource: string
	scope: string
	redirectUri: string
	/** Whether the authorisation request named `redirectUri`. */
	redirectUriNamed: boolean
	codeChallenge: string
}

/** An approval's grant and code, or why none was made. */
export type ApprovalOutcome = { grantId: string; code: string } | 'session_ended' | 'client_gone'

/**
 * The user's approval: a grant owning a new key of the account (its plaintext is dropped here: calls
 * reach the gateway only with the grant's access tokens), and a one-time code for the client. None when
 * the approving session has ended (a sign-out everywhere or a password change), which then ends no grant
 * made after it, or when the client's registration was deleted unused (oauth-retention.ts) since the
 * consent page was shown; the client's row is held until the grant naming it commits.
 */
export async function approveGrant(sql: Sql, clock: Clock, approval: Approval): Promise<ApprovalOutcome> {
	const code = randomToken()
	const now = clock.now()
	const codeExpiresAt = new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS)
	const grantId = crypto.randomUUID()
	return sql.begin(async (tx): Promise<ApprovalOutcome> => {
		if (!(await holdSession(asSql(tx), approval.sessionToken))) return 'session_ended'
		if ((await tx`SELECT 1 FROM oauth_clients WHERE id = ${approval.clientId} FOR KEY SHARE`).length === 0) return 'client_gone'
		const key = await issueApiKey(asSql(tx), clock, approval.accountId, `Connector: ${approval.clientName}`.slice(0, 100))
		await tx`
			INSERT INTO oauth_grants (id, client_id, user_id, account_id, key_id, resource, scope, created_at, lapses_at)
			VALUES (${grantId}, ${approval.clientId}, ${approval.userId}, ${approval.accountId}, ${key.id}, ${approval.resource}, ${approval.scope}, ${now}, ${codeExpiresAt})`
		await tx`
			INSERT INTO oauth_authorization_codes (code_hash, grant_id, redirect_uri, redirect_uri_named, code_challenge, expires_at)
			VALUES (${sha256(code)}, ${grantId}, ${approval.redirectUri}, ${approval.redirectUriNamed}, ${approval.codeChallenge}, ${codeExpiresAt})`
		await pruneExpired(asSql(tx), now)
		return { grantId, code }
	})
}

/**
 * A spent code is kept a day past its minute (a replay then still revokes its grant); a refresh token until it
 * expires. Pruned at every approval and every refresh, by the `expires_at` indexes.
 */
const SPENT_CODE_RETENTION_MS = DAY

async function pruneExpired(sql: Sql, now: Date): Promise<void> {
	await sql`DELETE FROM oauth_authorization_codes WHERE expires_at < ${new Date(now.getTime() - SPENT_CODE_RETENTION_MS)}`
	await sql`DELETE FROM oauth_refresh_tokens WHERE expires_at < ${now}`
}

export type LiveGrant = { grantId: string; clientId: string; userId: string; accountId: string; resource: string; scope: string }

type GrantRow = {
	grant_id: string
	client_id: string
	user_id: string
	account_id: string
	resource: string
	scope: string
	revoked_at: Date | null
}
const liveGrantOf = (row: GrantRow): LiveGrant => ({
	grantId: row.grant_id,
	clientId: row.client_id,
	userId: row.user_id,
	accountId: row.account_id,
	resource: row.resource,
	scope: row.scope
})

export type CodeRedemption =
	| { outcome: 'redeemed'; grant: LiveGrant; redirectUri: string; redirectUriNamed: boolean; codeChallenge: string }
	| { outcome: 'unknown' | 'expired' | 'grant_revoked' }
	/** Presented a second time: the grant it started is revoked (RFC 6749 §4.1.2), so tokens from the first exchange die too. */
	| { outcome: 'reused' }

/** Marks a code used, once; the caller then checks client, redirect URI and PKCE against what it returns. */
export async function redeemCode(sql: Sql, clock: Clock, code: string): Promise<CodeRedemption> {
	const now = clock.now()
	const redemption = await sql.begin(async (tx): Promise<CodeRedemption> => {
		const [row] = await tx<
			(GrantRow & { redirect_uri: string; redirect_uri_named: boolean; code_challenge: string; expires_at: Date; used_at: Date | null })[]
		>`
			SELECT c.redirect_uri, c.redirect_uri_named, c.code_challenge, c.expires_at, c.used_at, g.id AS grant_id, g.client_id, g.user_id, g.account_id, g.resource, g.scope, g.revoked_at
			FROM oauth_authorization_codes c JOIN oauth_grants g ON g.id = c.grant_id
			WHERE c.code_hash = ${sha256(code)} FOR UPDATE OF c`
		if (!row) return { outcome: 'unknown' }
		if (row.used_at !== null) {
			await revokeGrantIn(asSql(tx), row.grant_id, now, 'authorization_code_reuse')
			return { outcome: 'reused' }
		}
		await tx`UPDATE oauth_authorization_codes SET used_at = ${now} WHERE code_hash = ${sha256(code)}`
		if (row.expires_at <= now) return { outcome: 'expired' }
		if (row.revoked_at !== null) return { outcome: 'grant_revoked' }
		return {
			outcome: 'redeemed',
			grant: liveGrantOf(row),
			redirectUri: row.redirect_uri,
			redirectUriNamed: row.redirect_uri_named,
			codeChallenge: row.code_challenge
		}
	})
	return afterReuseApplied(sql, clock, redemption)
}

/** A reuse revoked the grant and its key: answered once every gateway replica refuses the key (ADR 0031), as the other grant ends are. */
async function afterReuseApplied<T extends { outcome: string }>(sql: Sql, clock: Clock, result: T): Promise<T> {
	if (result.outcome === 'reused') await awaitKeyChangesApplied(sql, clock)
	return result
}

/** A new refresh token for a grant; only its SHA-256 is kept. The grant then lapses no earlier than the token. */
export async function issueRefreshToken(sql: Sql, clock: Clock, grantId: string): Promise<string> {
	const token = randomToken()
	const now = clock.now()
	const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)
	await sql`
		WITH issued AS (
			INSERT INTO oauth_refresh_tokens (token_hash, grant_id, created_at, expires_at)
			VALUES (${sha256(token)}, ${grantId}, ${now}, ${expiresAt})
		)
		UPDATE oauth_grants SET lapses_at = greatest(lapses_at, ${expiresAt}) WHERE id = ${grantId} AND revoked_at IS NULL`
	return token
}

export type RefreshRotation =
	| { outcome: 'rotated'; grant: LiveGrant; refreshToken: string }
	| { outcome: 'unknown' | 'expired' | 'grant_revoked' | 'reused' }

/**
 * Spends a refresh token and issues its successor in one transaction. A token spent before is
 * reuse (a stolen copy, or the client's), and the whole grant is revoked (OAuth 2.1 §4.3.1).
 */
export async function rotateRefreshToken(sql: Sql, clock: Clock, token: string, clientId: string): Promise<RefreshRotation> {
	const now = clock.now()
	// Before the transaction, so a failed prune changes nothing, and every connector's refreshes keep the tables bounded.
	await pruneExpired(sql, now)
	const rotation = await sql.begin(async (tx): Promise<RefreshRotation> => {
		const [row] = await tx<(GrantRow & { expires_at: Date; used_at: Date | null })[]>`
			SELECT r.expires_at, r.used_at, g.id AS grant_id, g.client_id, g.user_id, g.account_id, g.resource, g.scope, g.revoked_at
			FROM oauth_refresh_tokens r JOIN oauth_grants g ON g.id = r.grant_id
			WHERE r.token_hash = ${sha256(token)} FOR UPDATE OF r, g`
		if (!row || row.client_id !== clientId) return { outcome: 'unknown' }
		if (row.revoked_at !== null) return { outcome: 'grant_revoked' }
		if (row.used_at !== null) {
			await revokeGrantIn(asSql(tx), row.grant_id, now, 'refresh_token_reuse')
			return { outcome: 'reused' }
		}
		await tx`UPDATE oauth_refresh_tokens SET used_at = ${now} WHERE token_hash = ${sha256(token)}`
		if (row.expires_at <= now) return { outcome: 'expired' }
		return { outcome: 'rotated', grant: liveGrantOf(row), refreshToken: await issueRefreshToken(asSql(tx), clock, row.grant_id) }
	})
	return afterReuseApplied(sql, clock, rotation)
}

/**
 * Ends the live grants `which` selects and the keys they own, in one statement, so the gateway
 * refuses their next call whatever token is presented. Returns how many grants ended.
 */
async function endGrants(
	sql: Sql,
	which: { grantId: string; accountId?: string } | { userId: string },
	now: Date,
	reason: GrantRevocation
): Promise<number> {
	const selected =
		'userId' in which
			? sql`user_id = ${which.userId}`
			: which.accountId === undefined
				? sql`id = ${which.grantId}`
				: sql`id = ${which.grantId} AND account_id = ${which.accountId}`
	const [row] = await sql<{ ended: number }[]>`
		WITH ended AS (
			UPDATE oauth_grants SET revoked_at = ${now}, revoked_reason = ${reason}, lapses_at = least(lapses_at, ${now})
			WHERE ${selected} AND revoked_at IS NULL RETURNING key_id
		),
		keys AS (${revokeKeysAmong(sql, sql`SELECT key_id FROM ended`, now)})
		SELECT count(*)::int AS ended FROM ended`
	return row?.ended ?? 0
}

const revokeGrantIn = async (sql: Sql, grantId: string, now: Date, reason: GrantRevocation) =>
	(await endGrants(sql, { grantId }, now, reason)) > 0

/** Revokes one grant of the account (the Connected apps page); false when there is no such live grant. */
export async function revokeAccountGrant(sql: Sql, clock: Clock, accountId: string, grantId: string): Promise<boolean> {
	const ended = (await endGrants(sql, { grantId, accountId }, clock.now(), 'user')) > 0
	// The grant's key is refused on its next call on every gateway replica before this returns (ADR 0031).
	if (ended) await awaitKeyChangesApplied(sql, clock)
	return ended
}

/** Every live grant a user approved: what signing out everywhere (and a password change) must also end. */
export const revokeUserGrants = (
	sql: Sql,
	clock: Clock,
	userId: string,
	reason: GrantRevocation = 'sign_out_everywhere'
): Promise<number> => endGrants(sql, { userId }, clock.now(), reason)

/** RFC 7009: a refresh token of the client ends its grant; anything else is ignored (the endpoint answers 200 regardless). */
export async function revokeByRefreshToken(sql: Sql, clock: Clock, token: string, clientId: string): Promise<void> {
	if (!couldBeClientId(clientId)) return
	const ended = await sql.begin(async (tx) => {
		const [row] = await tx<{ grant_id: string }[]>`
			SELECT g.id AS grant_id FROM oauth_refresh_tokens r JOIN oauth_grants g ON g.id = r.grant_id
			WHERE r.token_hash = ${sha256(token)} AND g.client_id = ${clientId} FOR UPDATE OF g`
		return row ? revokeGrantIn(asSql(tx), row.grant_id, clock.now(), 'user') : false
	})
	if (ended) await awaitKeyChangesApplied(sql, clock)
}

export type GrantListing = {
	grantId: string
	clientName: string
	redirectHost: string
	approvedBy: string
	createdAt: Date
	lastUsedAt: Date | null
}

/** The account's live grants for the Connected apps page, newest first; last use is the grant key's. */
export async function listAccountGrants(sql: Sql, accountId: string): Promise<GrantListing[]> {
	const rows = await sql<
		{ id: string; client_name: string; redirect_uris: string[]; email: string; created_at: Date; last_used_at: Date | null }[]
	>`
		SELECT g.id, c.client_name, c.redirect_uris, u.email, g.created_at, k.last_used_at
		FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id JOIN dashboard_users u ON u.id = g.user_id
			JOIN (${keyLastUse(sql)}) k ON k.id = g.key_id
		WHERE g.account_id = ${accountId} AND g.revoked_at IS NULL
		ORDER BY g.created_at DESC, g.id`
	return rows.map((row) => ({
		grantId: row.id,
		clientName: row.client_name,
		redirectHost: redirectHostOf(row.redirect_uris[0] ?? ''),
		approvedBy: row.email,
		createdAt: row.created_at,
		lastUsedAt: row.last_used_at
	}))
}

/**
 * What the consent page and the Connected apps page show of a redirect URI: its host for https and
 * loopback http, its scheme for a native app. The "host" of a private-use scheme (`app://claude.ai/cb`)
 * is text the registering client chose, not where the browser goes: the operating system hands the
 * address to whichever app claims the scheme.
 */
export function redirectHostOf(uri: string): string {
	try {
		const url = new URL(uri)
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : url.protocol
	} catch {
		return uri
	}
}
