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
}

const reader = (holds: string): TableOwner => ({ owner: 'services/reader', store: 'packages/register-store', holds })
const accounts = (holds: string): TableOwner => ({ owner: 'packages/accounts', holds })
const gateway = (holds: string): TableOwner => ({ owner: 'services/gateway', holds })
const subscriptions = (holds: string): TableOwner => ({ owner: 'services/gateway', store: 'packages/subscription-store', holds })
const notifier = (holds: string): TableOwner => ({ owner: 'services/notifier', store: 'packages/notification-store', holds })
const exporter = (holds: string): TableOwner => ({ owner: 'services/exporter', store: 'packages/export-store', holds })
const dashboard = (holds: string): TableOwner => ({ owner: 'services/dashboard', store: 'packages/dashboard-store', holds })

export const TABLE_OWNERS: Readonly<Record<string, TableOwner>> = {
	jurisdictions: reader('a covered regulator: name, website, currency, licence types'),
	snapshots: reader('raw bytes of a fetched publication, by SHA-256'),
	register_reads: reader('one fetch of a publication: URL, outcome, snapshot'),
	register_status: reader('freshness, counts and data version of a jurisdiction'),
	reader_runs: reader('one reader run of a jurisdiction and its outcome'),
	operators: reader('an operator across registers'),
	operator_registrations: reader('an operator as one register names it'),
	trading_names: reader('a trading name of an operator'),
	licenses: reader('a licence record'),
	license_number_versions: reader('an earlier number of a licence (UKGC)'),
	license_history: reader('an append-only licence change; withdrawn ones get `corrected_at`'),
	domain_links: reader('a domain a register links to an operator'),
	verification_readings: reader('a reading of a linked domain (certificate, redirect)'),
	regulatory_actions: reader('a published sanction or warning'),
	outbox: { owner: 'services/reader', holds: 'an event written with its change, until the relay publishes it' },
	plans: accounts('limits and caps of a plan'),
	accounts: accounts('a customer account and its plan'),
	api_keys: accounts('an API key of an account, as SHA-256'),
	limit_counters: { owner: 'packages/quota', holds: "an account's call count in a window" },
	usage_counters: gateway('a keyless or polling call count per scope and window'),
	export_requests: gateway("one export counted against the account's UTC day"),
	evidence_records: gateway('a signed evidence record of a check'),
	watchlist_entries: subscriptions("an operator on an account's watchlist"),
	webhook_endpoints: subscriptions('a webhook endpoint of an account'),
	webhook_secrets: subscriptions('a signing secret of an endpoint, encrypted'),
	events: notifier('an emitted event, kept 30 days'),
	webhook_deliveries: notifier('one event to one endpoint: attempts, status, next retry'),
	expiry_notices: notifier('an expiry warning already sent'),
	coverage_state: notifier('the last coverage state announced per jurisdiction'),
	export_files: exporter('a built export file of a slice'),
	export_chunks: exporter('a piece of a built export file'),
	dashboard_users: dashboard('a dashboard login of an account'),
	dashboard_sessions: dashboard('a signed-in dashboard session'),
	dashboard_attempts: dashboard('sign-in and sign-up attempts per scope and window'),
	dashboard_sign_ups: dashboard('a sign-up waiting for its mailed link'),
	dashboard_action_keys: dashboard('marks an API key issued for one dashboard call'),
	bulk_check_jobs: dashboard('an uploaded bulk check'),
	bulk_check_entries: dashboard('one line of a bulk check and its verdict'),
	bulk_check_batches: dashboard('a batch of a bulk check claimed by a worker'),
	oauth_clients: dashboard('a registered assistant connector (RFC 7591)'),
	oauth_grants: dashboard('a consent, owning a key of the account'),
	oauth_authorization_codes: dashboard('an authorisation code, as SHA-256'),
	oauth_refresh_tokens: dashboard('a refresh token, as SHA-256')
}

/** The map as the Markdown table docs/architecture.md carries. */
export function tableOwnersMarkdown(owners: Readonly<Record<string, TableOwner>> = TABLE_OWNERS): string {
	const rows = Object.entries(owners).map(([table, entry]) => {
		const through = entry.store ?? (entry.owner.startsWith('packages/') ? entry.owner : null)
		return `| \`${table}\` | \`${entry.owner}\` | ${through ? `\`${through}\`` : '— (owner only)'} | ${entry.holds} |`
	})
	return ['| table | owner | others read it through | holds |', '|---|---|---|---|', ...rows].join('\n')
}
