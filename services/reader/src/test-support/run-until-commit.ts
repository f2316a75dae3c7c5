import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { adapters, type JurisdictionCode } from '@lv/registers'
import { httpFetcher } from '../fetch/http-fetcher.ts'
import { registerServerPolicy } from '../fetch/source-policy.ts'
import { runJurisdiction } from '../run.ts'
import { Sources } from '../sources.ts'

// A reader process for the kill test: it runs one read, says "at-commit" with everything written
// but not committed, then waits to be killed. Test tooling: it reads its arguments from the environment.
const env = process.env
const sql = createSql(env.DATABASE_URL as string, { max: 2, applicationName: 'reader-kill-test' })
await runJurisdiction(
	{
		sql,
		clock: new TestClock(env.READ_AT as string),
		fetcher: httpFetcher({ timeoutMs: 5_000, userAgent: 'reader-kill-test' }),
		sources: new Sources(env.REGISTER_URL as string),
		policy: registerServerPolicy(env.REGISTER_URL as string),
		adapters,
		grace: { missedReads: 2, minimumMs: 48 * 3_600_000 },
		maxFiles: 100,
		logger: silentLogger,
		hooks: {
			beforeCommit: async () => {
				process.stdout.write('at-commit\n')
				await new Promise(() => {})
			}
		}
	},
	env.JURISDICTION as JurisdictionCode
)
