import type { ExportFormat } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { waitFor } from '@lv/testing'
import { BUILD_LOCK_PREFIX } from '../builder.ts'
import { type Slice, sliceKey } from '../datasets/slice.ts'

/**
 * Holds the build lock of a slice in a transaction of the test's own, so a build of that file (one not in
 * the cache) waits until `release`; `waitedFor` resolves once some session waits for an advisory lock.
 */
export async function holdExportBuild(sql: Sql, slice: Slice, format: ExportFormat) {
	let taken!: () => void
	let release!: () => void
	const lockTaken = new Promise<void>((resolve) => {
		taken = resolve
	})
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	const holding = sql.begin(async (tx) => {
		await tx`SELECT pg_advisory_xact_lock(hashtextextended(${BUILD_LOCK_PREFIX + sliceKey(slice, format)}, 0))`
		taken()
		await released
	})
	await lockTaken
	return {
		waitedFor: () =>
			waitFor(async () => (await sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).length > 0, {
				what: 'a build waiting for the lock'
			}),
		release: async () => {
			release()
			await holding
		}
	}
}
