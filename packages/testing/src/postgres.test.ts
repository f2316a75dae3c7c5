import { expect, spyOn, test } from 'bun:test'
import { createSql } from '@lv/db'
import { createTestDatabase, dropTestDatabase, sharedPostgres } from './postgres.ts'

const exists = async (adminUrl: string, name: string) => {
	const admin = createSql(adminUrl, { max: 1 })
	try {
		const rows = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`
		return rows.length === 1
	} finally {
		await admin.end({ timeout: 2 })
	}
}

test('a test database whose DROP is held up is left after its time, with the server log, and later drops of the cluster are not tried', async () => {
	const pg = await sharedPostgres()
	const db = await createTestDatabase()
	await db.sql.end({ timeout: 2 })
	const holder = createSql(pg.adminUrl, { max: 1 })
	const warn = spyOn(console, 'warn').mockImplementation(() => {})
	try {
		// An open transaction holding a lock on the database: DROP DATABASE waits for it.
		const { promise: lockTaken, resolve: taken } = Promise.withResolvers<void>()
		const { promise: released, resolve: release } = Promise.withResolvers<void>()
		const held = holder.begin(async (tx) => {
			await tx.unsafe(`COMMENT ON DATABASE ${db.name} IS 'held'`)
			taken()
			await released
		})
		await lockTaken
		const drops = { stalled: false }
		await dropTestDatabase(pg, db.name, 300, drops)
		expect(drops.stalled).toBe(true)
		expect(String(warn.mock.calls[0]?.[0])).toContain(`DROP DATABASE ${db.name} did not finish within 300 ms`)
		expect(String(warn.mock.calls[0]?.[0])).toContain('Server log:')
		release()
		await held
		await dropTestDatabase(pg, db.name, 300, drops)
		expect(await exists(pg.adminUrl, db.name)).toBe(true)
		await dropTestDatabase(pg, db.name, 10_000, { stalled: false })
		expect(await exists(pg.adminUrl, db.name)).toBe(false)
	} finally {
		warn.mockRestore()
		await holder.end({ timeout: 2 })
	}
})
