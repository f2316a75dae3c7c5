import { invalidQuery } from '@lv/errors'
import {
	type AllowList,
	EMPTY_ALLOW_LIST,
	type Resolve,
	allowsOrigin,
	blockedHostnameReason,
	checkUrlAddress,
	parseAllowList,
	parseIp,
	systemResolve
} from '@lv/net-policy'

export const MAX_WEBHOOK_URL_LENGTH = 2048

export type ResolvedAddress = { address: string; family: 4 | 6 }

export type UrlPolicyOptions = {
	/** Name resolution; defaults to the system resolver (getaddrinfo, every address). */
	resolve?: Resolve
	/** Deployment-config exceptions (see allow-list.ts); never taken from an API caller. */
	allowList?: readonly string[] | AllowList
}

/** The URL as it will be called and the one address the delivery must connect to. */
export type CheckedWebhookUrl = { url: URL } & ResolvedAddress

const refuse = (reason: Parameters<typeof invalidQuery>[0], message: string) => invalidQuery(reason, message, 'url')

/**
 * SPEC "Endpoint URL policy": run on create, on update and before every delivery.
 * Returns the parsed URL plus the checked address to pin the connection to, or throws
 * a 400 invalid_query AppError (field `url`) with the reason.
 */
export async function checkWebhookUrl(input: string, options: UrlPolicyOptions = {}): Promise<CheckedWebhookUrl> {
	const allowList = toAllowList(options.allowList)
	const url = parseWebhookUrl(input)

	const hostname = url.hostname
	const originAllowed = allowsOrigin(allowList, url)
	const literal = parseIp(hostname)
	if (literal === null && !originAllowed) {
		const blocked = blockedHostnameReason(hostname)
		if (blocked !== null) throw refuse('blocked_hostname', `Webhook URL host ${hostname} is not allowed: ${blocked}.`)
	}

	const checked = await checkUrlAddress(url, allowList, options.resolve ?? systemResolve)
	if (!checked.ok && checked.reason === 'unresolvable_host')
		throw refuse('unresolvable_host', `Webhook URL host ${hostname} does not resolve.`)
	if (!checked.ok) throw refuse('private_ip_blocked', `Webhook URL must reach a public address; ${checked.detail}.`)
	return { url, address: checked.address, family: checked.family }
}

/** Syntax-only part of the policy (no resolution): absolute http(s) URL, a host, no userinfo, at most 2048 characters as sent and as normalised. */
export function parseWebhookUrl(input: string): URL {
	if (input.length > MAX_WEBHOOK_URL_LENGTH) {
		throw refuse('invalid_url', `Webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`)
	}
	const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(input)?.[1]
	if (scheme === undefined) throw refuse('invalid_url', 'Webhook URL must be an absolute URL such as https://example.com/hooks.')
	if (!['http', 'https'].includes(scheme.toLowerCase())) {
		throw refuse('invalid_scheme', `Webhook URL scheme ${scheme} is not accepted; use https (or http).`)
	}
	// WHATWG URL also accepts `http:host` and `http:\\host`; only the plain `scheme://authority` spelling is taken.
	if (!input.slice(scheme.length + 1).startsWith('//')) {
		throw refuse('invalid_url', 'Webhook URL must be an absolute URL such as https://example.com/hooks.')
	}
	const authority = /^[^/?#\\]*/.exec(input.slice(scheme.length + 3))?.[0] ?? ''
	if (authority.includes('@')) {
		throw refuse('invalid_url', 'Webhook URL must not contain a user name or password.')
	}
	if (authority === '' || /^:[0-9]*$/.test(authority)) throw refuse('empty_host', 'Webhook URL has no hostname.')

	let url: URL
	try {
		url = new URL(input)
	} catch {
		throw refuse('invalid_url', 'Webhook URL is not a valid absolute URL.')
	}
	if (url.username !== '' || url.password !== '') throw refuse('invalid_url', 'Webhook URL must not contain a user name or password.')
	if (url.hostname.replace(/\.+$/, '') === '') throw refuse('empty_host', 'Webhook URL has no hostname.')
	// the URL is stored and called in its normalised form, which percent-encoding or punycode can lengthen
	if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
		throw refuse('invalid_url', `Webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters once percent-encoded.`)
	}
	return url
}

const toAllowList = (value: UrlPolicyOptions['allowList']): AllowList => {
	if (value === undefined) return EMPTY_ALLOW_LIST
	return Array.isArray(value) ? parseAllowList(value) : (value as AllowList)
}
