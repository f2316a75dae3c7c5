export type CookieOptions = { maxAgeSeconds: number; secure: boolean; httpOnly?: boolean }

/** Reads a Cookie header; a malformed pair is skipped, never thrown on. */
export function parseCookies(header: string | null): Map<string, string> {
	const cookies = new Map<string, string>()
	if (!header) return cookies
	for (const part of header.split(';')) {
		const separator = part.indexOf('=')
		if (separator <= 0) continue
		const name = part.slice(0, separator).trim()
		const raw = part.slice(separator + 1).trim()
		try {
			if (!cookies.has(name)) cookies.set(name, decodeURIComponent(raw))
		} catch {}
	}
	return cookies
}

/** A Set-Cookie value: always Path=/ and SameSite=Lax; HttpOnly unless told otherwise; Secure on https. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
	const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${options.maxAgeSeconds}`, 'SameSite=Lax']
	if (options.httpOnly !== false) parts.push('HttpOnly')
	if (options.secure) parts.push('Secure')
	return parts.join('; ')
}

/** `__Host-` names bind a cookie to this exact origin, but browsers accept them only with Secure. */
export function cookieNames(secure: boolean) {
	return secure ? { session: '__Host-lv_session', csrf: '__Host-lv_csrf' } : { session: 'lv_session', csrf: 'lv_csrf' }
}
