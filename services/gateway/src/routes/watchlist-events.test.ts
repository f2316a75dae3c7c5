import { beforeAll, describe, expect, test } from 'bun:test'
import { DAY, HOUR, TestClock } from '@lv/clock'
import type { EventEnvelope } from '@lv/contracts'
import { waitFor } from '@lv/testing'
import { recordEvent, recordEventIn } from '../../../notifier/src/record-event.ts'
import { coverageEvent, insertEndpoint, insertHistory, licenceEvent } from '../../../notifier/src/test-support/fixtures.ts'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { insertLicence, insertOperator, newSecretKey, notificationsApp } from '../test-support/webhooks.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-10T12:00:00.000Z')
const secretKey = newSecretKey()
const env = databaseAndNatsPerFile('feed-test')
let app: ReturnType<typeof notificationsApp>

beforeAll(async () => {
	app = notificationsApp({ sql: env.db.sql, bus: env.bus, clock, secretKey })
})
const poll = (key: string, query = '') => app.handle(new Request(`http://localhost/v1/watchlist/events${query}`, { headers: bearer(key) }))
type Page = { events: EventEnvelope[]; next_cursor: string; has_more: boolean }

/** An unlimited-poll account watching a fresh operator with one licence. */
async function watcher() {
	const { key, accountId } = await accountWithKey(env.db.sql, clock, 'enterprise')
	const slug = `feed-${crypto.randomUUID().slice(0, 8)}`
	const operatorId = await insertOperator(env.db.sql, clock.now(), slug)
	const licenseId = await insertLicence(env.db.sql, clock.now(), operatorId, 'active')
	await env.db
		.sql`INSERT INTO watchlist_entries (id, account_id, operator_id, added_at) VALUES (${crypto.randomUUID()}, ${accountId}, ${operatorId}, ${clock.now()})`
	return { key, accountId, operatorId, licenseId }
}

const emit = async (event: EventEnvelope) => {
	await recordEvent(env.db.sql, event, clock.now())
	return event
}

describe('GET /v1/watchlist/events serves', () => {
	test("events about watched operators, not about others, and coverage events queued for the caller's endpoints", async () => {
		const me = await watcher()
		const stranger = await watcher()
		await insertEndpoint(env.db.sql, clock.now(), {
			accountId: me.accountId,
			url: 'https://hooks.example.com/in',
			events: ['coverage.degraded'],
			secretKey
		})
		const mine = await emit(licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))
		await emit(licenceEvent('license.status_changed', { operatorId: stranger.operatorId, licenseId: stranger.licenseId }, clock.now()))
		const coverage = await emit(coverageEvent(clock.now()))

		const page = (await (await poll(me.key)).json()) as Page
		expect(page.events.map((event) => event.event_id)).toEqual([mine.event_id, coverage.event_id])
		expect(page.events[0]).toEqual(mine)
		expect(page.has_more).toBe(false)
	})

	test('never an event whose history row was withdrawn, whether linked by history_id or by event_id', async () => {
		const me = await watcher()
		const byEventId = licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now())
		await insertHistory(env.db.sql, clock.now(), me.licenseId, byEventId.event_id)
		await emit(byEventId)
		const historyId = await insertHistory(env.db.sql, clock.now(), me.licenseId, null)
		const byHistoryId = await emit(
			licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId, historyId }, clock.now())
		)
		const standing = await emit(licenceEvent('license.issued', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))
		expect(((await (await poll(me.key)).json()) as Page).events).toHaveLength(3)

		await env.db.sql`UPDATE license_history SET corrected_at = ${clock.now()} WHERE event_id = ${byEventId.event_id} OR id = ${historyId}`
		const page = (await (await poll(me.key)).json()) as Page
		expect(page.events.map((event) => event.event_id)).toEqual([standing.event_id])
		expect(byHistoryId.event_id).not.toBe(standing.event_id)
	})

	test("a cursor another account was given is only a position: it serves the caller's own events", async () => {
		const me = await watcher()
		const other = await watcher()
		const theirs = (await (await poll(other.key)).json()) as Page
		await emit(licenceEvent('license.issued', { operatorId: other.operatorId, licenseId: other.licenseId }, clock.now()))
		const mine = await emit(licenceEvent('license.issued', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))
		const page = (await (await poll(me.key, `?cursor=${theirs.next_cursor}`)).json()) as Page
		expect(page.events.map((event) => event.event_id)).toEqual([mine.event_id])
	})

	test('operator events only while the operator is on the watchlist', async () => {
		const me = await watcher()
		await emit(licenceEvent('license.expired', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))
		await env.db.sql`DELETE FROM watchlist_entries WHERE account_id = ${me.accountId}`
		expect(((await (await poll(me.key)).json()) as Page).events).toHaveLength(0)
	})

	test('an operator removed then added again: what the cursor passed while it was off the list stays unserved, what follows is served', async () => {
		const me = await watcher()
		const keys = { operatorId: me.operatorId, licenseId: me.licenseId }
		const start = (await (await poll(me.key)).json()) as Page
		await emit(licenceEvent('license.status_changed', keys, clock.now()))
		await env.db.sql`DELETE FROM watchlist_entries WHERE account_id = ${me.accountId}`
		await emit(licenceEvent('license.expired', keys, clock.now()))
		const off = (await (await poll(me.key, `?cursor=${start.next_cursor}`)).json()) as Page
		expect(off.events).toEqual([])
		await env.db
			.sql`INSERT INTO watchlist_entries (id, account_id, operator_id, added_at) VALUES (${crypto.randomUUID()}, ${me.accountId}, ${me.operatorId}, ${clock.now()})`
		const back = await emit(licenceEvent('license.issued', keys, clock.now()))
		const on = (await (await poll(me.key, `?cursor=${off.next_cursor}`)).json()) as Page
		expect(on.events.map((event) => event.event_id)).toEqual([back.event_id])
	})
})

