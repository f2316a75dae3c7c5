import { T, loadConfigOrExit } from '@lv/config'
import { createSql } from './connect.ts'
import { migrate } from './migrate.ts'

const config = loadConfigOrExit(T.Object({ DATABASE_URL: T.String({ minLength: 1 }) }), process.env)
const sql = createSql(config.DATABASE_URL, { max: 1, applicationName: 'migrate' })
try {
	const applied = await migrate(sql)
	console.log(JSON.stringify({ level: 'info', msg: 'migrations applied', applied }))
} finally {
	await sql.end({ timeout: 5 })
}
