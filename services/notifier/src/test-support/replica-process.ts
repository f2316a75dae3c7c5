/**
 * A notifier replica in its own process for the fail-over test: it makes one delivery pass at a fixed
 * clock instant and is killed by the test while the receiver holds its request open.
 * Arguments come from the environment the test sets: DATABASE_URL, WEBHOOK_SECRET_KEY, WEBHOOK_ALLOW_LIST, CLOCK_AT.
 */
import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { createDeliveryWorker } from '../delivery-worker.ts'

const env = process.env
const sql = createSql(env.DATABASE_URL ?? '', { max: 2 })
const worker = createDeliveryWorker({
	sql,
	clock: new TestClock(env.CLOCK_AT ?? ''),
	logger: silentLogger,
	secretKey: env.WEBHOOK_SECRET_KEY ?? '',
	allowList: (env.WEBHOOK_ALLOW_LIST ?? '').split(','),
	random: () => 0.5
})
await worker.tick()
await sql.end({ timeout: 1 })
