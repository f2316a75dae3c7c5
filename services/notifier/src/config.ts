import { T, commonEnv, readConfig, splitList } from '@lv/config'

export const NotifierEnv = T.Object({
	...commonEnv,
	/** 32 bytes (64 hex or 44 base64 characters) that encrypt signing secrets at rest; never defaulted. */
	WEBHOOK_SECRET_KEY: T.String({ minLength: 43 }),
	/** Retired WEBHOOK_SECRET_KEY values (comma-separated) that still decrypt stored secrets until `npm run ops -- reencrypt-webhook-secrets` has run. */
	WEBHOOK_SECRET_PREVIOUS_KEYS: T.String({ default: '' }),
	/** Operator-only exceptions to the URL policy: `host:port` origins or CIDR blocks, comma-separated. */
	WEBHOOK_ALLOW_LIST: T.String({ default: '' }),
	/** Attempts in flight at once in this replica. */
	NOTIFIER_DELIVERY_CONCURRENCY: T.Integer({ minimum: 1, maximum: 1024, default: 64 }),
	/** Attempts in flight at once per endpoint in this replica, so one slow receiver cannot take every slot. */
	NOTIFIER_ENDPOINT_CONCURRENCY: T.Integer({ minimum: 1, maximum: 64, default: 4 }),
	/** How often the worker looks for due deliveries when nothing woke it. */
	NOTIFIER_DELIVERY_POLL_MS: T.Integer({ minimum: 10, default: 500 }),
	/** How long a claimed attempt is reserved before another replica may retry it (must exceed the 10 s timeout). */
	NOTIFIER_LEASE_MS: T.Integer({ minimum: 15_000, default: 60_000 }),
	/** How often the expiry, coverage and retention scans run. */
	NOTIFIER_SCAN_INTERVAL_MS: T.Integer({ minimum: 1_000, default: 15 * 60_000 })
})

export type NotifierConfig = ReturnType<typeof readNotifierConfig>

export const readNotifierConfig = (env: Record<string, string | undefined>) => readConfig(NotifierEnv, env)

export const allowListEntries = (config: Pick<NotifierConfig, 'WEBHOOK_ALLOW_LIST'>) => splitList(config.WEBHOOK_ALLOW_LIST)
