import { describe, expect, test } from 'bun:test'
import { type ErrorReason, isAppError } from '@lv/errors'
import { type Resolve, systemResolve } from '@lv/net-policy'
import { checkWebhookUrl, parseWebhookUrl } from './url-policy.ts'

const PUBLIC_V4 = '93.184.216.34'
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946'

/** The test's DNS: names map to address lists; anything else is NXDOMAIN. */
const ZONE: Record<string, string[]> = {
	'hooks.example.com': [PUBLIC_V4],
	'v6.hooks.example.com': [PUBLIC_V6],
	'xn--bcher-kva.de': ['81.169.145.78'],
	'intranet.attacker.example': ['10.1.2.3'],
	'split.attacker.example': [PUBLIC_V4, '192.168.1.10'],
	'split-v6.attacker.example': [PUBLIC_V6, 'fe80::1%eth0'],
	'metadata-alias.attacker.example': ['169.254.169.254'],
	'ula.attacker.example': ['fd12:3456::1'],
	'mapped.attacker.example': ['::ffff:127.0.0.1'],
	'127.0.0.1.nip.io': ['127.0.0.1'],
	'empty.attacker.example': [],
	localhost: ['127.0.0.1', '::1']
}

function zoneResolver(): Resolve & { asked: string[] } {
	const asked: string[] = []
	const resolve = async (hostname: string) => {
		asked.push(hostname)
		const addresses = ZONE[hostname]
		if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
		return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
	}
	return Object.assign(resolve, { asked })
}

type Refusal = { reason: ErrorReason; field?: string; status: number; code: string }

async function refusal(url: string, options: Parameters<typeof checkWebhookUrl>[1] = {}): Promise<Refusal> {
	try {
		await checkWebhookUrl(url, { resolve: zoneResolver(), ...options })
	} catch (error) {
		if (!isAppError(error)) throw error
		return { reason: error.reason, field: error.field, status: error.status, code: error.code }
	}
	throw new Error(`${url} was accepted`)
}

const teredo = (server: string, client: string): string => {
	const groups = (ip: string, invert: boolean) => {
		const bytes = ip.split('.').map((part) => Number(part) ^ (invert ? 0xff : 0))
		const hex = (high: number, low: number) => ((high << 8) | low).toString(16)
		return `${hex(bytes[0] ?? 0, bytes[1] ?? 0)}:${hex(bytes[2] ?? 0, bytes[3] ?? 0)}`
	}
	return `http://[2001:0:${groups(server, false)}:8000:63bf:${groups(client, true)}]/`
}

