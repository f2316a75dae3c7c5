import type { Managed } from './webhook-manage.ts'
import type { GatewayClient } from './gateway-client.ts'

export type WatchedOperator = {
	slug: string
	name: string
	licenseStatus: string | null
	jurisdiction: string | null
	addedAt: string | null
}
export type FoundOperator = { slug: string; name: string }
export type FeedEvent = { id: string; event: string; timestamp: string; summary: string }
/** The events the timeline shows, and whether the window holds more than one call of the feed returns. */
export type FeedEvents = { events: FeedEvent[]; hasMore: boolean }
export type Watchlist = { count: number; limit: number | null; operators: WatchedOperator[] }

/** The feed's largest page (SPEC: `limit` 1–500). */
export const FEED_PAGE = 500

const text = (value: unknown) => (typeof value === 'string' ? value : null)
const rowsOf = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : [])

async function read<T>(answer: ReturnType<GatewayClient['callAs']>, shape: (body: Record<string, unknown>) => T): Promise<Managed<T>> {
	const outcome = await answer
	if (!outcome.ok) return outcome
	const body = outcome.response.status === 204 ? {} : ((await outcome.response.json().catch(() => ({}))) as Record<string, unknown>)
	return { ok: true, value: shape(body) }
}

/** What an event says in one line, from the flat fields events carry (operator, licence, jurisdiction, status change). */
function summaryOf(data: Record<string, unknown>): string {
	const number = text(data.license_number)
	const change = [text(data.previous_status), text(data.new_status)].filter((part) => part !== null).join(' → ')
	return [text(data.operator_slug), number ? `licence ${number}` : null, text(data.jurisdiction_code), change || null]
		.filter((part) => part)
		.join(' · ')
}

/** The watchlist operations of the API, called as the account: the plan cap, duplicates and the events poll limit are the API's own. */
export const watchlistClient = (client: GatewayClient, accountId: string) => ({
	summary: () =>
		read(
			client.callAs(accountId, 'watchlist', 'GET', '/v1/watchlist'),
			(body): Watchlist => ({
				count: Number(body.count ?? 0),
				limit: typeof body.limit === 'number' ? body.limit : null,
				operators: rowsOf(body.operators).map((row) => ({
					slug: String(row.slug ?? ''),
					name: String(row.display_name ?? ''),
					licenseStatus: text(row.license_status),
					jurisdiction: text(row.jurisdiction_code),
					addedAt: text(row.added_at)
				}))
			})
		),
	search: (q: string) =>
		read(client.callAs(accountId, 'watchlist', 'GET', `/v1/operators/search?q=${encodeURIComponent(q)}&limit=20`), (body) =>
			rowsOf(body.operators).map(
				(row): FoundOperator => ({ slug: String(row.slug ?? ''), name: String(row.display_name ?? row.name ?? row.slug ?? '') })
			)
		),
	add: (slug: string) =>
		read(client.callAs(accountId, 'watchlist', 'POST', '/v1/watchlist/operators', { operator_slug: slug }), () => null),
	remove: (slug: string) =>
		read(client.callAs(accountId, 'watchlist', 'DELETE', `/v1/watchlist/operators/${encodeURIComponent(slug)}`), () => null),
	/**
	 * Without `since` the API starts at the edge of its 30-day window by its own clock, so a dashboard clock ahead of
	 * the gateway's cannot ask past it. One call (each counts against the hourly poll ceiling), at the feed's largest page.
	 */
	events: () =>
		read(client.callAs(accountId, 'watchlist', 'GET', `/v1/watchlist/events?limit=${FEED_PAGE}`), (body) => ({
			hasMore: body.has_more === true,
			events: rowsOf(body.events)
				.map((row): FeedEvent => {
					const data = (row.data ?? {}) as Record<string, unknown>
					return {
						id: String(row.event_id ?? ''),
						event: String(row.event ?? ''),
						timestamp: String(row.timestamp ?? ''),
						summary: summaryOf(data)
					}
				})
				.reverse()
		}))
})
