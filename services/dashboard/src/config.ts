import { T, commonEnv, readConfig } from '@lv/config'

export const DashboardEnv = T.Object({
	...commonEnv,
	PORT: T.Integer({ minimum: 0, maximum: 65535, default: 8090 }),
	HOST: T.String({ default: '0.0.0.0' }),
	/** The dashboard's own public address ({app_url}); an https address makes the cookies Secure. */
	APP_URL: T.String({ pattern: '^https?://', default: 'http://localhost:8090' }),
	/** Where the dashboard reaches the gateway, as any client does. */
	API_BASE_URL: T.String({ pattern: '^https?://', default: 'http://localhost:8080' }),
	PRICING_URL: T.String({ pattern: '^https?://', default: 'https://licence-verify.example/pricing' }),
	DASHBOARD_SESSION_TTL_HOURS: T.Integer({ minimum: 1, maximum: 24 * 90, default: 24 * 7 }),
	/** Sign-in attempts allowed per email address in each 15-minute window. */
	DASHBOARD_SIGN_IN_EMAIL_LIMIT: T.Integer({ minimum: 1, default: 10 }),
	/** Sign-in attempts allowed per client address in each 15-minute window. */
	DASHBOARD_SIGN_IN_ADDRESS_LIMIT: T.Integer({ minimum: 1, default: 50 }),
	/** Sign-ups allowed per client address in each hour. */
	DASHBOARD_SIGN_UP_ADDRESS_LIMIT: T.Integer({ minimum: 1, default: 20 }),
	/** How long a call to the gateway (webhook test, export) may take. */
	DASHBOARD_GATEWAY_TIMEOUT_MS: T.Integer({ minimum: 1_000, default: 120_000 }),
	/** Signs OAuth access tokens for assistant connectors (the gateway verifies with the same value); empty: no OAuth endpoints. */
	OAUTH_TOKEN_SECRET: T.String({ pattern: '^(|.{32,})$', default: '' }),
	/** {mcp_url}, the origin of the connector endpoint /mcp/account; empty: API_BASE_URL. */
	MCP_URL: T.String({ pattern: '^(|https?://.+)$', default: '' }),
	/** Dynamic client registrations allowed per client address in each hour. */
	OAUTH_REGISTRATIONS_PER_ADDRESS_HOUR: T.Integer({ minimum: 1, default: 20 })
})

export type DashboardConfig = ReturnType<typeof readDashboardConfig>

export const readDashboardConfig = (env: Record<string, string | undefined>) => readConfig(DashboardEnv, env)
