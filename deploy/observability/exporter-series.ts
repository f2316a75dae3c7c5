/**
 * The series of the NATS and PostgreSQL exporters (deploy/k8s, deploy/nomad) that the alert rules and the runbook
 * read, with the labels each carries besides the target's. `exporters.test.ts` holds each list to what a real
 * nats-server serves and what a real PostgreSQL exporter answers.
 */

/** The labels prometheus-nats-exporter 0.17.3 (the image deployed) puts on every `jetstream_consumer_*` series (its jsz collector). */
const JETSTREAM_CONSUMER_LABELS = [
	'server_id',
	'server_name',
	'cluster',
	'domain',
	'meta_leader',
	'is_meta_leader',
	'account',
	'account_id',
	'stream_name',
	'stream_leader',
	'is_stream_leader',
	'stream_raft_group',
	'consumer_name',
	'consumer_leader',
	'is_consumer_leader',
	'consumer_desc'
]

export type NatsExporterSeries = {
	labels: string[]
	/**
	 * Where the exporter reads the number: the monitoring endpoint and the JSON path in its answer (`*` for each item of
	 * an array). `gnatsd_varz_<path joined by _>` is how the exporter names every number of /varz.
	 */
	from: { endpoint: string; path: string[] }
	/** The nats-server release that first serves the field, when later than the oldest the tests run. */
	since?: string
}

export const NATS_EXPORTER_SERIES: Record<string, NatsExporterSeries> = {
	gnatsd_varz_jetstream_stats_storage: { labels: ['server_id'], from: { endpoint: '/varz', path: ['jetstream', 'stats', 'storage'] } },
	gnatsd_varz_jetstream_config_max_storage: {
		labels: ['server_id'],
		from: { endpoint: '/varz', path: ['jetstream', 'config', 'max_storage'] }
	},
	// The number of other servers this one has routes to (route pooling keeps several connections to each since 2.10).
	gnatsd_varz_remotes: { labels: ['server_id'], from: { endpoint: '/varz', path: ['remotes'] }, since: '2.10.0' },
	jetstream_consumer_num_pending: {
		labels: JETSTREAM_CONSUMER_LABELS,
		from: {
			endpoint: '/jsz?consumers=true&config=true&raft=true',
			path: ['account_details', '*', 'stream_detail', '*', 'consumer_detail', '*', 'num_pending']
		}
	}
}

/** prometheus-community/postgres_exporter's series and their own labels (0.11 adds `server` to some). */
export const POSTGRES_EXPORTER_SERIES: Record<string, string[]> = {
	pg_up: [],
	pg_stat_database_numbackends: ['datid', 'datname'],
	pg_settings_max_connections: [],
	pg_settings_superuser_reserved_connections: []
}

/** Every exporter series with its labels, for the checks of the rules and the runbook. */
export const EXPORTER_SERIES_LABELS: Map<string, string[]> = new Map([
	...Object.entries(NATS_EXPORTER_SERIES).map(([name, series]) => [name, series.labels] as [string, string[]]),
	...Object.entries(POSTGRES_EXPORTER_SERIES)
])
