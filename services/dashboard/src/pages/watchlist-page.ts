import type { Session } from '../auth/sessions.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { FEED_PAGE, type FeedEvents, type FoundOperator, type Watchlist } from '../gateway/watchlist-client.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'
import { problemText } from './problem.ts'

export type WatchlistView = {
	session: Session
	csrf: string
	watchlist: Watchlist | null
	q: string
	found: FoundOperator[] | null
	events: FeedEvents | null
	problem?: GatewayProblem
	notice?: string
}

const slugForm = (csrf: string, action: 'add' | 'remove', slug: string, label: string) =>
	html`<form method="post" action="/watchlist/${action}" class="inline">${csrfField(csrf)}<input type="hidden" name="slug" value="${slug}"><button type="submit" class="${action === 'add' ? 'primary' : 'danger'} small">${label}</button></form>`

function watchedTable(view: WatchlistView, watchlist: Watchlist): SafeHtml {
	const cap = watchlist.limit === null ? 'no cap' : `${watchlist.limit} on your plan`
	return html`<section class="card"><h2>Watched operators <span class="muted">(${watchlist.count}, ${cap})</span></h2>
${
	watchlist.operators.length === 0
		? html`<p class="empty">No operators watched yet. Search for one below.</p>`
		: html`${watchlist.count > watchlist.operators.length ? html`<p class="hint" data-partial-watchlist>The ${watchlist.operators.length} most recently added of the ${watchlist.count} are listed here; <code>GET /v1/watchlist/operators</code> pages through them all.</p>` : ''}<div class="table-wrap"><table class="data" data-watched><thead><tr><th>Operator</th><th>Licence</th><th>Jurisdiction</th><th></th></tr></thead><tbody>
${watchlist.operators.map((operator) => html`<tr><td>${operator.name} <code>${operator.slug}</code></td><td>${operator.licenseStatus ?? '–'}</td><td>${operator.jurisdiction ?? '–'}</td><td class="actions">${slugForm(view.csrf, 'remove', operator.slug, 'Remove')}</td></tr>`)}
</tbody></table></div>`
}
</section>`
}

function searchCard(view: WatchlistView): SafeHtml {
	const watched = new Set(view.watchlist?.operators.map((operator) => operator.slug) ?? [])
	const results =
		view.found === null
			? ''
			: view.found.length === 0
				? html`<p class="empty">No operator matches “${view.q}”.</p>`
				: html`<ul class="found" data-found>${view.found.map((operator) => html`<li>${operator.name} <code>${operator.slug}</code> ${watched.has(operator.slug) ? html`<span class="muted">watched</span>` : slugForm(view.csrf, 'add', operator.slug, 'Watch')}</li>`)}</ul>`
	return html`<section class="card"><h2>Add operators</h2>
<form method="get" action="/watchlist" class="row-form" role="search"><label for="q">Operator name</label><input type="search" id="q" name="q" value="${view.q}" maxlength="200"><button type="submit" class="secondary">Search</button></form>
${results}
</section>`
}

function timeline({ events, hasMore }: FeedEvents): SafeHtml {
	return html`<section class="card"><h2>Events of the last 30 days</h2>
${hasMore ? callout('info', html`<span data-partial>The last 30 days hold more than ${FEED_PAGE} events: these are the first ${FEED_PAGE} of them, so the latest are not shown. Read them all from <code>GET /v1/watchlist/events</code>, following its <code>next_cursor</code>.</span>`) : ''}
${
	events.length === 0
		? html`<p class="empty">No events for watched operators in the last 30 days.</p>`
		: html`<ol class="event-timeline" data-timeline>${events.map((event) => html`<li><time datetime="${event.timestamp}">${event.timestamp.slice(0, 16).replace('T', ' ')} UTC</time> <code>${event.event}</code> ${event.summary}</li>`)}</ol>`
}
</section>`
}

export function watchlistPage(view: WatchlistView): SafeHtml {
	return signedInPage({
		title: 'Watchlist',
		session: view.session,
		csrf: view.csrf,
		section: 'watchlist',
		content: html`<h1>Watchlist</h1>
<p class="lead">Operators you follow: licence changes, expiries and regulatory actions about them reach your webhooks and the event feed below.</p>
${view.notice ? callout('success', view.notice) : ''}
${view.problem ? callout('error', html`Refused: ${problemText(view.problem)}`) : ''}
${view.watchlist ? watchedTable(view, view.watchlist) : ''}
${searchCard(view)}
${view.events ? timeline(view.events) : ''}`
	})
}