const HOSTILE: [name: string, url: string, reason: ErrorReason][] = [
	// IPv4 spellings of loopback; WHATWG URL normalises each to 127.0.0.1 before the range check
	['decimal integer host 2130706433 is loopback', 'http://2130706433/', 'private_ip_blocked'],
	['octal host 0177.0.0.1 is loopback', 'http://0177.0.0.1/', 'private_ip_blocked'],
	['hex short host 0x7f.1 is loopback', 'http://0x7f.1/', 'private_ip_blocked'],
	['hex integer host 0x7f000001 is loopback', 'http://0x7f000001/', 'private_ip_blocked'],
	['short form 127.1 is loopback', 'http://127.1/', 'private_ip_blocked'],
	['mixed radix 0x7f.0.00.01 is loopback', 'http://0x7f.0.00.01/', 'private_ip_blocked'],
	['percent-encoded %31%32%37.0.0.1 is loopback', 'http://%31%32%37.0.0.1/', 'private_ip_blocked'],
	['ideographic full stops 127。0。0。1 are loopback', 'http://127\u30020\u30020\u30021/', 'private_ip_blocked'],
	['circled digits ①②⑦.0.0.1 are loopback', 'http://\u2460\u2461\u2466.0.0.1/', 'private_ip_blocked'],
	['trailing-dot 127.0.0.1. is loopback', 'http://127.0.0.1./', 'private_ip_blocked'],
	['plain 127.0.0.1 with a port is loopback', 'https://127.0.0.1:8443/hook', 'private_ip_blocked'],
	// every blocked IPv4 range
	['host 0 is 0.0.0.0 (this network)', 'http://0/', 'private_ip_blocked'],
	['0.0.0.0 is this network', 'http://0.0.0.0/', 'private_ip_blocked'],
	['10.0.0.1 is private', 'http://10.0.0.1/', 'private_ip_blocked'],
	['172.16.0.1 is private', 'http://172.16.0.1/', 'private_ip_blocked'],
	['172.31.255.255 is private', 'http://172.31.255.255/', 'private_ip_blocked'],
	['192.168.0.1 is private', 'http://192.168.0.1/', 'private_ip_blocked'],
	['169.254.169.254 is cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data/', 'private_ip_blocked'],
	['100.64.0.1 is CGNAT shared space', 'http://100.64.0.1/', 'private_ip_blocked'],
	['100.100.100.200 (Alibaba metadata) is CGNAT shared space', 'http://100.100.100.200/', 'private_ip_blocked'],
	['192.0.0.1 is an IETF protocol assignment', 'http://192.0.0.1/', 'private_ip_blocked'],
	['192.0.2.1 is documentation', 'http://192.0.2.1/', 'private_ip_blocked'],
	['198.51.100.7 is documentation', 'http://198.51.100.7/', 'private_ip_blocked'],
	['203.0.113.9 is documentation', 'http://203.0.113.9/', 'private_ip_blocked'],
	['192.88.99.1 is the 6to4 relay anycast', 'http://192.88.99.1/', 'private_ip_blocked'],
	['198.18.0.1 is benchmarking', 'http://198.18.0.1/', 'private_ip_blocked'],
	['198.19.255.254 is benchmarking', 'http://198.19.255.254/', 'private_ip_blocked'],
	['224.0.0.1 is multicast', 'http://224.0.0.1/', 'private_ip_blocked'],
	['239.255.255.250 is multicast', 'http://239.255.255.250/', 'private_ip_blocked'],
	['240.0.0.1 is reserved', 'http://240.0.0.1/', 'private_ip_blocked'],
	['255.255.255.255 is broadcast', 'http://255.255.255.255/', 'private_ip_blocked'],
	// IPv6 literals
	['[::1] is IPv6 loopback', 'http://[::1]/', 'private_ip_blocked'],
	['[0:0:0:0:0:0:0:1] is IPv6 loopback spelled out', 'http://[0:0:0:0:0:0:0:1]/', 'private_ip_blocked'],
	['[::] is the unspecified address', 'http://[::]/', 'private_ip_blocked'],
	['[fc00::1] is unique-local', 'http://[fc00::1]/', 'private_ip_blocked'],
	['[fd00:ec2::254] is the AWS IPv6 metadata address', 'http://[fd00:ec2::254]/', 'private_ip_blocked'],
	['[fe80::1] is link-local', 'http://[fe80::1]/', 'private_ip_blocked'],
	['[fec0::1] is deprecated site-local', 'http://[fec0::1]/', 'private_ip_blocked'],
	['[ff02::1] is multicast', 'http://[ff02::1]/', 'private_ip_blocked'],
	['[2001:db8::1] is documentation', 'http://[2001:db8::1]/', 'private_ip_blocked'],
	['[100::1] is discard-only', 'http://[100::1]/', 'private_ip_blocked'],
	// IPv6 forms embedding an IPv4 address
	['IPv4-mapped [::ffff:127.0.0.1] is loopback', 'http://[::ffff:127.0.0.1]/', 'private_ip_blocked'],
	['IPv4-mapped [::ffff:169.254.169.254] is cloud metadata', 'http://[::ffff:169.254.169.254]/', 'private_ip_blocked'],
	['IPv4-mapped in hex [::ffff:a00:1] is private 10.0.0.1', 'http://[::ffff:a00:1]/', 'private_ip_blocked'],
	['IPv4-compatible [::127.0.0.1] is loopback', 'http://[::127.0.0.1]/', 'private_ip_blocked'],
	['IPv4-translated [::ffff:0:7f00:1] is loopback', 'http://[::ffff:0:7f00:1]/', 'private_ip_blocked'],
	['6to4 [2002:7f00:1::] embeds loopback', 'http://[2002:7f00:1::]/', 'private_ip_blocked'],
	['6to4 [2002:a9fe:a9fe::] embeds cloud metadata', 'http://[2002:a9fe:a9fe::]/', 'private_ip_blocked'],
	['NAT64 [64:ff9b::7f00:1] embeds loopback', 'http://[64:ff9b::7f00:1]/', 'private_ip_blocked'],
	['NAT64 [64:ff9b::192.168.1.1] embeds a private address', 'http://[64:ff9b::192.168.1.1]/', 'private_ip_blocked'],
	['local-use NAT64 [64:ff9b:1::808:808] is not public', 'http://[64:ff9b:1::808:808]/', 'private_ip_blocked'],
	['Teredo with client 127.0.0.1 embeds loopback', teredo('65.54.227.120', '127.0.0.1'), 'private_ip_blocked'],
	['Teredo with server 10.0.0.1 embeds a private address', teredo('10.0.0.1', '8.8.8.8'), 'private_ip_blocked'],
	// names
	['localhost is a blocked name', 'http://localhost/', 'blocked_hostname'],
	['LOCALHOST. with case and trailing dot is a blocked name', 'http://LOCALHOST./', 'blocked_hostname'],
	['localhost.. with two trailing dots is a blocked name', 'http://localhost../', 'blocked_hostname'],
	['metadata.google.internal... with trailing dots is a blocked name', 'http://metadata.google.internal.../', 'blocked_hostname'],
	['a single-label name with two trailing dots is blocked', 'http://wiki../', 'blocked_hostname'],
	['a subdomain of localhost is a blocked name', 'http://api.localhost/', 'blocked_hostname'],
	[
		'enclosed-alphanumeric IDN ⓛⓞⓒⓐⓛⓗⓞⓢⓣ maps to localhost',
		'http://\u24db\u24de\u24d2\u24d0\u24db\u24d7\u24de\u24e2\u24e3/',
		'blocked_hostname'
	],
	[
		'fullwidth IDN ｌｏｃａｌｈｏｓｔ maps to localhost',
		'http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/',
		'blocked_hostname'
	],
	['mDNS name printer.local is blocked', 'http://printer.local/', 'blocked_hostname'],
	['metadata.google.internal is blocked', 'http://metadata.google.internal/computeMetadata/v1/', 'blocked_hostname'],
	['metadata.goog is blocked', 'http://metadata.goog/', 'blocked_hostname'],
	['any .internal name is blocked', 'https://db.prod.internal/', 'blocked_hostname'],
	['a single-label name completed by search domains is blocked', 'http://wiki/', 'blocked_hostname'],
	['home.arpa names are blocked', 'http://router.home.arpa/', 'blocked_hostname'],
	// names whose resolution is hostile
	['a name resolving to 10.1.2.3 is refused', 'https://intranet.attacker.example/hook', 'private_ip_blocked'],
	['a name resolving to one public and one private address is refused', 'https://split.attacker.example/', 'private_ip_blocked'],
	['a name resolving to public IPv6 and link-local IPv6 is refused', 'https://split-v6.attacker.example/', 'private_ip_blocked'],
	['a name resolving to 169.254.169.254 is refused', 'https://metadata-alias.attacker.example/', 'private_ip_blocked'],
	['a name resolving to unique-local IPv6 is refused', 'https://ula.attacker.example/', 'private_ip_blocked'],
	['a name resolving to IPv4-mapped loopback is refused', 'https://mapped.attacker.example/', 'private_ip_blocked'],
	['a wildcard DNS name 127.0.0.1.nip.io is refused', 'http://127.0.0.1.nip.io/', 'private_ip_blocked'],
	['a fragment cannot smuggle a loopback host past the check', 'http://127.0.0.1#@hooks.example.com/', 'private_ip_blocked'],
	['a name that does not resolve is unresolvable_host', 'https://nxdomain.attacker.example/', 'unresolvable_host'],
	['a name with no addresses is unresolvable_host', 'https://empty.attacker.example/', 'unresolvable_host'],
	// userinfo tricks
	['userinfo good.com@127.0.0.1 is refused as invalid_url', 'https://good.com@127.0.0.1/', 'invalid_url'],
	['user and password in the URL are refused', 'https://user:pass@hooks.example.com/', 'invalid_url'],
	['an empty userinfo @ is refused', 'https://@hooks.example.com/', 'invalid_url'],
	['a port-looking userinfo 127.0.0.1:80@host is refused', 'http://127.0.0.1:80@hooks.example.com/', 'invalid_url'],
	// scheme and syntax
	['ftp is refused with invalid_scheme', 'ftp://hooks.example.com/', 'invalid_scheme'],
	['file is refused with invalid_scheme', 'file:///etc/passwd', 'invalid_scheme'],
	['gopher is refused with invalid_scheme', 'gopher://hooks.example.com:70/_', 'invalid_scheme'],
	['javascript is refused with invalid_scheme', 'javascript:alert(1)', 'invalid_scheme'],
	['a scheme-relative URL is not absolute', '//hooks.example.com/hook', 'invalid_url'],
	['a path is not absolute', '/hooks', 'invalid_url'],
	['http:host without slashes is refused', 'http:hooks.example.com/hook', 'invalid_url'],
	['https:// has no host', 'https://', 'empty_host'],
	['a port with no host has no host', 'http://:8080/hook', 'empty_host'],
	['a host of only a dot has no host', 'http://./', 'empty_host'],
	['an unterminated IPv6 bracket is invalid', 'http://[::1/', 'invalid_url'],
	['five-part dotted number is invalid', 'http://1.2.3.4.5/', 'invalid_url'],
	['a URL longer than 2048 characters is invalid', `https://hooks.example.com/${'a'.repeat(2048)}`, 'invalid_url'],
	['a URL longer than 2048 characters once percent-encoded is invalid', `https://hooks.example.com/${'\u00e9'.repeat(1000)}`, 'invalid_url']
]

