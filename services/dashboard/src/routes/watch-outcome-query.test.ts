import { expect, test } from 'bun:test'
import type { Session } from '../auth/sessions.ts'
import type { WatchOutcome } from '../gateway/watch-operators.ts'
import { watchOutcomeCallout } from '../pages/watch-these.ts'
import { watchedFromQuery, watchedLocation } from './watch-outcome-query.ts'

const session: Session = {
	token: 'session-token',
	userId: 'user',
	email: 'person@example.com',
	accountId: 'account',
	accountName: 'Acme',
	plan: null
}

test('Watch these with 400 refusals redirects to a short address that names the first 10 and says how many more were refused', () => {
	const outcome: WatchOutcome = {
		added: 3,
		alreadyWatched: 1,
		refused: Array.from({ length: 400 }, (_, index) => ({
			slug: `operator-with-a-long-name-${index}`,
			problem: {
				status: 404,
				message: 'No operator with this slug is listed by a covered register any more.',
				code: 'not_found',
				reason: 'operator_not_found',
				resetAt: null
			}
		})),
		capReached: null,
		stopped: null
	}
	const location = watchedLocation('0d6f4a52-3c1e-4e0b-9a7e-2b8f7c1d5e60', session, outcome)
	expect(location.length).toBeLessThan(4_096)
	const shown = watchedFromQuery(session, new URL(location, 'http://localhost').searchParams.get('watched') ?? undefined)
	expect(shown).not.toBeNull()
	const callout = String(watchOutcomeCallout(shown as NonNullable<typeof shown>))
	expect(callout).toContain('3 operators added to your watchlist; 1 was already watched; 400 were refused.')
	expect(callout.match(/<li><code>/g)).toHaveLength(10)
	expect(callout).toContain('<code>operator-with-a-long-name-9</code>')
	expect(callout).not.toContain('operator-with-a-long-name-10<')
	expect(callout).toContain('and 390 more operators refused')
})
