import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { createApp as createGatewayApp } from '../../../gateway/src/app.ts'
import { type DashboardDeps, createApp } from '../app.ts'
import type { OAuthSettings } from '../oauth/oauth-settings.ts'

export const TEST_CONFIG: DashboardDeps['config'] = {
	APP_URL: 'http://localhost',
	API_BASE_URL: 'http://api.localhost',
	PRICING_URL: 'https://example.test/pricing',
	DASHBOARD_SESSION_TTL_HOURS: 24,
	DASHBOARD_SIGN_IN_EMAIL_LIMIT: 5,
	DASHBOARD_SIGN_IN_ADDRESS_LIMIT: 50,
	DASHBOARD_SIGN_UP_ADDRESS_LIMIT: 200,
	DASHBOARD_GATEWAY_TIMEOUT_MS: 10_000
}

/** The authorisation server's settings; the harness gateway verifies its tokens. */
export const TEST_OAUTH: OAuthSettings = { tokenSecret: 'dashboard-test-oauth-secret-'.padEnd(48, 'x'), mcpUrl: 'http://api.localhost', registrationsPerAddressHour: 1000 }

const GATEWAY_CONFIG = {
	PUBLIC_BASE_URL: 'http://api.localhost',
	PRICING_URL: TEST_CONFIG.PRICING_URL,
	APP_URL: TEST_CONFIG.APP_URL,
	CHECKER_TIMEOUT_MS: 500,
	LIMITS_STORE_TIMEOUT_MS: 2_000,
	TRUSTED_PROXIES: ''
}

export type Harness = {
	db: TestDatabase
	bus: Bus
	clock: TestClock
	/** The real gateway app the dashboard calls (in process, through `handle`). */
	gateway: ReturnType<typeof createGatewayApp>
	dashboard(config?: Partial<DashboardDeps['config']>): ReturnType<typeof createApp>
	stop(): Promise<void>
}

/** A fresh database and nats-server, the real gateway on them, and dashboards wired to that gateway. */
export async function startHarness(): Promise<Harness> {
	const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const bus = await connectBus({ servers: nats.url, name: 'dashboard-test' })
	const clock = new TestClock()
	const gateway = createGatewayApp({
		sql: db.sql,
		bus,
		clock,
		logger: silentLogger,
		config: GATEWAY_CONFIG,
		// Test receivers listen on loopback, which the URL policy refuses unless the operator allows it.
		webhooks: { secretKey: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex'), allowList: ['127.0.0.1/32'] },
		connector: { tokenSecret: TEST_OAUTH.tokenSecret, issuer: TEST_CONFIG.APP_URL, mcpUrl: TEST_OAUTH.mcpUrl }
	})
	return {
		db,
		bus,
		clock,
		gateway,
		dashboard: (config = {}) =>
			createApp({
				sql: db.sql,
				clock,
				logger: silentLogger,
				config: { ...TEST_CONFIG, ...config },
				gatewayFetch: (request) => gateway.handle(request),
				oauth: TEST_OAUTH
			}),
		async stop() {
			await bus.close()
			await nats.stop()
			await db.drop()
		}
	}
}
