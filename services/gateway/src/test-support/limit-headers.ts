const MONTHLY_QUOTA_HEADERS = [
	'x-monthly-quota-limit',
	'x-monthly-quota-used',
	'x-monthly-quota-remaining',
	'x-monthly-quota-reset',
	'x-monthly-quota-warning'
]

/** The X-RateLimit-* and X-Upgrade-URL values of a response, and which X-Monthly-Quota-* it carries. */
export const limitHeaders = (response: Response) => ({
	limit: response.headers.get('x-ratelimit-limit'),
	remaining: response.headers.get('x-ratelimit-remaining'),
	reset: response.headers.get('x-ratelimit-reset'),
	upgrade: response.headers.get('x-upgrade-url'),
	monthly: MONTHLY_QUOTA_HEADERS.filter((name) => response.headers.has(name))
})
