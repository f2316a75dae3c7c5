import { parseArgs } from 'node:util'
import { systemClock } from '@lv/clock'
import { T, loadConfigOrExit } from '@lv/config'
import { createSql } from '@lv/db'
import { withdrawHistoryEvent } from './ops/withdraw-event.ts'

const USAGE = 'usage: bun services/reader/src/ops-cli.ts withdraw-event <history_id> --note "why the event is wrong"'

const { positionals, values } = parseArgs({ args: Bun.argv.slice(2), allowPositionals: true, options: { note: { type: 'string' } } })
const [command, historyId] = positionals
if (command !== 'withdraw-event' || !historyId || !values.note) {
	console.error(USAGE)
	process.exit(2)
}
const config = loadConfigOrExit(T.Object({ DATABASE_URL: T.String({ minLength: 1 }) }), process.env)
const sql = createSql(config.DATABASE_URL, { max: 1, applicationName: 'reader-ops' })
try {
	const result = await withdrawHistoryEvent(sql, systemClock, historyId, values.note)
	console.log(JSON.stringify(result))
	process.exitCode = result.outcome === 'not_found' ? 1 : 0
} finally {
	await sql.end({ timeout: 5 })
}
