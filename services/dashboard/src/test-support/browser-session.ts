import { type SmtpReceiver, handleFrom } from '@lv/testing'

/** What a route test reads from one answer. */
export type Page = { status: number; location: string | null; html: string; setCookies: string[] }

type Handler = { handle(request: Request): Promise<Response> | Response; server: unknown }

/**
 * A minimal browser for `app.handle`: keeps cookies between requests and reads the CSRF token of the
 * last page, so a test submits forms the way a person would, or deliberately does not.
 */
export class BrowserSession {
	readonly cookies = new Map<string, string>()
	last: Page | null = null

	/** `peer` is the socket address the requests come from; `headers` go on every request (e.g. a proxy's X-Forwarded-For). */
	constructor(
		private readonly app: Handler,
		private readonly origin = 'http://localhost',
		private readonly via: { peer?: string; headers?: Record<string, string> } = {}
	) {}

	async get(path: string): Promise<Page> {
		return this.send(new Request(`${this.origin}${path}`, { headers: this.headers() }))
	}

	/** Posts a urlencoded form; `csrf: 'from-page'` takes the token from the last page shown. */
	async post(path: string, fields: Record<string, string>, options: { csrf?: 'from-page' | 'none' } = {}): Promise<Page> {
		const form = new URLSearchParams(fields)
		if ((options.csrf ?? 'from-page') === 'from-page') form.set('csrf', this.csrfToken())
		return this.postRaw(path, form.toString(), 'application/x-www-form-urlencoded')
	}

	/** Posts a multipart form (a file upload) with the page's CSRF token, as a browser does. */
	async postMultipart(path: string, form: FormData): Promise<Page> {
		form.set('csrf', this.csrfToken())
		return this.send(new Request(`${this.origin}${path}`, { method: 'POST', headers: this.headers(), body: form }))
	}

	async postRaw(path: string, body: string, contentType: string | null): Promise<Page> {
		const headers = this.headers()
		if (contentType !== null) headers['content-type'] = contentType
		return this.send(new Request(`${this.origin}${path}`, { method: 'POST', headers, body }))
	}

	csrfToken(): string {
		const match = this.last?.html.match(/name="csrf" value="([^"]+)"/)
		if (!match?.[1]) throw new Error('the last page has no CSRF field')
		return match[1]
	}

	private headers(): Record<string, string> {
		const cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
		return { ...this.via.headers, ...(cookie ? { cookie } : {}) }
	}

	private async send(request: Request): Promise<Page> {
		const response = await (this.via.peer === undefined ? this.app.handle(request) : handleFrom(this.app, request, this.via.peer))
		const setCookies = response.headers.getSetCookie()
		for (const line of setCookies) {
			const [pair = ''] = line.split(';')
			const separator = pair.indexOf('=')
			const name = pair.slice(0, separator)
			const value = decodeURIComponent(pair.slice(separator + 1))
			if (/max-age=0/i.test(line)) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		const page = { status: response.status, location: response.headers.get('location'), html: await response.text(), setCookies }
		this.last = page
		return page
	}
}

let counter = 0
/** A unique, valid email address per call. */
export const uniqueEmail = (name = 'user') => `${name}-${Date.now().toString(36)}-${++counter}@example.com`

const CONFIRM_LINK = /https?:\/\/\S+\/sign-up\/confirm\?token=[A-Za-z0-9_-]+/

/** The confirmation link in the latest mail to `email`; throws when there is none. */
export function confirmLinkFor(mailbox: SmtpReceiver, email: string): URL {
	const link = CONFIRM_LINK.exec(mailbox.mailsTo(email).at(-1)?.text ?? '')?.[0]
	if (!link) throw new Error(`no confirmation link was mailed to ${email}`)
	return new URL(link)
}

/** Opens a confirmation link and presses its button, as a person does after sign-up. */
export async function confirmSignUpLink(browser: BrowserSession, link: URL): Promise<Page> {
	const page = await browser.get(`${link.pathname}${link.search}`)
	if (page.status !== 200) return page
	return browser.post('/sign-up/confirm', { token: link.searchParams.get('token') ?? '' })
}

/** Signs a new user up through the forms and the mailed link; the session ends up signed in on /keys. */
export async function signUp(
	browser: BrowserSession,
	mailbox: SmtpReceiver,
	input: { email?: string; password?: string; accountName?: string } = {}
) {
	const email = input.email ?? uniqueEmail()
	const password = input.password ?? 'correct horse battery staple'
	await browser.get('/sign-up')
	const answer = await browser.post('/sign-up', { email, password, account_name: input.accountName ?? 'Acme Gaming Ltd' })
	if (answer.status !== 200) throw new Error(`sign-up failed with ${answer.status}: ${answer.html.slice(0, 400)}`)
	const confirmed = await confirmSignUpLink(browser, confirmLinkFor(mailbox, email))
	if (confirmed.status !== 303) throw new Error(`confirming the sign-up failed with ${confirmed.status}: ${confirmed.html.slice(0, 400)}`)
	await browser.get('/keys')
	return { email, password }
}
