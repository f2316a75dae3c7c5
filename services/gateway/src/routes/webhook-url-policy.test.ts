import { beforeAll, describe, expect, test } from 'bun:test'
import { ManualTimers, TestClock } from '@lv/clock'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import type { Resolve } from '@lv/webhooks'
import { createApp } from '../app.ts'
import { testDeps } from '../test-support/gateway.ts'
import { WEBHOOK_URL_RESOLVE_TIMEOUT_MS } from '../webhooks/webhook-settings.ts'
import { newSecretKey, notificationsApp, testResolve } from '../test-support/webhooks.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-10T12:00:00.000Z')
const env = databaseAndNatsPerFile('url-policy-test')
let app: ReturnType<typeof notificationsApp>
let key: string

beforeAll(async () => {
	app = notificationsApp({ sql: env.db.sql, bus: env.bus, clock, secretKey: newSecretKey() })
	key = (await accountWithKey(env.db.sql, clock, 'enterprise')).key
})
/** Hostile webhook URLs and the reason each is refused with on POST /v1/webhooks (field `url`). */
const HOSTILE: [name: string, url: string, reason: string][] = [
	['IPv4 loopback', 'http://127.0.0.1/hook', 'private_ip_blocked'],
	['IPv4 loopback elsewhere in 127/8', 'http://127.45.6.7/hook', 'private_ip_blocked'],
	['RFC 1918 10/8', 'http://10.0.0.1/hook', 'private_ip_blocked'],
	['RFC 1918 172.16/12', 'https://172.16.5.4/hook', 'private_ip_blocked'],
	['RFC 1918 192.168/16', 'https://192.168.1.1/hook', 'private_ip_blocked'],
	['cloud metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/', 'private_ip_blocked'],
	['link-local 169.254/16', 'http://169.254.10.10/', 'private_ip_blocked'],
	['CGNAT 100.64/10', 'http://100.64.0.1/', 'private_ip_blocked'],
	['this-network 0.0.0.0', 'http://0.0.0.0/', 'private_ip_blocked'],
	['multicast 224/4', 'http://224.0.0.1/', 'private_ip_blocked'],
	['reserved 240/4', 'http://240.0.0.1/', 'private_ip_blocked'],
	['broadcast', 'http://255.255.255.255/', 'private_ip_blocked'],
	['IPv6 loopback', 'http://[::1]/hook', 'private_ip_blocked'],
	['IPv6 unspecified', 'http://[::]/hook', 'private_ip_blocked'],
	['IPv6 link-local', 'http://[fe80::1]/hook', 'private_ip_blocked'],
	['IPv6 unique-local', 'http://[fd00::1]/hook', 'private_ip_blocked'],
	['IPv6 multicast', 'http://[ff02::1]/hook', 'private_ip_blocked'],
	['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook', 'private_ip_blocked'],
	['IPv4-mapped IPv6 metadata in hex', 'http://[::ffff:a9fe:a9fe]/hook', 'private_ip_blocked'],
	['6to4 of 127.0.0.1', 'http://[2002:7f00:1::]/hook', 'private_ip_blocked'],
	['6to4 of 10.0.0.1', 'http://[2002:a00:1::1]/hook', 'private_ip_blocked'],
	['NAT64 of the metadata address', 'http://[64:ff9b::a9fe:a9fe]/hook', 'private_ip_blocked'],
	['decimal spelling of 127.0.0.1', 'http://2130706433/hook', 'private_ip_blocked'],
	['octal spelling of 127.0.0.1', 'http://0177.0.0.1/hook', 'private_ip_blocked'],
	['hex spelling of 127.0.0.1', 'http://0x7f.0.0.1/hook', 'private_ip_blocked'],
	['single hex number for 127.0.0.1', 'http://0x7f000001/hook', 'private_ip_blocked'],
	['short form 127.1', 'http://127.1/hook', 'private_ip_blocked'],
	['decimal spelling of the metadata address', 'http://2852039166/latest/meta-data/', 'private_ip_blocked'],
	['zero as an address', 'http://0/hook', 'private_ip_blocked'],
	['a fragment hiding the real host', 'http://127.0.0.1#@hooks.example.com/', 'private_ip_blocked'],
	['localhost', 'http://localhost/hook', 'blocked_hostname'],
	['LOCALHOST with a trailing dot', 'http://LOCALHOST./hook', 'blocked_hostname'],
	['a name under localhost', 'http://api.localhost/hook', 'blocked_hostname'],
	['GCP metadata name', 'http://metadata.google.internal/computeMetadata/v1/', 'blocked_hostname'],
	['a single-label intranet name', 'http://intranet/hook', 'blocked_hostname'],
	['IDN full-width letters spelling localhost', 'http://ｌｏｃａｌｈｏｓｔ/hook', 'blocked_hostname'],
	['a name under .internal', 'https://db.corp.internal/hook', 'blocked_hostname'],
	['a public-looking name resolving to a private address', 'https://rebind.attacker-example.com/hook', 'private_ip_blocked'],
	['a name resolving to IPv6 loopback', 'https://loopback6.attacker-example.com/hook', 'private_ip_blocked'],
	['a name with one public and one private address', 'https://mixed.attacker-example.com/hook', 'private_ip_blocked'],
	['a name resolving to the metadata address', 'https://metadata.attacker-example.com/hook', 'private_ip_blocked'],
	['a nip.io-style name resolving to loopback', 'http://127.0.0.1.nip.io/hook', 'private_ip_blocked'],
	['a name resolving to an IPv4-mapped private address', 'https://mapped.attacker-example.com/hook', 'private_ip_blocked'],
	['a name that does not resolve', 'https://does-not-exist.example.org/hook', 'unresolvable_host'],
	['user and password before the host', 'https://user:pass@hooks.example.com/hook', 'invalid_url'],
	['a public name as userinfo before a private host', 'http://hooks.example.com@127.0.0.1/hook', 'invalid_url'],
	['ftp scheme', 'ftp://hooks.example.com/hook', 'invalid_scheme'],
	['file scheme', 'file:///etc/passwd', 'invalid_scheme'],
	['gopher scheme', 'gopher://127.0.0.1:25/', 'invalid_scheme'],
	['javascript scheme', 'javascript:alert(1)', 'invalid_scheme'],
	['a relative path', '/hooks/relative', 'invalid_url'],
	['a scheme without slashes', 'http:hooks.example.com/hook', 'invalid_url'],
	['backslashes instead of slashes', 'http:\\\\hooks.example.com\\hook', 'invalid_url'],
	['no host', 'http:///hook', 'empty_host'],
	['only a port', 'http://:8080/hook', 'empty_host'],
	['longer than 2048 characters', `https://hooks.example.com/${'a'.repeat(2048)}`, 'invalid_url'],
	['longer than 2048 characters once percent-encoded', `https://hooks.example.com/${'\u00e9'.repeat(1000)}`, 'invalid_url']
]

