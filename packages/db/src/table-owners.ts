/**
 * One owner per table: the owner's directory is the only code that names the table in SQL, apart
 * from the store package it publishes for the others (services never import each other, so a
 * service's tables are read elsewhere through that package). docs/architecture.md carries this map
 * as rendered by `tableOwnersMarkdown`; tests/architecture checks the source tree and the doc against it.
 */
export type TableOwner = {
	/** Directory of the owning service or package, e.g. `services/reader`. */
	owner: string
	/** Directory of the package through which other code reads (or writes) a service's table, if any does; a package owner is its own. */
	store?: string
	/** What one row holds, in a few words. */
	holds: string
	/** The other services and packages that read or write it through that package. */
	readBy?: readonly string[]
}

/** Entries of one owner: what a row holds, then who else reads it through the owner's package. */
const ownedBy =
	(owner: string, store?: string) =>
	(holds: string, ...readBy: string[]): TableOwner => ({ owner, ...(store ? { store } : {}), holds, readBy })

const reader = ownedBy('services/reader', 'packages/register-store')
const readerOnly = ownedBy('services/reader')
const accounts = ownedBy('packages/accounts')
const quota = ownedBy('packages/quota')
const gateway = ownedBy('services/gateway')
const evidence = ownedBy('services/gateway', 'packages/evidence-store')
const subscriptions = ownedBy('services/gateway', 'packages/subscription-store')
const notifier = ownedBy('services/notifier', 'packages/notification-store')
const exporter = ownedBy('services/exporter', 'packages/export-store')
const dashboard = ownedBy('services/dashboard', 'packages/dashboard-store')

const GATEWAY = 'services/gateway'
const READER = 'services/reader'
const CHECKER = 'services/checker'
const EXPORTER = 'services/exporter'
const NOTIFIER = 'services/notifier'
const DASHBOARD = 'services/dashboard'
const QUOTA = 'packages/quota'
const EVENT_FEED = 'packages/notification-store'
const SUBSCRIPTIONS = 'packages/subscription-store'