describe('checkWebhookUrl refuses hostile URLs', () => {
	for (const [name, url, reason] of HOSTILE) {
		test(`${name} (${reason})`, async () => {
			const refused = await refusal(url)
			expect(refused).toEqual({ reason, field: 'url', status: 400, code: 'invalid_query' })
		})
	}
})

describe('checkWebhookUrl accepts public URLs', () => {
	test('a public https URL passes and returns the pinned address', async () => {
		const checked = await checkWebhookUrl('https://hooks.example.com/webhooks?x=1', { resolve: zoneResolver() })
		expect(checked.url.href).toBe('https://hooks.example.com/webhooks?x=1')
		expect(checked.address).toBe(PUBLIC_V4)
		expect(checked.family).toBe(4)
	})

	test('a public IPv6-only name passes with family 6', async () => {
		const checked = await checkWebhookUrl('https://v6.hooks.example.com/', { resolve: zoneResolver() })
		expect(checked).toMatchObject({ address: PUBLIC_V6, family: 6 })
	})

	test('an IDN host is resolved in its punycode form', async () => {
		const resolve = zoneResolver()
		const checked = await checkWebhookUrl('https://b\u00fccher.de/hook', { resolve })
		expect(resolve.asked).toEqual(['xn--bcher-kva.de'])
		expect(checked.url.hostname).toBe('xn--bcher-kva.de')
	})

	test('a public IPv4 literal passes without asking the resolver', async () => {
		const resolve = zoneResolver()
		const checked = await checkWebhookUrl('http://8.8.8.8:8080/x', { resolve })
		expect(resolve.asked).toEqual([])
		expect(checked).toMatchObject({ address: '8.8.8.8', family: 4 })
	})

	test('an IPv4-mapped public address passes (the embedded address decides)', async () => {
		const checked = await checkWebhookUrl('http://[::ffff:8.8.8.8]/', { resolve: zoneResolver() })
		expect(checked).toMatchObject({ address: '::ffff:808:808', family: 6 })
	})

	test('a fragment containing @ keeps the request on the named public host', async () => {
		const checked = await checkWebhookUrl('http://hooks.example.com#@127.0.0.1/', { resolve: zoneResolver() })
		expect(checked.url.hostname).toBe('hooks.example.com')
	})

	test('a backslash after the host is a path separator, not a host change', async () => {
		const checked = await checkWebhookUrl('https://hooks.example.com\\@127.0.0.1/', { resolve: zoneResolver() })
		expect(checked.url.hostname).toBe('hooks.example.com')
		expect(checked.address).toBe(PUBLIC_V4)
	})

	test('a URL of exactly 2048 characters is accepted', async () => {
		const base = 'https://hooks.example.com/'
		const url = base + 'a'.repeat(2048 - base.length)
		expect(url.length).toBe(2048)
		await expect(checkWebhookUrl(url, { resolve: zoneResolver() })).resolves.toMatchObject({ address: PUBLIC_V4 })
	})
})

