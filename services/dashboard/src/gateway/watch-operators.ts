import type { GatewayProblem } from './gateway-problem.ts'
import type { watchlistClient } from './watchlist-client.ts'

/** What adding a list of operators to the watchlist did, one count per outcome. */
export type WatchOutcome = {
	added: number
	alreadyWatched: number
	/** Refused by the API, each with its reason (an operator no longer listed, …). */
	refused: { slug: string; problem: GatewayProblem }[]
	/** The watchlist reached the plan's cap: this refusal, and how many were not added because of it. */
	capReached: { problem: GatewayProblem; notAdded: number } | null
	/** Not tried because the API's per-second limit or a failure stopped the run: pressing again continues. */
	stopped: { problem: GatewayProblem; notTried: number } | null
}

/** Refusals after which no further add can succeed in this run. */
const STOPPING_CODES = new Set(['rate_limited', 'service_unavailable', 'server_error'])

/**
 * Adds each operator not yet watched to the account's watchlist through the API, one call each (the
 * API has no batch add), reading the watchlist once first so operators already on it cost no call.
 * Stops at the plan's cap (the rest are not added) and at a per-second refusal or failure (the rest
 * are left for the next press).
 */
export async function watchOperators(
	client: ReturnType<typeof watchlistClient>,
	slugs: readonly string[]
): Promise<WatchOutcome | { failed: GatewayProblem }> {
	const current = await client.summary()
	if (!current.ok) return { failed: current.problem }
	const watched = new Set(current.value.operators.map((operator) => operator.slug))
	const outcome: WatchOutcome = { added: 0, alreadyWatched: 0, refused: [], capReached: null, stopped: null }
	const toAdd = slugs.filter((slug) => {
		if (watched.has(slug)) outcome.alreadyWatched++
		return !watched.has(slug)
	})
	for (const [index, slug] of toAdd.entries()) {
		const added = await client.add(slug)
		if (added.ok) outcome.added++
		else if (added.problem.reason === 'watchlist_duplicate') outcome.alreadyWatched++
		else if (added.problem.reason === 'watchlist_quota_exceeded') {
			outcome.capReached = { problem: added.problem, notAdded: toAdd.length - index }
			break
		} else if (added.problem.status === null || STOPPING_CODES.has(added.problem.code ?? '')) {
			outcome.stopped = { problem: added.problem, notTried: toAdd.length - index }
			break
		} else outcome.refused.push({ slug, problem: added.problem })
	}
	return outcome
}
