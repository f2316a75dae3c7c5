import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { evidenceKeyring, generateEvidenceKey } from '@lv/evidence'
import { silentLogger } from '@lv/logger'
import { type SmtpReceiver, type TestDatabase, createTestDatabase, settleWithin, startNats, startSmtpReceiver } from '@lv/testing'
import { createApp as createGatewayApp } from '../../../gateway/src/app.ts'
import { DEFAULT_CHECKER_TIMEOUT_MS, DEFAULT_KEY_LEASE_MS } from '../../../gateway/src/config.ts'
import { type DashboardDeps, createApp } from '../app.ts'
import { createMailer } from '../mail/mailer.ts'
import type { OAuthSettings } from '../oauth/oauth-settings.ts'
import type { PasswordHashCost } from '../auth/passwords.ts'

export const TEST_CONFIG: DashboardDeps['config'] = {
	APP_URL: 'http://localhost',
	API_BASE_URL: 'http://api.localhost',
	PRICING_URL: 'https://example.test/pricing',
	DASHBOARD_SESSION_TTL_HOURS: 24,
	DASHBOARD_SESSION_IDLE_MINUTES: 60,
	TRUSTED_PROXIES: '',
	DASHBOARD_SIGN_IN_EMAIL_LIMIT: 5,
	DASHBOARD_SIGN_IN_ADDRESS_LIMIT: 50,
	DASHBOARD_SIGN_UP_ADDRESS_LIMIT: 200,
	DASHBOARD_SIGN_UP_EMAIL_LIMIT: 3,
	DASHBOARD_SIGN_UP_LINK_TTL_HOURS: 24,
	DASHBOARD_GATEWAY_TIMEOUT_MS: 10_000
}

/**
 * Argon2id at 1 MiB and one pass: the same algorithm, format and checks as PASSWORD_HASH_COST at a
 * sixty-fourth of the memory. Hashing at 64 MiB was most of a dashboard route test's time (a sign-up
 * each), 2.4 s a hash on a loaded machine. passwords.test.ts holds production to PASSWORD_HASH_COST.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 1_024, timeCost: 1 }

/** The authorisation server's settings; the harness gateway verifies its tokens. */
export const TEST_OAUTH: OAuthSettings = {
	tokenSecret: 'dashboard-test-oauth-secret-'.padEnd(48, 'x'),
	mcpUrl: 'http://api.localhost',
	registrationsPerAddressHour: 1000
}

const GATEWAY_CONFIG = {
	PUBLIC_BASE_URL: 'http://api.localhost',
	PRICING_URL: TEST_CONFIG.PRICING_URL,
	APP_URL: TEST_CONFIG.APP_URL,
	// As in production (2 s): the gateway, an in-process checker and the test share one event loop, which a loaded
	// machine stalls for hundreds of milliseconds (the bulk check test's slowest /v1/check took 481 ms on a starved
	// CPU, 2026-11-24); at 500 ms such a stall answers a call 503 checker_unavailable though the checker is up.
	CHECKER_TIMEOUT_MS: DEFAULT_CHECKER_TIMEOUT_MS,
	LIMITS_STORE_TIMEOUT_MS: 2_000,
	TRUSTED_PROXIES: '',
	// Leases on, as in production: key changes go through writers that wait for the replicas (ADR 0031).
	KEY_LEASE_MS: DEFAULT_KEY_LEASE_MS
}

export type Harness = {
	db: TestDatabase
	bus: Bus
	natsUrl: string
	clock: TestClock
	/** A real SMTP server every dashboard of the harness sends its mail to. */
	mailbox: SmtpReceiver
	/** The real gateway app the dashboard calls (in process, through `handle`). */
	gateway: ReturnType<typeof createGatewayApp>
	/** A dashboard on the harness; its mail goes to `mailbox` unless another mailer is given; metrics only when given. */
	dashboard(
		config?: Partial<DashboardDeps['config']>,
		deps?: Partial<Pick<DashboardDeps, 'mailer' | 'metrics' | 'clock' | 'bus' | 'sql'>>
	): ReturnType<typeof createApp>
	/** Stops `stop`'s parts (a worker consuming from the bus) first when the harness stops, even before a file's own afterAll. */
	beforeStop(stop: () => Promise<void>): void
	stop(): Promise<void>
}

/** A fresh database, nats-server and SMTP receiver, the real gateway on them, and dashboards wired to that gateway. */
export async function startHarness(): Promise<Harness> {
	const [db, nats, mailbox] = await Promise.all([createTestDatabase(), startNats(), startSmtpReceiver()])
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
		connector: { tokenSecret: TEST_OAUTH.tokenSecret, issuer: TEST_CONFIG.APP_URL, mcpUrl: TEST_OAUTH.mcpUrl },
		// Signs the check records the dashboard's "Evidence (PDF)" buttons ask for.
		evidence: await evidenceKeyring(await generateEvidenceKey('dashboard-test'))
	})
	await ensureStreams(bus)
	const stopFirst: (() => Promise<void>)[] = []
	return {
		db,
		bus,
		natsUrl: nats.url,
		clock,
		mailbox,
		gateway,
		dashboard: (config = {}, deps = {}) =>
			createApp({
				sql: deps.sql ?? db.sql,
				bus: deps.bus ?? bus,
				clock: deps.clock ?? clock,
				logger: silentLogger,
				config: { ...TEST_CONFIG, ...config },
				gatewayFetch: (request) => gateway.handle(request),
				mailer: deps.mailer ?? createMailer(mailbox.url, 'Licence Register Verification <no-reply@example.test>', clock),
				oauth: TEST_OAUTH,
				metrics: deps.metrics,
				passwordHashCost: TEST_PASSWORD_HASH_COST
			}),
		beforeStop: (stop) => stopFirst.push(stop),
		// Each step bounded: every route file's teardown has been seen to time out in a whole-suite run.
		async stop() {
			for (const stop of stopFirst.splice(0)) await settleWithin('a part stopped before the harness', stop(), 15_000)
			await settleWithin('the SMTP receiver', mailbox.stop(), 5_000)
			await settleWithin('the bus connection', bus.close(), 5_000)
			await settleWithin('nats-server', nats.stop(), 10_000)
			await settleWithin("the file's database", db.drop(), 15_000)
		}
	}
}

/**
 * A harness started before the test file's tests and stopped after them. The returned object is
 * filled in by `beforeAll`, so tests use it as `h.db`, `h.clock`, … like a harness of their own.
 */
export function harnessPerFile(): Harness {
	const h = {} as Harness
	beforeAll(async () => {
		Object.assign(h, await startHarness())
	}, 30_000)
	afterAll(async () => {
		await h.stop?.()
	})
	return h
}