describe('paging with next_cursor', () => {
	test('walks every event once, in order, while new events keep arriving', async () => {
		const me = await watcher()
		const expected: string[] = []
		for (let index = 0; index < 25; index++)
			expected.push(
				(await emit(licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))).event_id
			)
		const writers = (async () => {
			for (let batch = 0; batch < 10; batch++) {
				const events = Array.from({ length: 8 }, () =>
					licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now())
				)
				expected.push(...events.map((event) => event.event_id))
				await Promise.all(events.map(emit))
			}
		})()
		const seen: string[] = []
		let cursor = ''
		let writersDone = false
		void writers.then(() => {
			writersDone = true
		})
		for (let round = 0; round < 500; round++) {
			const finished = writersDone
			const response = await poll(me.key, cursor === '' ? '?limit=7' : `?limit=7&cursor=${cursor}`)
			expect(response.status).toBe(200)
			const page = (await response.json()) as Page
			seen.push(...page.events.map((event) => event.event_id))
			cursor = page.next_cursor
			if (finished && !page.has_more) break
		}
		await writers
		expect(seen).toHaveLength(expected.length)
		expect(new Set(seen)).toEqual(new Set(expected))
		expect(new Set(seen).size).toBe(seen.length)
	})

	test('a poll between two interleaved recordings never moves past the one that began first and commits last', async () => {
		const me = await watcher()
		const start = (await (await poll(me.key)).json()) as Page
		const keys = { operatorId: me.operatorId, licenseId: me.licenseId }
		const first = licenceEvent('license.status_changed', keys, clock.now())
		const second = licenceEvent('license.expired', keys, clock.now())
		let release = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		let inserted = () => {}
		const firstInserted = new Promise<void>((resolve) => {
			inserted = resolve
		})
		const slow = env.db.sql.begin(async (tx) => {
			await recordEventIn(tx, first, clock.now())
			inserted()
			await held
		})
		await firstInserted
		const fast = recordEvent(env.db.sql, second, clock.now())
		await waitFor(
			async () =>
				(await env.db.sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).length > 0 ||
				(await env.db.sql`SELECT 1 FROM events WHERE event_id = ${second.event_id}`).length > 0,
			{ what: 'the second recording to wait or to commit' }
		)
		const during = (await (await poll(me.key, `?cursor=${start.next_cursor}`)).json()) as Page
		release()
		await Promise.all([slow, fast])
		const after = (await (await poll(me.key, `?cursor=${during.next_cursor}`)).json()) as Page
		expect([...during.events, ...after.events].map((event) => event.event_id).sort()).toEqual([first.event_id, second.event_id].sort())
	})

	test('an empty page still returns a cursor that picks up the next event', async () => {
		const me = await watcher()
		const first = (await (await poll(me.key, `?since=${encodeURIComponent(clock.now().toISOString())}`)).json()) as Page
		expect(first.events).toEqual([])
		expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/)
		const later = await emit(licenceEvent('license.issued', { operatorId: me.operatorId, licenseId: me.licenseId }, clock.now()))
		const next = (await (await poll(me.key, `?cursor=${first.next_cursor}`)).json()) as Page
		expect(next.events.map((event) => event.event_id)).toEqual([later.event_id])
	})

	test('since leaves out the events already recorded that were emitted before it, on every page of that first walk', async () => {
		const me = await watcher()
		const stamped = (ageMs: number) =>
			emit(licenceEvent('license.issued', { operatorId: me.operatorId, licenseId: me.licenseId }, new Date(clock.nowMs() - ageMs)))
		const recent: string[] = []
		for (let index = 0; index < 3; index++) {
			await stamped(2 * DAY)
			recent.push((await stamped(0)).event_id)
		}
		const seen: string[] = []
		let query = `?since=${encodeURIComponent(new Date(clock.nowMs() - DAY).toISOString())}&limit=1`
		for (let round = 0; round < 10; round++) {
			const page = (await (await poll(me.key, query)).json()) as Page
			seen.push(...page.events.map((event) => event.event_id))
			query = `?limit=1&cursor=${page.next_cursor}`
			if (!page.has_more) break
		}
		expect(seen).toEqual(recent)
	})

	test('an event emitted before since but recorded after the first call is served by the cursor, not lost', async () => {
		const me = await watcher()
		const first = (await (await poll(me.key, `?since=${encodeURIComponent(clock.now().toISOString())}`)).json()) as Page
		expect(first.events).toEqual([])
		// the reader stamps an event with its run's time; relaying and recording it take a while longer
		const late = await emit(
			licenceEvent('license.status_changed', { operatorId: me.operatorId, licenseId: me.licenseId }, new Date(clock.nowMs() - 90_000))
		)
		const next = (await (await poll(me.key, `?cursor=${first.next_cursor}`)).json()) as Page
		expect(next.events.map((event) => event.event_id)).toEqual([late.event_id])
	})

	test('a cursor written with a since filter but without its end resumes without leaving anything out', async () => {
		const me = await watcher()
		const head = (await env.db.sql<{ seq: string }[]>`SELECT coalesce(max(seq), 0)::text AS seq FROM events`)[0]?.seq
		const written = Buffer.from(`{"v":1,"s":${head},"f":${clock.nowMs()}}`).toString('base64url')
		const late = await emit(
			licenceEvent('license.expired', { operatorId: me.operatorId, licenseId: me.licenseId }, new Date(clock.nowMs() - HOUR))
		)
		const page = (await (await poll(me.key, `?cursor=${written}`)).json()) as Page
		expect(page.events.map((event) => event.event_id)).toEqual([late.event_id])
	})
})

