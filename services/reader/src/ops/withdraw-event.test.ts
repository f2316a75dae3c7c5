import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { runJurisdiction } from '../run.ts'
import { createReaderHarness, type ReaderHarness } from '../test-support/harness.ts'
import { withdrawHistoryEvent } from './withdraw-event.ts'

let h: ReaderHarness
let historyId: string

beforeAll(async () => {
	h = await createReaderHarness()
	await runJurisdiction(h.deps, 'AN')
	const [row] = await h.db.sql<{ id: string }[]>`SELECT id FROM license_history ORDER BY changed_at, id LIMIT 1`
	historyId = row!.id
})
afterAll(async () => {
	await h.close()
})

describe('withdrawing a history event', () => {
	test('sets corrected_at and the note, keeps the row and the licence status', async () => {
		const before = await h.db.sql`SELECT l.status FROM licenses l JOIN license_history h ON h.license_id = l.id WHERE h.id = ${historyId}`
		const result = await withdrawHistoryEvent(h.db.sql, h.clock, historyId, '  wrong licence matched  ')
		expect(result).toEqual({ outcome: 'withdrawn', historyId, correctedAt: h.clock.now() })
		const [row] = await h.db.sql<
			{ corrected_at: Date; correction_note: string; new_status: string }[]
		>`SELECT corrected_at, correction_note, new_status FROM license_history WHERE id = ${historyId}`
		expect(row).toMatchObject({ corrected_at: h.clock.now(), correction_note: 'wrong licence matched' })
		expect(await h.db.sql`SELECT l.status FROM licenses l JOIN license_history h ON h.license_id = l.id WHERE h.id = ${historyId}`).toEqual(
			before
		)
	})

	test('withdrawing again keeps the first withdrawal', async () => {
		h.clock.advanceHours(1)
		const result = await withdrawHistoryEvent(h.db.sql, h.clock, historyId, 'second thoughts')
		expect(result.outcome).toBe('already_withdrawn')
		const [row] = await h.db.sql<{ correction_note: string }[]>`SELECT correction_note FROM license_history WHERE id = ${historyId}`
		expect(row!.correction_note).toBe('wrong licence matched')
	})

	test("a withdrawal moves its register's data_version once, so cached exports keyed on it follow it", async () => {
		const [other] = await h.db.sql<{ id: string }[]>`SELECT id FROM license_history WHERE corrected_at IS NULL LIMIT 1`
		const version = async () =>
			(await h.db.sql<{ v: string }[]>`SELECT data_version::text AS v FROM register_status WHERE jurisdiction_code = 'AN'`)[0]?.v
		const before = Number(await version())
		await withdrawHistoryEvent(h.db.sql, h.clock, other!.id, 'matched the wrong licence')
		expect(Number(await version())).toBe(before + 1)
		await withdrawHistoryEvent(h.db.sql, h.clock, other!.id, 'again')
		expect(Number(await version())).toBe(before + 1)
	})

	test('an unknown id is not_found and an empty note is refused', async () => {
		expect(await withdrawHistoryEvent(h.db.sql, h.clock, crypto.randomUUID(), 'x')).toMatchObject({ outcome: 'not_found' })
		expect(withdrawHistoryEvent(h.db.sql, h.clock, historyId, '   ')).rejects.toThrow(/note is required/)
	})

	test('the CLI withdraws an event and prints the outcome', async () => {
		const [other] = await h.db.sql<{ id: string }[]>`SELECT id FROM license_history WHERE corrected_at IS NULL LIMIT 1`
		const child = Bun.spawn(
			['bun', join(import.meta.dir, '..', 'ops-cli.ts'), 'withdraw-event', other!.id, '--note', 'duplicate observation'],
			{
				env: { ...process.env, DATABASE_URL: h.db.url },
				stdout: 'pipe',
				stderr: 'pipe'
			}
		)
		expect(await child.exited).toBe(0)
		expect(JSON.parse(await new Response(child.stdout).text())).toMatchObject({ outcome: 'withdrawn', historyId: other!.id })
		const [row] = await h.db.sql<{ correction_note: string }[]>`SELECT correction_note FROM license_history WHERE id = ${other!.id}`
		expect(row!.correction_note).toBe('duplicate observation')
	})
})
