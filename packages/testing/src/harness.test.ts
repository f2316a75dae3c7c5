import { describe, expect, test } from 'bun:test'
import { connectBus } from '@lv/bus'
import { createTestDatabase, startNats } from './index.ts'

describe('test harness', () => {
	test('createTestDatabase gives a migrated database of its own', async () => {
		const a = await createTestDatabase()
		const b = await createTestDatabase()
		try {
			const [row] = await a.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM jurisdictions`
			expect(row?.count).toBe(7)
			await a.sql`INSERT INTO accounts (id, name, plan_code, created_at) VALUES (${crypto.randomUUID()}, 'a', 'starter', now())`
			const [other] = await b.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM accounts`
			expect(other?.count).toBe(0)
		} finally {
			await a.drop()
			await b.drop()
		}
	})

	test('startNats runs a real JetStream server that accepts connections', async () => {
		const nats = await startNats()
		try {
			const response = await fetch(`http://127.0.0.1:${nats.port}`).catch((error: Error) => error)
			expect(nats.url).toStartWith('nats://127.0.0.1:')
			expect(response).toBeDefined()
		} finally {
			await nats.stop()
		}
	})

	test("startNats given another server's credentials takes the same users, so the nodes of a cluster share them", async () => {
		const first = await startNats({ users: true })
		const second = await startNats({ users: first.credentials })
		try {
			const gateway = first.credentials?.gateway
			expect(gateway).toBeDefined()
			const bus = await connectBus({ servers: second.url, name: 'shared-users', user: gateway?.user, pass: gateway?.pass })
			await bus.close()
			await expect(connectBus({ servers: second.url, name: 'no-user' })).rejects.toThrow()
		} finally {
			await Promise.all([first.stop(), second.stop()])
		}
	})
})
