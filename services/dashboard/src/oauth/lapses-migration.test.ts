import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { createAccount, issueApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { type Sql, createSql, listMigrations, migrate } from '@lv/db'
import { TMP_ROOT, sharedPostgres } from '@lv/testing'

const database = `m_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
let sql: Sql
let admin: Sql
const earlierDir = mkdtempSync(join(TMP_ROOT, 'migrations-'))
const clock = new TestClock('2026-11-25T12:00:00.000Z')

beforeAll(async () => {
	const pg = await sharedPostgres()
	admin = createSql(pg.adminUrl, { max: 1 })
	await admin.unsafe(`CREATE DATABASE ${database}`)
	sql = createSql(pg.urlFor(database), { max: 2 })
	for (const migration of await listMigrations())
		if (migration.version < 155) symlinkSync(migration.file, join(earlierDir, migration.file.split('/').at(-1) as string))
	await migrate(sql, earlierDir)
})

afterAll(async () => {
	await sql?.end({ timeout: 2 })
	await admin?.unsafe(`DROP DATABASE IF EXISTS ${database}`)
	await admin?.end({ timeout: 2 })
	rmSync(earlierDir, { recursive: true, force: true })
})

test('migration 0155 dates each grant no earlier than its last token lapses: its newest refresh token, its revocation, or the migration itself', async () => {
	const { id: accountId } = await createAccount(sql, clock, { name: 'connected before 0155', plan: 'starter' })
	const userId = crypto.randomUUID()
	await sql`INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at) VALUES (${userId}, ${accountId}, 'u@example.com', 'x', ${clock.now()})`
	await sql`INSERT INTO oauth_clients (id, client_name, redirect_uris, created_at) VALUES ('lvc_old', 'assistant', ${['https://a.example/cb']}, ${clock.now()})`
	const grant = async (revokedAt: Date | null, tokenExpiries: string[]) => {
		const key = await issueApiKey(sql, clock, accountId, 'Connector: assistant')
		const id = crypto.randomUUID()
		await sql`
			INSERT INTO oauth_grants (id, client_id, user_id, account_id, key_id, resource, scope, created_at, revoked_at)
			VALUES (${id}, 'lvc_old', ${userId}, ${accountId}, ${key.id}, 'https://api.example/mcp/account', 'account', ${clock.now()}, ${revokedAt})`
		for (const expiresAt of tokenExpiries)
			await sql`
				INSERT INTO oauth_refresh_tokens (token_hash, grant_id, created_at, expires_at)
				VALUES (${crypto.getRandomValues(new Uint8Array(32))}, ${id}, ${clock.now()}, ${new Date(expiresAt)})`
		return id
	}
	const refreshing = await grant(null, ['2026-12-01T00:00:00.000Z', '2026-12-20T00:00:00.000Z'])
	const revoked = await grant(new Date('2026-10-01T00:00:00.000Z'), ['2026-10-20T00:00:00.000Z'])
	const tokensPruned = await grant(null, [])
	const [{ started }] = [...(await sql<{ started: Date }[]>`SELECT now() AS started`)] as [{ started: Date }]

	await migrate(sql)

	const lapses = async (id: string) => (await sql<{ lapses_at: Date }[]>`SELECT lapses_at FROM oauth_grants WHERE id = ${id}`)[0]?.lapses_at
	expect(await lapses(refreshing)).toEqual(new Date('2026-12-20T00:00:00.000Z'))
	expect(await lapses(revoked)).toEqual(new Date('2026-10-01T00:00:00.000Z'))
	expect(((await lapses(tokensPruned)) as Date).getTime()).toBeGreaterThanOrEqual(started.getTime())
})
