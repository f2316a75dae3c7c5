import type { Bus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import type { DashboardConfig } from './config.ts'
import type { GatewayFetch } from './gateway/gateway-client.ts'
import type { OAuthSettings } from './oauth/oauth-settings.ts'
import type { Mailer } from './mail/mailer.ts'
import type { DashboardMetrics } from './metrics.ts'
import type { PasswordHashCost } from './auth/passwords.ts'

export type DashboardDeps = {
	sql: Sql
	/** Bulk check jobs publish their batches here. */
	bus: Bus
	clock: Clock
	logger: Logger
	config: Pick<
		DashboardConfig,
		| 'APP_URL'
		| 'API_BASE_URL'
		| 'PRICING_URL'
		| 'DASHBOARD_SESSION_TTL_HOURS'
		| 'DASHBOARD_SESSION_IDLE_MINUTES'
		| 'TRUSTED_PROXIES'
		| 'DASHBOARD_SIGN_IN_EMAIL_LIMIT'
		| 'DASHBOARD_SIGN_IN_ADDRESS_LIMIT'
		| 'DASHBOARD_SIGN_UP_ADDRESS_LIMIT'
		| 'DASHBOARD_SIGN_UP_EMAIL_LIMIT'
		| 'DASHBOARD_SIGN_UP_LINK_TTL_HOURS'
		| 'DASHBOARD_GATEWAY_TIMEOUT_MS'
	>
	/** How requests reach the gateway: global `fetch` in production. */
	gatewayFetch: GatewayFetch
	/** OAUTH_TOKEN_SECRET and MCP_URL: without it there is no authorisation server for assistant connectors. */
	oauth?: OAuthSettings
	/** Sign-up mails: SMTP in production, a file directory on the local stack, a test receiver in tests. */
	mailer: Mailer
	metrics?: DashboardMetrics
	/** Argon2id's cost of new password hashes: PASSWORD_HASH_COST when absent, as in production; tests pass a cheaper one. */
	passwordHashCost?: PasswordHashCost
}