describe('hostile webhook URLs are refused with 400 invalid_query on field url', () => {
	for (const [name, url, reason] of HOSTILE) {
		test(`${name}: ${url.length > 80 ? `${url.slice(0, 60)}…` : url} → ${reason}`, async () => {
			clock.advance(1_000)
			const response = await app.handle(
				new Request('http://localhost/v1/webhooks', {
					method: 'POST',
					headers: { ...bearer(key), 'content-type': 'application/json' },
					body: JSON.stringify({ url, events: ['license.status_changed'] })
				})
			)
			expect({ status: response.status, body: await response.json() }).toMatchObject({
				status: 400,
				body: { code: 'invalid_query', details: { reason, field: 'url' } }
			})
		})
	}

	test('and none of them left an endpoint behind', async () => {
		expect(await env.db.sql`SELECT 1 FROM webhook_endpoints`).toHaveLength(0)
	})

	test('a public https URL with the same shape is accepted', async () => {
		clock.advance(1_000)
		const response = await app.handle(
			new Request('http://localhost/v1/webhooks', {
				method: 'POST',
				headers: { ...bearer(key), 'content-type': 'application/json' },
				body: JSON.stringify({ url: 'https://hooks.example.com/hook', events: ['license.status_changed'] })
			})
		)
		expect(response.status).toBe(201)
	})
})

describe('a webhook host whose name server never answers', () => {
	let silent = false
	const silentWhenAsked: Resolve = (hostname) => (silent ? new Promise(() => {}) : testResolve(hostname))
	const post = (target: ReturnType<typeof createApp>, path: string, body?: unknown) => {
		clock.advance(1_000)
		return target.handle(
			new Request(`http://localhost${path}`, {
				method: 'POST',
				headers: { ...bearer(key), 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body)
			})
		)
	}
	const timers = new ManualTimers()
	const appWithSilentResolver = () =>
		createApp({
			...testDeps({ sql: env.db.sql, bus: env.bus, clock }),
			webhooks: { secretKey: newSecretKey(), allowList: [], resolve: silentWhenAsked, resolveTimer: timers.startTimer }
		})
	/** The answer once the resolution deadline has passed: the timer asked for is the default deadline, fired by hand. */
	const pastResolveDeadline = async (answer: Promise<Response>) => {
		await timers.started()
		expect(timers.pending.filter((timer) => !timer.cancelled).map((timer) => timer.ms)).toEqual([WEBHOOK_URL_RESOLVE_TIMEOUT_MS])
		timers.fireAll()
		return answer
	}

	test('is refused as unresolvable on create once the resolution deadline passes, not held open', async () => {
		silent = true
		const response = await pastResolveDeadline(
			post(appWithSilentResolver(), '/v1/webhooks', { url: 'https://hooks.example.com/slow', events: ['license.status_changed'] })
		)
		expect({ status: response.status, body: await response.json() }).toMatchObject({
			status: 400,
			body: { code: 'invalid_query', details: { reason: 'unresolvable_host', field: 'url' } }
		})
	})

	test('makes a test ping answer undelivered with the reason instead of waiting on the resolver', async () => {
		silent = false
		const target = appWithSilentResolver()
		const created = await post(target, '/v1/webhooks', { url: 'https://hooks.example.com/slow-later', events: ['license.status_changed'] })
		expect(created.status).toBe(201)
		const { id } = (await created.json()) as { id: string }
		silent = true
		const ping = await pastResolveDeadline(post(target, `/v1/webhooks/${id}/test`))
		expect({ status: ping.status, body: await ping.json() }).toMatchObject({
			status: 200,
			body: { delivered: false, http_status: null, error: expect.stringContaining('unresolvable_host') }
		})
	})
})