describe('bad parameters', () => {
	const cases: [string, string, string][] = [
		['since and cursor together', '?since=2026-11-09T00:00:00Z&cursor=abc', 'conflicting_parameters'],
		['a cursor that is not base64url', '?cursor=not%20base64!', 'invalid_cursor'],
		['a cursor of valid base64url that is not ours', `?cursor=${Buffer.from('{"hello":1}').toString('base64url')}`, 'invalid_cursor'],
		['a cursor longer than 512 characters', `?cursor=${'A'.repeat(513)}`, 'invalid_cursor'],
		['a cursor with a negative position', `?cursor=${Buffer.from('{"v":1,"s":-1,"f":null}').toString('base64url')}`, 'invalid_cursor'],
		[
			'a cursor whose since filter is past the last date there is',
			`?cursor=${Buffer.from(`{"v":1,"s":1,"f":${Number.MAX_SAFE_INTEGER}}`).toString('base64url')}`,
			'invalid_cursor'
		],
		[
			'a cursor whose since filter is past the year 9999',
			`?cursor=${Buffer.from(`{"v":1,"s":1,"f":${Date.UTC(10_000, 0, 1)}}`).toString('base64url')}`,
			'invalid_cursor'
		],
		[
			'a cursor whose since filter is before 1970',
			`?cursor=${Buffer.from(`{"v":1,"s":1,"f":${-Number.MAX_SAFE_INTEGER}}`).toString('base64url')}`,
			'invalid_cursor'
		],
		[
			'since more than 30 days back',
			`?since=${encodeURIComponent(new Date(clock.nowMs() - 30 * DAY - HOUR).toISOString())}`,
			'since_exceeds_retention_window'
		],
		['since that is not a date-time', '?since=yesterday', 'invalid_input'],
		['since on a day its month does not have', `?since=${encodeURIComponent('2026-11-31T00:00:00Z')}`, 'invalid_input'],
		['since that its offset carries past the year 9999', `?since=${encodeURIComponent('9999-12-31T23:59:59-23:59')}`, 'invalid_input'],
		['limit 0', '?limit=0', 'invalid_input'],
		['limit 501', '?limit=501', 'invalid_input']
	]
	for (const [name, query, reason] of cases) {
		test(`${name} is 400 invalid_query / ${reason}`, async () => {
			const { key } = await accountWithKey(env.db.sql, clock, 'enterprise')
			const response = await poll(key, query)
			expect(response.status).toBe(400)
			expect(await response.json()).toMatchObject({ code: 'invalid_query', details: { reason } })
		})
	}

	test('since exactly 30 days back is accepted', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'enterprise')
		expect((await poll(key, `?since=${encodeURIComponent(new Date(clock.nowMs() - 30 * DAY).toISOString())}`)).status).toBe(200)
	})
})

