import { beforeAll, describe, expect, test } from 'bun:test'
import { type OperatorFixture, registerFactory } from '../../../checker/src/test-support/register-factory.ts'
import { recordEvent } from '../../../notifier/src/record-event.ts'
import { licenceEvent } from '../../../notifier/src/test-support/fixtures.ts'
import { seedAcmeRegister } from '../test-support/acme-register.ts'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()
let acme: OperatorFixture
let licenceId: string

beforeAll(async () => {
	const seeded = await seedAcmeRegister(h.db.sql, h.clock.now())
	acme = seeded.operator
	licenceId = seeded.licence.id
})

async function proUser(dashboard = h.dashboard()) {
	const browser = new BrowserSession(dashboard)
	const { email } = await signUp(browser, h.mailbox)
	await h.db.sql`UPDATE accounts SET plan_code = 'pro' WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email})`
	return browser
}

/** Every page load makes a few API calls as the account; the next step comes a second later (Pro admits 20 a second). */
const later = () => h.clock.advanceSeconds(1)

describe('watchlist page', () => {
	test('search an operator, watch it, see its events as a timeline, and stop watching it, all through the API', async () => {
		const browser = await proUser()
		const found = await browser.get('/watchlist?q=Acme')
		expect(found.status).toBe(200)
		expect(found.html).toContain('<code>acme-gaming</code>')
		later()
		const added = await browser.post('/watchlist/add', { slug: 'acme-gaming' })
		expect(added.html).toContain('Now watching acme-gaming.')
		expect(added.html).toMatch(/data-watched>[\s\S]*acme-gaming/)

		await recordEvent(
			h.db.sql,
			licenceEvent('license.status_changed', { operatorId: acme.id, licenseId: licenceId, operatorSlug: 'acme-gaming' }, h.clock.now()),
			h.clock.now()
		)
		later()
		const page = await browser.get('/watchlist')
		expect(page.html).toMatch(
			/data-timeline>[\s\S]*license\.status_changed<\/code> acme-gaming · licence MGA\/B2C\/123\/2020 · MGA · active → suspended/
		)

		later()
		const duplicate = await browser.post('/watchlist/add', { slug: 'acme-gaming' })
		expect(duplicate.status).toBe(409)
		expect(duplicate.html).toContain('watchlist_duplicate')

		later()
		const removed = await browser.post('/watchlist/remove', { slug: 'acme-gaming' })
		expect(removed.html).toContain('Stopped watching acme-gaming.')
		expect(removed.html).toContain('No operators watched yet.')
	})

	test('an unknown operator is the API refusal on the page, a change without the CSRF token is refused, and nothing is added', async () => {
		const browser = await proUser()
		await browser.get('/watchlist')
		later()
		const unknown = await browser.post('/watchlist/add', { slug: 'no-such-operator' })
		expect(unknown.status).toBe(404)
		expect(unknown.html).toContain('operator_not_found')
		later()
		expect((await browser.post('/watchlist/add', { slug: 'acme-gaming' }, { csrf: 'none' })).status).toBe(403)
		later()
		expect((await browser.get('/watchlist')).html).toContain('No operators watched yet.')
	})

	test("a dashboard whose clock runs behind the gateway's still shows the feed: the API starts the 30-day window by its own clock", async () => {
		const lagging = { now: () => new Date(h.clock.nowMs() - 5_000), nowMs: () => h.clock.nowMs() - 5_000 }
		const browser = await proUser(h.dashboard({}, { clock: lagging }))
		later()
		await browser.post('/watchlist/add', { slug: 'acme-gaming' })
		later()
		const page = await browser.get('/watchlist')
		expect(page.status).toBe(200)
		expect(page.html).not.toContain('since_exceeds_retention_window')
		expect(page.html).toMatch(/data-timeline>[\s\S]*license\.status_changed/)
	})

	test('a window of more events than one feed call returns says the timeline is partial, rather than passing the first events off as all of them', async () => {
		const browser = await proUser()
		later()
		await browser.post('/watchlist/add', { slug: 'acme-gaming' })
		const shown = (html: string) => (/data-timeline>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '').split('<li>').length - 1
		later()
		const before = await browser.get('/watchlist')
		expect(before.html).not.toContain('data-partial')
		const recorded = shown(before.html)
		for (let index = recorded; index <= 500; index++)
			await recordEvent(
				h.db.sql,
				licenceEvent('license.status_changed', { operatorId: acme.id, licenseId: licenceId, operatorSlug: 'acme-gaming' }, h.clock.now()),
				h.clock.now()
			)
		later()
		const page = await browser.get('/watchlist')
		expect(page.html).toContain('data-partial')
		expect(page.html).toContain('more than 500 events')
		expect(shown(page.html)).toBe(500)
	})

	test('a watchlist longer than the 50 operators GET /v1/watchlist lists says the table shows only the latest of them', async () => {
		const browser = await proUser()
		later()
		await browser.post('/watchlist/add', { slug: 'acme-gaming' })
		const [account] = await h.db.sql<{ account_id: string }[]>`
			SELECT account_id FROM watchlist_entries WHERE operator_id = ${acme.id} ORDER BY added_at DESC LIMIT 1`
		later()
		expect((await browser.get('/watchlist')).html).not.toContain('data-partial-watchlist')
		const make = registerFactory(h.db.sql, h.clock.now())
		for (let index = 0; index < 50; index++) {
			const operator = await make.operator(`listed-${index}`, `Listed ${index}`)
			await h.db.sql`INSERT INTO watchlist_entries (id, account_id, operator_id, added_at)
				VALUES (${crypto.randomUUID()}, ${account?.account_id ?? ''}, ${operator.id}, ${h.clock.now()})`
		}
		later()
		const page = await browser.get('/watchlist')
		expect(page.html).toContain('(51, ')
		expect(page.html).toContain('The 50 most recently added of the 51 are listed here')
	})
})
