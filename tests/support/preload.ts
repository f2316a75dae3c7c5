import { afterAll } from 'bun:test'
import { stopSharedPostgres, stopSharedReplicatedPair } from '@lv/testing'
import { closeSharedBrowser } from './shared-browser.ts'

// The shared cluster starts lazily on the first createTestDatabase(), the replicated pair on the first
// createReplicatedDatabase(), the browser on the first file that asks for it; all stop after the last file.
afterAll(async () => {
	await closeSharedBrowser()
	await stopSharedPostgres()
	await stopSharedReplicatedPair()
})
