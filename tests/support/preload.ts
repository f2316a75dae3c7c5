import { afterAll, setDefaultTimeout } from 'bun:test'
import { stopSharedPostgres } from '@lv/testing'

// Every test and hook may take a minute: servers start in them, on machines shared with other work (bunfig.toml has no such setting).
setDefaultTimeout(60_000)

// The shared cluster starts lazily on the first createTestDatabase() and stops after the last file.
afterAll(async () => {
	await stopSharedPostgres()
})
