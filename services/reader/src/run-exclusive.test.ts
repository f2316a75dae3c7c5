import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { waitFor } from '@lv/testing'
import { ReconciliationBusyError } from './errors.ts'
import { runJurisdiction } from './run.ts'
import { createReaderHarness, databaseDigest, type ReaderHarness } from './test-support/harness.ts'

let h: ReaderHarness

beforeAll(async () => {
	h = await createReaderHarness()
})
afterAll(async () => {
	await h.close()
})

describe('one reconciliation per jurisdiction at a time', () => {
	test('a second run while the first holds the advisory lock fails busy and writes nothing', async () => {
		let release = () => {}
		const gate = new Promise<void>((resolve) => {
			release = resolve
		})
		let locked = () => {}
		const holding = new Promise<void>((resolve) => {
			locked = resolve
		})
		const first = runJurisdiction(
			{
				...h.deps,
				hooks: {
					afterLock: async () => {
						locked()
						await gate
					}
				}
			},
			'TGC'
		)
		await holding
		const before = await databaseDigest(h.db.sql)
		const second = await runJurisdiction(h.deps, 'TGC').catch((error: unknown) => error)
		expect(second).toBeInstanceOf(ReconciliationBusyError)
		expect(await databaseDigest(h.db.sql)).toBe(before)
		release()
		await first
		const runs = await h.db.sql`SELECT outcome FROM reader_runs WHERE jurisdiction_code = 'TGC'`
		expect(runs).toHaveLength(1)
	})

	test('another jurisdiction is not blocked by that lock', async () => {
		let release = () => {}
		const gate = new Promise<void>((resolve) => {
			release = resolve
		})
		let locked = () => {}
		const holding = new Promise<void>((resolve) => {
			locked = resolve
		})
		const first = runJurisdiction(
			{
				...h.deps,
				hooks: {
					afterLock: async () => {
						locked()
						await gate
					}
				}
			},
			'TGC'
		)
		await holding
		await runJurisdiction(h.deps, 'AN')
		release()
		await first
	})
})

describe('a reader killed in the middle of a run', () => {
	test('leaves the database exactly as before, and the next run completes the read', async () => {
		h.goToDay(1)
		const before = await databaseDigest(h.db.sql)
		const child = Bun.spawn(['bun', join(import.meta.dir, 'test-support', 'run-until-commit.ts')], {
			env: { ...process.env, DATABASE_URL: h.db.url, REGISTER_URL: h.server.url, READ_AT: h.clock.now().toISOString(), JURISDICTION: 'KH' },
			stdout: 'pipe',
			stderr: 'pipe'
		})
		const reader = child.stdout.getReader()
		let output = ''
		await waitFor(
			async () => {
				const { value, done } = await reader.read()
				if (value) output += new TextDecoder().decode(value)
				if (done) throw new Error(`reader exited early: ${await new Response(child.stderr).text()}`)
				return output.includes('at-commit')
			},
			{ what: 'the reader to reach its commit', timeoutMs: 30_000 }
		)
		child.kill('SIGKILL')
		await child.exited
		await waitFor(async () => (await h.db.sql`SELECT 1 FROM pg_stat_activity WHERE application_name = 'reader-kill-test'`).length === 0, {
			what: 'the killed session to end'
		})
		expect(await databaseDigest(h.db.sql)).toBe(before)
		await runJurisdiction(h.deps, 'KH')
		const [row] = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM licenses WHERE jurisdiction_code = 'KH'`
		expect(row!.n).toBeGreaterThan(0)
	})
})
