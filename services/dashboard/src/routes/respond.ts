import type { SafeHtml } from '../pages/html.ts'

/** Sent with every page: nothing from other origins, no framing, no caching of pages that show keys. */
export const PAGE_HEADERS: Record<string, string> = {
	'content-type': 'text/html; charset=utf-8',
	'cache-control': 'no-store',
	'content-security-policy':
		"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
	'x-content-type-options': 'nosniff',
	'x-frame-options': 'DENY',
	'referrer-policy': 'same-origin'
}

export type ResponseExtras = { status?: number; cookies?: readonly string[] }

export function htmlResponse(page: SafeHtml, extras: ResponseExtras = {}): Response {
	const headers = new Headers(PAGE_HEADERS)
	for (const cookie of extras.cookies ?? []) headers.append('set-cookie', cookie)
	return new Response(page.value, { status: extras.status ?? 200, headers })
}

/** 303 so a browser follows a form POST with a GET. */
export function redirect(location: string, cookies: readonly string[] = []): Response {
	const headers = new Headers({ location, 'cache-control': 'no-store' })
	for (const cookie of cookies) headers.append('set-cookie', cookie)
	return new Response(null, { status: 303, headers })
}
