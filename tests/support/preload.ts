import { afterAll } from 'bun:test'
import { stopSharedPostgres } from '@lv/testing'
import { closeSharedBrowser } from './shared-browser.ts'

// The shared cluster starts lazily on the first createTestDatabase(), the browser on the first file that
// asks for it; both stop after the last file.
afterAll(async () => {
	await closeSharedBrowser()
	await stopSharedPostgres()
})
