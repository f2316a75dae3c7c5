import { type Clock, DAY } from '@lv/clock'
import type { Sql } from '@lv/db'
import { MCP_SCOPE, mcpResourceUri, signAccessToken } from '@lv/oauth'
import type { ConnectorSettings } from '../mcp/connector-settings.ts'
import type { TestAccount } from './accounts.ts'

export const CONNECTOR: ConnectorSettings = {
	tokenSecret: 'connector-test-secret-'.padEnd(48, 'x'),
	issuer: 'https://app.example.test',
	mcpUrl: 'https://api.example.test'
}

export type TestGrant = { grantId: string; userId: string; keyId: string }

/**
 * A consent the dashboard would have recorded: a client, a user of the account, and a grant owning
 * a key of the account (its hash only, as the dashboard stores it).
 */
export async function insertGrant(sql: Sql, clock: Clock, account: TestAccount): Promise<TestGrant> {
	const clientId = `client-${crypto.randomUUID()}`
	const userId = crypto.randomUUID()
	const keyId = crypto.randomUUID()
	const grantId = crypto.randomUUID()
	const now = clock.now()
	await sql`INSERT INTO oauth_clients (id, client_name, redirect_uris, created_at) VALUES (${clientId}, 'Test assistant', ${['http://127.0.0.1:9/cb']}, ${now})`
	await sql`INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at) VALUES (${userId}, ${account.accountId}, ${`${userId}@example.test`}, 'x', ${now})`
	await sql`
		INSERT INTO api_keys (id, account_id, key_hash, display_prefix, label, created_at)
		VALUES (${keyId}, ${account.accountId}, ${crypto.getRandomValues(new Uint8Array(32))}, 'oauth', 'Connector: Test assistant', ${now})`
	await sql`
		INSERT INTO oauth_grants (id, client_id, user_id, account_id, key_id, resource, scope, created_at, lapses_at)
		VALUES (${grantId}, ${clientId}, ${userId}, ${account.accountId}, ${keyId}, ${mcpResourceUri(CONNECTOR.mcpUrl)}, ${MCP_SCOPE}, ${now}, ${new Date(now.getTime() + 30 * DAY)})`
	return { grantId, userId, keyId }
}

export const accessTokenFor = (grant: TestGrant, account: TestAccount, nowMs: number, audience = mcpResourceUri(CONNECTOR.mcpUrl)) =>
	signAccessToken(
		{ secret: CONNECTOR.tokenSecret, issuer: CONNECTOR.issuer, audience },
		{ userId: grant.userId, accountId: account.accountId, grantId: grant.grantId, clientId: 'client', scope: MCP_SCOPE },
		nowMs
	)