describe('operator allow-list', () => {
	test('a host:port entry lets a loopback receiver through', async () => {
		const checked = await checkWebhookUrl('http://127.0.0.1:4000/hook', { allowList: ['127.0.0.1:4000'] })
		expect(checked).toMatchObject({ address: '127.0.0.1', family: 4 })
	})

	test('a host:port entry does not open other ports of the same host', async () => {
		const refused = await refusal('http://127.0.0.1:4001/hook', { allowList: ['127.0.0.1:4000'] })
		expect(refused.reason).toBe('private_ip_blocked')
	})

	test('a host:port entry for localhost bypasses the name block', async () => {
		const options = { resolve: zoneResolver(), allowList: ['localhost:4000'] }
		const checked = await checkWebhookUrl('http://localhost:4000/', options)
		expect(checked.address).toBe('127.0.0.1')
	})

	test('a CIDR entry admits addresses inside it only', async () => {
		const allowList = ['127.0.0.0/8']
		await expect(checkWebhookUrl('http://127.0.0.2:9/', { allowList })).resolves.toMatchObject({ address: '127.0.0.2' })
		expect((await refusal('http://10.0.0.1/', { allowList })).reason).toBe('private_ip_blocked')
	})

	test('a CIDR entry does not lift the hostname block', async () => {
		expect((await refusal('http://localhost/', { allowList: ['127.0.0.0/8'] })).reason).toBe('blocked_hostname')
	})

	test('the allow-list never lifts the scheme or userinfo rules', async () => {
		expect((await refusal('ftp://127.0.0.1:4000/', { allowList: ['127.0.0.1:4000'] })).reason).toBe('invalid_scheme')
		expect((await refusal('http://a@127.0.0.1:4000/', { allowList: ['127.0.0.1:4000'] })).reason).toBe('invalid_url')
	})

	test('a default port in the URL matches an entry naming that port', async () => {
		await expect(checkWebhookUrl('http://127.0.0.1/', { allowList: ['127.0.0.1:80'] })).resolves.toMatchObject({ address: '127.0.0.1' })
	})

	test('a malformed allow-list entry throws instead of allowing nothing', async () => {
		await expect(checkWebhookUrl('https://hooks.example.com/', { resolve: zoneResolver(), allowList: ['localhost'] })).rejects.toThrow(
			/allow-list entry "localhost"/
		)
	})
})

