import { T, commonEnv, readConfig } from '@lv/config'
import { MAX_BATCH_DOMAINS } from '@lv/contracts'

export const DEFAULT_LIMITS_STORE_TIMEOUT_MS = 2_000
/** How long a check waits for a checker replica before it is answered 503 checker_unavailable. */
export const DEFAULT_CHECKER_TIMEOUT_MS = 2_000
/** What a dead replica can add to a revocation through the product, and how long a change written by hand in SQL takes to be certain (ADR 0031). */
export const DEFAULT_KEY_LEASE_MS = 2_000
/**
 * check.many messages (coalesced single checks) a replica keeps in flight by default: two keep one checker busy while
 * the gateway reads the other's reply (ADR 0059); memoised checks no longer travel (ADR 0048), so they pay nothing for it.
 */
export const DEFAULT_CHECK_MESSAGES_IN_FLIGHT = 2

/** A statement of the gateway's pools running longer is cancelled by the server, and its request answered 503 dependency_unavailable. */
export const DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS = 30_000
/** What a request's wait for PostgreSQL may exceed the statement timeout by: a connection of the pool coming free, the network. */
export const DATABASE_WAIT_MARGIN_MS = 2_000

/** How long a request awaits a statement or transaction of the gateway's pools before 503 dependency_unavailable. */
export const databaseWaitTimeoutMs = (config: Partial<Pick<GatewayConfig, 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_WAIT_TIMEOUT_MS'>>) =>
	config.DATABASE_WAIT_TIMEOUT_MS ??
	(config.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS) + DATABASE_WAIT_MARGIN_MS

export const GatewayEnv = T.Object({
	...commonEnv,
	/** A streaming replica for read-only lookups (register data, history, stats, export reads); empty: the primary. */
	DATABASE_READ_URL: T.String({ default: '' }),
	PORT: T.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
	HOST: T.String({ default: '0.0.0.0' }),
	PUBLIC_BASE_URL: T.String({ default: 'http://localhost:8080' }),
	PRICING_URL: T.String({ default: 'https://licence-verify.example/pricing' }),
	APP_URL: T.String({ default: 'http://localhost:8090' }),
	CHECKER_TIMEOUT_MS: T.Integer({ minimum: 50, default: DEFAULT_CHECKER_TIMEOUT_MS }),
	/** check.many messages a replica keeps in flight (ADRs 0033, 0059). */
	CHECK_MESSAGES_IN_FLIGHT: T.Integer({ minimum: 1, maximum: 16, default: DEFAULT_CHECK_MESSAGES_IN_FLIGHT }),
	/** H (ADR 0048): a held check answer is served without asking the checker only while every checker replica's state was proven this recently; 0: every check asks the checker. */
	CHECKER_STATE_PROOF_MS: T.Integer({ minimum: 0, maximum: 60_000, default: 1_000 }),
	/** Domains per check.batch message: below 100 a batch travels as parts the checker replicas share (ADR 0033). */
	CHECK_BATCH_PART_DOMAINS: T.Integer({ minimum: 1, maximum: MAX_BATCH_DOMAINS, default: MAX_BATCH_DOMAINS }),
	/** A key lookup or counting statement not answered by then fails the call closed (503 limits_store_unavailable). */
	LIMITS_STORE_TIMEOUT_MS: T.Integer({ minimum: 50, default: DEFAULT_LIMITS_STORE_TIMEOUT_MS }),
	/** statement_timeout of the pool and the read pool: a lookup on a locked or overloaded server ends in 503 dependency_unavailable, never hangs. */
	DATABASE_STATEMENT_TIMEOUT_MS: T.Integer({ minimum: 100, default: DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS }),
	/**
	 * How long a request awaits a statement or transaction (a connection of the pool, the answer) before 503 dependency_unavailable:
	 * the bound while the pool is full or the server stops answering without closing the connection. Default: the statement timeout
	 * plus DATABASE_WAIT_MARGIN_MS, so a server that answers at all cancels a slow statement first.
	 */
	DATABASE_WAIT_TIMEOUT_MS: T.Optional(T.Integer({ minimum: 100 })),
	/**
	 * Key-cache lease in ms (ADR 0031): above 0, keyed calls are admitted from leases without a counting statement while
	 * they are valid, and a key change through the product waits for every replica (at most this long for one that never
	 * answers); 0: off, every keyed call is counted by the batch statement.
	 */
	KEY_LEASE_MS: T.Integer({ minimum: 0, default: DEFAULT_KEY_LEASE_MS }),
	/** Comma-separated proxy addresses whose X-Forwarded-For is trusted for the keyless per-IP cap. */
	TRUSTED_PROXIES: T.String({ default: '' }),
	/** 32-byte key (64 hex / 44 base64) encrypting webhook signing secrets; the same value the notifier has. No default. */
	WEBHOOK_SECRET_KEY: T.String({ minLength: 43, description: '32-byte key (base64 or hex) encrypting webhook signing secrets at rest' }),
	/** Retired WEBHOOK_SECRET_KEY values (comma-separated) that still decrypt stored secrets until `npm run ops -- reencrypt-webhook-secrets` has run. */
	WEBHOOK_SECRET_PREVIOUS_KEYS: T.String({ default: '' }),
	/** Operator-only URL-policy exceptions (`host:port` or CIDR, comma-separated), as for the notifier. */
	WEBHOOK_ALLOW_LIST: T.String({ default: '' }),
	/** The private Ed25519 JWK (with kid) evidence records are signed with; or EVIDENCE_SIGNING_KEY_FILE naming a mounted file. Without either, evidence=true answers 503. */
	EVIDENCE_SIGNING_KEY: T.String({ default: '' }),
	EVIDENCE_SIGNING_KEY_FILE: T.String({ default: '' }),
	/** Public JWKs of retired signing keys (a JWK, an array or a JWKS), still published so older records verify; or a mounted file. */
	EVIDENCE_PUBLIC_KEYS: T.String({ default: '' }),
	EVIDENCE_PUBLIC_KEYS_FILE: T.String({ default: '' }),
	/** How often the gateway deletes rows past their retention: evidence records past five years (they already answer 404), export requests older than the usage history. */
	EVIDENCE_PURGE_INTERVAL_MS: T.Integer({ minimum: 1_000, default: 3_600_000 }),
	/** Verifies the dashboard's OAuth access tokens (the same value the dashboard signs with); empty: no connector endpoint. */
	OAUTH_TOKEN_SECRET: T.String({
		pattern: '^(|.{32,})$',
		default: '',
		description: 'at least 32 characters; empty turns /mcp/account off'
	}),
	/** {mcp_url}, the public origin of /mcp/account (the tokens' audience); empty: PUBLIC_BASE_URL. */
	MCP_URL: T.String({ pattern: '^(|https?://.+)$', default: '' }),
	/** Comma-separated browser origins (`https://host[:port]`) besides APP_URL's that may call /mcp/account; any other Origin is 403. */
	MCP_ALLOWED_ORIGINS: T.String({ pattern: '^(|\\s*https?://[^/,\\s]+/?\\s*(,\\s*https?://[^/,\\s]+/?\\s*)*)$', default: '' })
})

export type GatewayConfig = ReturnType<typeof readGatewayConfig>

export const readGatewayConfig = (env: Record<string, string | undefined>) => readConfig(GatewayEnv, env)