describe('polls per hour', () => {
	test('every X-Poll-* header is sent, and past the ceiling it is 429 rate_limited / watchlist_events_poll_limit until the hour rolls over', async () => {
		const plan = await insertPlan(env.db.sql, { code: 'poll-plan', per_second_limit: null })
		const { key } = await accountWithKey(env.db.sql, clock, plan)
		clock.set('2026-11-10T13:15:00.000Z')
		for (let index = 1; index <= 10; index++) {
			const response = await poll(key)
			expect(response.status).toBe(200)
			expect({
				limit: response.headers.get('x-poll-ratelimit-limit'),
				remaining: response.headers.get('x-poll-ratelimit-remaining'),
				reset: response.headers.get('x-poll-ratelimit-reset'),
				window: response.headers.get('x-poll-ratelimit-window'),
				interval: response.headers.get('x-poll-recommended-interval')
			}).toEqual({ limit: '10', remaining: String(10 - index), reset: '2026-11-10T14:00:00.000Z', window: 'hour', interval: '360' })
		}
		const refused = await poll(key)
		expect(refused.status).toBe(429)
		expect(await refused.json()).toMatchObject({
			code: 'rate_limited',
			details: { reason: 'watchlist_events_poll_limit', reset_at: '2026-11-10T14:00:00.000Z', limit: 10 }
		})
		expect(refused.headers.get('x-poll-ratelimit-remaining')).toBe('0')
		clock.set('2026-11-10T14:00:00.000Z')
		expect((await poll(key)).status).toBe(200)
	})

	test('two gateway replicas count one account together: ten polls alternating between them, then the eleventh is refused on either', async () => {
		const plan = await insertPlan(env.db.sql, { code: 'poll-plan-replicas', per_second_limit: null })
		const { key } = await accountWithKey(env.db.sql, clock, plan)
		const replicas = [app, notificationsApp({ sql: env.db.sql, bus: env.bus, clock, secretKey })]
		const pollOn = (replica: number) =>
			replicas[replica]?.handle(new Request('http://localhost/v1/watchlist/events', { headers: bearer(key) })) as Promise<Response>
		const remaining: (string | null)[] = []
		for (let index = 0; index < 10; index++) remaining.push((await pollOn(index % 2)).headers.get('x-poll-ratelimit-remaining'))
		expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0'])
		expect([(await pollOn(0)).status, (await pollOn(1)).status]).toEqual([429, 429])
	})

	test('an unlimited plan says unlimited and omits Remaining', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'enterprise')
		const response = await poll(key)
		expect(response.headers.get('x-poll-ratelimit-limit')).toBe('unlimited')
		expect(response.headers.has('x-poll-ratelimit-remaining')).toBe(false)
		expect(response.headers.get('x-poll-ratelimit-window')).toBe('hour')
	})
})
