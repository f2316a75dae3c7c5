/** The gateway settings every bench gateway runs with (checker and limits store deadlines of 2 s, no proxy but localhost). */
export const BENCH_GATEWAY_CONFIG = {
	PUBLIC_BASE_URL: 'http://127.0.0.1',
	PRICING_URL: 'https://example.test/pricing',
	APP_URL: 'http://127.0.0.1',
	CHECKER_TIMEOUT_MS: 2000,
	LIMITS_STORE_TIMEOUT_MS: 2000,
	TRUSTED_PROXIES: '127.0.0.1'
}