export const TABLE_OWNERS: Readonly<Record<string, TableOwner>> = {
	jurisdictions: reader('a covered regulator: name, website, currency, licence types', GATEWAY, CHECKER, EXPORTER, NOTIFIER),
	snapshots: reader('raw bytes of a fetched publication, by SHA-256', GATEWAY),
	register_reads: reader('one fetch of a publication: URL, outcome, snapshot', GATEWAY, EXPORTER),
	register_status: reader('freshness, counts and data version of a jurisdiction', GATEWAY, CHECKER, EXPORTER, NOTIFIER),
	reader_runs: reader('one reader run of a jurisdiction and its outcome', GATEWAY),
	operators: reader('an operator across registers', GATEWAY, CHECKER, EXPORTER, NOTIFIER),
	operator_registrations: reader('an operator as one register names it'),
	trading_names: reader('a trading name of an operator', CHECKER),
	licenses: reader('a licence record', GATEWAY, CHECKER, EXPORTER, NOTIFIER),
	license_number_versions: reader('an earlier number of a licence (UKGC)', CHECKER),
	license_history: reader(
		'an append-only licence change; withdrawn ones get `corrected_at`',
		GATEWAY,
		CHECKER,
		EXPORTER,
		NOTIFIER,
		EVENT_FEED
	),
	domain_links: reader('a domain a register links to an operator', GATEWAY, CHECKER, EXPORTER),
	verification_readings: reader('a reading of a linked domain (certificate, redirect)'),
	regulatory_actions: reader('a published sanction or warning', GATEWAY),
	outbox: readerOnly('an event written with its change; published rows are deleted 30 days after publication'),
	plans: accounts('limits and caps of a plan', GATEWAY, DASHBOARD, QUOTA, SUBSCRIPTIONS),
	accounts: accounts('a customer account and its plan', GATEWAY, DASHBOARD, QUOTA, SUBSCRIPTIONS),
	api_keys: accounts('an API key of an account, as SHA-256', GATEWAY, DASHBOARD, QUOTA),
	key_revision: accounts('the one revision counter of key, account and plan changes (ADR 0031)', GATEWAY, DASHBOARD),
	key_lease_replicas: accounts(
		"a gateway replica's key-cache lease: until when, acknowledged and fenced revisions; a key change deletes rows lapsed over 10 minutes (ADR 0093)",
		GATEWAY,
		DASHBOARD
	),
	limit_counters: quota("an account's call count in a window", GATEWAY, DASHBOARD),
	usage_daily: quota(
		'calls and refusals per account, UTC day, key and outcome; written once a second per gateway replica',
		GATEWAY,
		DASHBOARD
	),
	usage_counters: gateway('a keyless or polling call count per scope and window'),
	export_requests: gateway("one export counted against the account's UTC day; kept as long as the usage history"),
	evidence_records: evidence('a signed evidence record of a check and the snapshots it names', READER),
	watchlist_entries: subscriptions("an operator on an account's watchlist", NOTIFIER, EVENT_FEED),
	webhook_endpoints: subscriptions('a webhook endpoint of an account', NOTIFIER, DASHBOARD, EVENT_FEED),
	webhook_secrets: subscriptions('a signing secret of an endpoint, encrypted', NOTIFIER),
	events: notifier('an emitted event, kept 30 days', GATEWAY),
	webhook_deliveries: notifier('one event to one endpoint: attempts, status, next retry', GATEWAY),
	expiry_notices: notifier('an expiry warning already sent, until its expiry date has passed'),
	expiry_sweep_state: notifier('the last UTC day the expiry scan swept to its end'),
	coverage_state: notifier('the last coverage state announced per jurisdiction'),
	export_files: exporter('a built export file of a slice'),
	export_chunks: exporter('a piece of a built export file', GATEWAY),
	dashboard_users: dashboard('a dashboard login of an account'),
	dashboard_sessions: dashboard('a signed-in dashboard session'),
	dashboard_attempts: dashboard('sign-in and sign-up attempts per scope and window'),
	dashboard_sign_ups: dashboard('a sign-up waiting for its mailed link'),
	dashboard_action_keys: dashboard(
		'the action an API key was issued for (one dashboard call); outlives the key while its usage is kept',
		GATEWAY
	),
	bulk_check_jobs: dashboard('an uploaded bulk check'),
	bulk_check_entries: dashboard('one line of a bulk check'),
	bulk_check_results: dashboard('what the results table filters and shows of one answered line of a bulk check'),
	bulk_check_batches: dashboard("a batch of a bulk check: counted, then done with the checker's reply kept whole"),
	bulk_check_summaries: dashboard("a bulk check's answers counted per verdict and jurisdiction"),
	oauth_clients: dashboard('a registered assistant connector (RFC 7591)'),
	oauth_grants: dashboard('a consent, owning a key of the account', GATEWAY),
	oauth_authorization_codes: dashboard('an authorisation code, as SHA-256'),
	oauth_refresh_tokens: dashboard('a refresh token, as SHA-256')
}

/** The map as the Markdown table docs/architecture.md carries. */
export function tableOwnersMarkdown(owners: Readonly<Record<string, TableOwner>> = TABLE_OWNERS): string {
	const code = (text: string) => `\`${text}\``
	const rows = Object.entries(owners).map(([table, entry]) => {
		const through = entry.store ?? (entry.owner.startsWith('packages/') ? entry.owner : null)
		const readers = entry.readBy?.length ? entry.readBy.map(code).join(', ') : '—'
		return `| ${code(table)} | ${code(entry.owner)} | ${readers} | ${through && entry.readBy?.length ? code(through) : '—'} | ${entry.holds} |`
	})
	return ['| table | owner | also read by | through | holds |', '|---|---|---|---|---|', ...rows].join('\n')
}
