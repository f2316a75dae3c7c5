import { afterAll } from 'bun:test'
import { stopSharedPostgres } from '@lv/testing'

// The shared cluster starts lazily on the first createTestDatabase() and stops after the last file.
afterAll(async () => {
	await stopSharedPostgres()
})
