import type { Bus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql, StatementRunner } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { type GatewayDeps, createApp } from '../app.ts'
import { type AuthRuntime, createAuthRuntime } from '../auth/runtime.ts'
import { DEFAULT_KEY_LEASE_MS } from '../config.ts'

export const TEST_CONFIG: GatewayDeps['config'] = {
	PUBLIC_BASE_URL: 'https://api.example.test',
	PRICING_URL: 'https://example.test/pricing',
	APP_URL: 'https://app.example.test',
	CHECKER_TIMEOUT_MS: 500,
	LIMITS_STORE_TIMEOUT_MS: 2_000,
	TRUSTED_PROXIES: '',
	// Leases on, as in production: a key change a test expects on the next call goes through a writer that waits for the replicas.
	KEY_LEASE_MS: DEFAULT_KEY_LEASE_MS
}

export function testDeps(input: {
	sql: Sql
	bus: Bus
	clock: Clock
	config?: Partial<GatewayDeps['config']>
	countingSql?: StatementRunner
	checkerStates?: GatewayDeps['checkerStates']
}): GatewayDeps {
	const { sql, bus, clock, countingSql, checkerStates } = input
	return { sql, bus, clock, countingSql, checkerStates, logger: silentLogger, config: { ...TEST_CONFIG, ...input.config } }
}

export const testApp = (input: Parameters<typeof testDeps>[0]) => createApp(testDeps(input))

/**
 * One gateway replica: the app and its auth runtime (key cache, limits), for tests that look into it or add routes to it.
 * Leases only with `keyLeaseMs`, and then the test runs the check rounds itself (`auth.leases.checkRound()`).
 */
export function testReplica(input: Parameters<typeof testDeps>[0] & { keyLeaseMs?: number }): {
	app: ReturnType<typeof createApp>
	auth: AuthRuntime
} {
	const deps = testDeps(input)
	const auth = createAuthRuntime({ ...deps, keyLeaseMs: input.keyLeaseMs })
	return { app: createApp({ ...deps, auth }), auth }
}
