import { describe, expect, test } from 'bun:test'
import { DAY, TestClock } from '@lv/clock'
import { statementsWaitingOnLocks, waitFor } from '@lv/testing'
import { recordEvent, recordEventIn } from './record-event.ts'
import {
	coverageEvent,
	insertAccount,
	insertEndpoint,
	insertHistory,
	insertLicence,
	insertOperator,
	licenceEvent,
	testSecretKey,
	watch
} from './test-support/fixtures.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
const clock = new TestClock('2026-11-01T10:00:00.000Z')
const key = testSecretKey()
const URL_ = 'https://hooks.example.com/in'

const deliveriesOf = (eventId: string) =>
	env.db.sql<{ endpoint_id: string; status: string; attempt_count: number; next_retry_at: Date }[]>`
		SELECT endpoint_id, status, attempt_count, next_retry_at FROM webhook_deliveries WHERE event_id = ${eventId} ORDER BY endpoint_id`

describe('recording an event fans it out into delivery rows', () => {
	test('a watchlist_only endpoint gets operator events only for operators on its account watchlist', async () => {
		const now = clock.now()
		const watcher = await insertAccount(env.db.sql, now)
		const other = await insertAccount(env.db.sql, now)
		const watched = await insertOperator(env.db.sql, now)
		const licence = await insertLicence(env.db.sql, now, { operatorId: watched.id })
		await watch(env.db.sql, now, watcher, watched.id)
		const mine = await insertEndpoint(env.db.sql, now, {
			accountId: watcher,
			url: URL_,
			events: ['license.status_changed'],
			secretKey: key
		})
		await insertEndpoint(env.db.sql, now, { accountId: other, url: URL_, events: ['license.status_changed'], secretKey: key })

		const event = licenceEvent('license.status_changed', { operatorId: watched.id, licenseId: licence }, now)
		const outcome = await recordEvent(env.db.sql, event, now)

		expect(outcome).toEqual({ recorded: true, deliveries: 1 })
		const rows = await deliveriesOf(event.event_id)
		expect([...rows]).toEqual([{ endpoint_id: mine.id, status: 'pending', attempt_count: 0, next_retry_at: now }])
	})

	test('watchlist_only false receives operator events about any operator', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const operator = await insertOperator(env.db.sql, now)
		const endpoint = await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: URL_,
			events: ['license.issued'],
			watchlistOnly: false,
			secretKey: key
		})
		const event = licenceEvent(
			'license.issued',
			{ operatorId: operator.id, licenseId: await insertLicence(env.db.sql, now, { operatorId: operator.id }) },
			now
		)
		await recordEvent(env.db.sql, event, now)
		expect((await deliveriesOf(event.event_id)).map((row) => row.endpoint_id)).toEqual([endpoint.id])
	})

	test('global coverage events ignore watchlist_only and reach every subscribed endpoint', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const scoped = await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: URL_,
			events: ['coverage.degraded'],
			watchlistOnly: true,
			secretKey: key
		})
		const event = coverageEvent(now)
		await recordEvent(env.db.sql, event, now)
		expect((await deliveriesOf(event.event_id)).map((row) => row.endpoint_id)).toContain(scoped.id)
	})

	test('inactive endpoints and endpoints not subscribed to the event name get no row', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const operator = await insertOperator(env.db.sql, now)
		await watch(env.db.sql, now, account, operator.id)
		await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: URL_,
			events: ['license.status_changed'],
			active: false,
			secretKey: key
		})
		await insertEndpoint(env.db.sql, now, { accountId: account, url: URL_, events: ['license.expired'], secretKey: key })
		const event = licenceEvent(
			'license.status_changed',
			{ operatorId: operator.id, licenseId: await insertLicence(env.db.sql, now, { operatorId: operator.id }) },
			now
		)
		expect(await recordEvent(env.db.sql, event, now)).toEqual({ recorded: true, deliveries: 0 })
	})

	test('an account whose plan was cancelled is sent nothing new; it is sent again once its plan is active', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const operator = await insertOperator(env.db.sql, now)
		await watch(env.db.sql, now, account, operator.id)
		const endpoint = await insertEndpoint(env.db.sql, now, {
			accountId: account,
			url: URL_,
			events: ['license.status_changed'],
			secretKey: key
		})
		const licenseId = await insertLicence(env.db.sql, now, { operatorId: operator.id })
		await env.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${account}`
		const whileCancelled = licenceEvent('license.status_changed', { operatorId: operator.id, licenseId }, now)
		expect(await recordEvent(env.db.sql, whileCancelled, now)).toEqual({ recorded: true, deliveries: 0 })
		await env.db.sql`UPDATE accounts SET plan_status = 'active' WHERE id = ${account}`
		const afterwards = licenceEvent('license.status_changed', { operatorId: operator.id, licenseId }, now)
		expect(await recordEvent(env.db.sql, afterwards, now)).toEqual({ recorded: true, deliveries: 1 })
		expect((await deliveriesOf(afterwards.event_id)).map((row) => row.endpoint_id)).toEqual([endpoint.id])
	})

	test('an event whose history row is already withdrawn is stored but delivered to nobody', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const operator = await insertOperator(env.db.sql, now)
		const licence = await insertLicence(env.db.sql, now, { operatorId: operator.id })
		await watch(env.db.sql, now, account, operator.id)
		await insertEndpoint(env.db.sql, now, { accountId: account, url: URL_, events: ['license.status_changed'], secretKey: key })
		const historyId = await insertHistory(env.db.sql, now, licence, null, now)
		const event = licenceEvent('license.status_changed', { operatorId: operator.id, licenseId: licence, historyId }, now)
		expect(await recordEvent(env.db.sql, event, now)).toEqual({ recorded: true, deliveries: 0 })
		const [stored] = await env.db.sql`SELECT history_id, operator_id, license_id FROM events WHERE event_id = ${event.event_id}`
		expect(stored).toEqual({ history_id: historyId, operator_id: operator.id, license_id: licence })
	})

	test('an event emitted longer ago than events are kept is not recorded, at the purge’s own cut-off', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		const endpoint = await insertEndpoint(env.db.sql, now, { accountId: account, url: URL_, events: ['coverage.degraded'], secretKey: key })
		const justKept = coverageEvent(new Date(now.getTime() - 30 * DAY))
		const past = coverageEvent(new Date(now.getTime() - 30 * DAY - 1))
		expect((await recordEvent(env.db.sql, justKept, now)).recorded).toBe(true)
		expect((await deliveriesOf(justKept.event_id)).map((row) => row.endpoint_id)).toContain(endpoint.id)
		expect(await recordEvent(env.db.sql, past, now)).toEqual({ recorded: false, deliveries: 0, pastRetention: true })
		expect(await env.db.sql`SELECT 1 FROM events WHERE event_id = ${past.event_id}`).toHaveLength(0)
		expect(await deliveriesOf(past.event_id)).toHaveLength(0)
	})

	test('the same event_id recorded twice creates no second event and no second delivery', async () => {
		const now = clock.now()
		const account = await insertAccount(env.db.sql, now)
		await insertEndpoint(env.db.sql, now, { accountId: account, url: URL_, events: ['coverage.degraded'], secretKey: key })
		const event = coverageEvent(now)
		const first = await recordEvent(env.db.sql, event, now)
		const again = await recordEvent(env.db.sql, event, now)
		expect(first.recorded).toBe(true)
		expect(again).toEqual({ recorded: false, deliveries: 0 })
		const [count] = await env.db.sql`SELECT count(*)::int AS n FROM events WHERE event_id = ${event.event_id}`
		expect(count?.n).toBe(1)
	})

	test('a recording waits for an earlier uncommitted one, so seq order is commit order', async () => {
		const now = clock.now()
		const first = coverageEvent(now)
		const second = coverageEvent(now)
		let release = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		const slow = env.db.sql.begin(async (tx) => {
			await recordEventIn(tx, first, now)
			await held
		})
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`).length > 0, {
			what: 'the first recording to hold the lock'
		})
		const fast = recordEvent(env.db.sql, second, now)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).length > 0, {
			what: 'the second recording to wait'
		})
		expect((await env.db.sql`SELECT 1 FROM events WHERE event_id = ${second.event_id}`).length).toBe(0)
		release()
		await Promise.all([slow, fast])
		const rows = await env.db.sql<
			{ event_id: string }[]
		>`SELECT event_id FROM events WHERE event_id IN (${first.event_id}, ${second.event_id}) ORDER BY seq`
		expect(rows.map((row) => row.event_id)).toEqual([first.event_id, second.event_id])
	})

	test('an event recorded while an endpoint it goes to is being deleted waits for the deletion and leaves that endpoint out', async () => {
		const now = clock.now()
		const gone = await insertEndpoint(env.db.sql, now, {
			accountId: await insertAccount(env.db.sql, now),
			url: URL_,
			events: ['coverage.degraded'],
			secretKey: key
		})
		const event = coverageEvent(now)
		let recording: Promise<unknown> | undefined
		await env.db.sql.begin(async (tx) => {
			await tx`DELETE FROM webhook_secrets WHERE endpoint_id = ${gone.id}`
			await tx`DELETE FROM webhook_endpoints WHERE id = ${gone.id}`
			recording = recordEvent(env.db.sql, event, now)
			await statementsWaitingOnLocks(env.db.sql, 1)
		})
		expect((await recording) as { recorded: boolean }).toMatchObject({ recorded: true })
		expect((await deliveriesOf(event.event_id)).map((row) => row.endpoint_id)).not.toContain(gone.id)
	})
})