describe('system resolver', () => {
	test('the default resolver returns every address of a name (localhost from the hosts file)', async () => {
		const addresses = await systemResolve('localhost')
		expect(addresses.length).toBeGreaterThan(0)
		for (const { address } of addresses) expect(['127.0.0.1', '::1']).toContain(address)
	})

	test('checkWebhookUrl uses the system resolver when none is injected', async () => {
		const checked = await checkWebhookUrl('http://localhost:4000/', { allowList: ['localhost:4000'] })
		expect(['127.0.0.1', '::1']).toContain(checked.address)
	})
})

describe('parseWebhookUrl', () => {
	test('returns the WHATWG-normalised URL', () => {
		expect(parseWebhookUrl('HTTPS://Hooks.Example.COM:443/a/../b').href).toBe('https://hooks.example.com/b')
	})
})

describe('refusal messages', () => {
	test('a literal address is named with its range', async () => {
		await expect(checkWebhookUrl('http://169.254.169.254/')).rejects.toThrow(/169\.254\.169\.254 is in link-local and cloud metadata/)
	})

	test('the private address behind a name is not echoed to the caller', async () => {
		const error = await checkWebhookUrl('https://intranet.attacker.example/', { resolve: zoneResolver() }).catch((caught: Error) => caught)
		expect((error as Error).message).toContain('intranet.attacker.example resolves to a non-public address')
		expect((error as Error).message).not.toContain('10.1.2.3')
	})
})
