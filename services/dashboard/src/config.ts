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
	/** A session unused for this long is over, whatever its lifetime left. */
	DASHBOARD_SESSION_IDLE_MINUTES: T.Integer({ minimum: 1, maximum: 24 * 60 * 90, default: 60 }),
	/** Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; the gateway's rule (`@lv/client-address`). */
	TRUSTED_PROXIES: T.String({ default: '' }),
	/** Sign-in attempts allowed per email address in each 15-minute window. */
	DASHBOARD_SIGN_IN_EMAIL_LIMIT: T.Integer({ minimum: 1, default: 10 }),
	/** Sign-in attempts allowed per client address in each 15-minute window. */
	DASHBOARD_SIGN_IN_ADDRESS_LIMIT: T.Integer({ minimum: 1, default: 50 }),
	/** Sign-ups allowed per client address in each hour. */
	DASHBOARD_SIGN_UP_ADDRESS_LIMIT: T.Integer({ minimum: 1, default: 20 }),
	/** Sign-up mails sent to one email address in each hour; further sign-ups for it send nothing. */
	DASHBOARD_SIGN_UP_EMAIL_LIMIT: T.Integer({ minimum: 1, default: 3 }),
	/** How long the link in a sign-up mail works. */
	DASHBOARD_SIGN_UP_LINK_TTL_HOURS: T.Integer({ minimum: 1, maximum: 24 * 7, default: 24 }),
	/** Where mail goes: `smtp://user:password@host:587`, `smtps://…:465`, or `file:///dir` (one .eml file per mail, for local use). */
	DASHBOARD_MAIL_URL: T.String({ pattern: '^(smtps?|file)://' }),
	DASHBOARD_MAIL_FROM: T.String({ minLength: 3, default: 'Licence Register Verification <no-reply@licence-verify.example>' }),
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
