import { type Fixture, readFixture, resolveFixture, routeKey } from './catalogue.ts'
import { editOnDay, fileOnDay, hasEdits, sealForDomain } from './scenarios.ts'

export type FaultKind = 'http500' | 'timeout' | 'truncate' | 'malformed' | 'rate_limited'

/** The wait a `rate_limited` fault asks for (Retry-After, in seconds). */
export const RATE_LIMIT_RETRY_AFTER_S = 3600

export type Fault = { kind: FaultKind /** How many requests it affects; null = until cleared. */; remaining: number | null }

export type RegisterServerOptions = {
	port?: number
	hostname?: string
	day?: number
	/** How long a `timeout` fault holds the answer (the client is expected to give up sooner). */
	timeoutHoldMs?: number
}

export type RegisterServer = {
	url: string
	port: number
	day(): number
	setDay(day: number): void
	/** Injects a fault on one route (`<host><path>`, as served under `/<host><path>`). */
	fault(route: string, kind: FaultKind, times?: number | null): void
	clearFaults(): void
	/** Serves these bytes for a route instead of the fixture (benchmarks, generated registers). */
	replace(route: string, bytes: Uint8Array, contentType: string): void
	unreplace(route: string): void
	requests(route?: string): number
	stop(): Promise<void>
}

/** The first scenario day counts as this date for Last-Modified. */
const DAY_ZERO = Date.UTC(2026, 10, 1, 5, 0, 0)
const DAY_MS = 86_400_000

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const etagOf = (bytes: Uint8Array) => `"${new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 32)}"`

/** What the server plays: the scenario day, the faults, the replaced routes and the request counts. */
type ServerState = {
	day: number
	faults: Map<string, Fault>
	replaced: Map<string, { bytes: Uint8Array; contentType: string }>
	counts: Map<string, number>
	holdMs: number
}

/**
 * Serves the register fixtures over HTTP with ETag / Last-Modified (304 on a match), plays the
 * scenario day by day, and injects faults per route. Control: POST /_control/day {"day": n},
 * POST /_control/fault {"route", "kind", "times"}, DELETE /_control/fault, GET /_control/state.
 */
export function startRegisterServer(options: RegisterServerOptions = {}): RegisterServer {
	const state: ServerState = {
		day: options.day ?? 0,
		faults: new Map(),
		replaced: new Map(),
		counts: new Map(),
		holdMs: options.timeoutHoldMs ?? 120_000
	}
	const server = Bun.serve({
		port: options.port ?? 0,
		hostname: options.hostname ?? '127.0.0.1',
		idleTimeout: 0,
		fetch: (request) => answer(state, request)
	})
	const port = server.port as number
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		day: () => state.day,
		setDay: (next) => {
			state.day = next
		},
		fault: (route, kind, times = null) => {
			state.faults.set(route, { kind, remaining: times })
		},
		clearFaults: () => state.faults.clear(),
		replace: (route, bytes, contentType) => {
			state.replaced.set(route, { bytes, contentType })
		},
		unreplace: (route) => {
			state.replaced.delete(route)
		},
		requests: (route) => (route === undefined ? [...state.counts.values()].reduce((a, b) => a + b, 0) : (state.counts.get(route) ?? 0)),
		stop: async () => {
			server.stop(true)
		}
	}
}

/** One request: a control call, or a publication counted on its route and answered through any fault set on it. */
async function answer(state: ServerState, request: Request): Promise<Response> {
	const url = new URL(request.url)
	if (url.pathname.startsWith('/_control/')) return control(state, request, url)
	const route = routeKey(url.pathname)
	state.counts.set(route, (state.counts.get(route) ?? 0) + 1)
	const fault = takeFault(state.faults, route)
	if (fault === 'http500') return new Response('Internal Server Error', { status: 500 })
	if (fault === 'rate_limited')
		return new Response('Too Many Requests', { status: 429, headers: { 'retry-after': String(RATE_LIMIT_RETRY_AFTER_S) } })
	if (fault === 'timeout') {
		await holdUntilAborted(request, state.holdMs)
		return new Response('Gateway Timeout', { status: 504 })
	}
	const swapped = state.replaced.get(route)
	const fixture = swapped ? null : resolveFixture(url)
	if (!swapped && !fixture) return new Response('Not Found', { status: 404 })
	const bytes = swapped ? swapped.bytes : contentFor(url, fixture as Fixture, state.day)
	const contentType = swapped ? swapped.contentType : (fixture as Fixture).contentType
	if (fault === 'malformed') {
		return new Response(malformedFor(contentType), { headers: { 'content-type': contentType } })
	}
	if (fault === 'truncate') return truncatedResponse(bytes, contentType)
	const lastModified = swapped ? new Date(DAY_ZERO).toUTCString() : lastModifiedOf(url, fixture as Fixture, bytes, state.day)
	return conditionalResponse(request, bytes, contentType, lastModified)
}

/** The publication with its validators, or 304 when the client's If-None-Match (else If-Modified-Since) matches. */
function conditionalResponse(request: Request, bytes: Uint8Array, contentType: string, lastModified: string): Response {
	const etag = etagOf(bytes)
	const headers = { etag, 'last-modified': lastModified, 'content-type': contentType, 'cache-control': 'no-cache' }
	const ifNoneMatch = request.headers.get('if-none-match')
	const ifModifiedSince = request.headers.get('if-modified-since')
	const notModified =
		ifNoneMatch !== null
			? ifNoneMatch.split(',').some((tag) => tag.trim() === etag)
			: ifModifiedSince !== null && Date.parse(ifModifiedSince) >= Date.parse(lastModified)
	if (notModified) return new Response(null, { status: 304, headers })
	return new Response(bytes as Uint8Array<ArrayBuffer>, { headers })
}

function contentFor(url: URL, fixture: Fixture, onDay: number): Uint8Array {
	const file = fileOnDay(fixture.file, onDay)
	const bytes = readFixture(file)
	if (routeKey(url.pathname) === 'validate.thetgc.ca/validate' && file === 'tgc/seal-valid-b2c.html') {
		const domain = url.searchParams.get('domain')
		if (domain) return encoder.encode(sealForDomain(decoder.decode(bytes), domain))
	}
	return hasEdits(file, onDay) ? encoder.encode(editOnDay(file, onDay, decoder.decode(bytes))) : bytes
}

/** Last-Modified is the first day the current bytes were served. */
function lastModifiedOf(url: URL, fixture: Fixture, bytes: Uint8Array, day: number): string {
	const etag = etagOf(bytes)
	let first = day
	for (let earlier = day - 1; earlier >= 0 && etagOf(contentFor(url, fixture, earlier)) === etag; earlier--) first = earlier
	return new Date(DAY_ZERO + first * DAY_MS).toUTCString()
}

/** The fault set on a route, counting one use of it down. */
function takeFault(faults: Map<string, Fault>, route: string): FaultKind | null {
	const fault = faults.get(route)
	if (!fault) return null
	if (fault.remaining !== null) {
		fault.remaining--
		if (fault.remaining <= 0) faults.delete(route)
	}
	return fault.kind
}

/** Holds the answer for `holdMs`, or until the client gives up. */
function holdUntilAborted(request: Request, holdMs: number): Promise<void> {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, holdMs)
		request.signal.addEventListener('abort', () => {
			clearTimeout(timer)
			resolve()
		})
	})
}

async function control(state: ServerState, request: Request, url: URL): Promise<Response> {
	const body =
		request.method === 'GET' || request.method === 'DELETE' ? {} : ((await request.json().catch(() => ({}))) as Record<string, unknown>)
	if (url.pathname === '/_control/day' && request.method === 'POST') {
		if (typeof body.day !== 'number' || !Number.isInteger(body.day) || body.day < 0)
			return Response.json({ error: 'day must be a non-negative integer' }, { status: 400 })
		state.day = body.day
		return Response.json({ day: state.day })
	}
	if (url.pathname === '/_control/fault' && request.method === 'POST') {
		const kinds: FaultKind[] = ['http500', 'timeout', 'truncate', 'malformed', 'rate_limited']
		if (typeof body.route !== 'string' || !kinds.includes(body.kind as FaultKind))
			return Response.json({ error: 'route and kind required' }, { status: 400 })
		state.faults.set(body.route, { kind: body.kind as FaultKind, remaining: typeof body.times === 'number' ? body.times : null })
		return Response.json({ ok: true })
	}
	if (url.pathname === '/_control/fault' && request.method === 'DELETE') {
		state.faults.clear()
		return Response.json({ ok: true })
	}
	return Response.json({ day: state.day, faults: Object.fromEntries(state.faults) })
}

/** A 200 answer whose body is not the publication (a maintenance page, a CSV with a broken header). */
function malformedFor(contentType: string): string {
	if (contentType.startsWith('text/csv')) return 'Account Numbr;Licence;;\n"unterminated,\n'
	if (contentType.startsWith('text/html'))
		return '<!doctype html><html><head><title>Maintenance</title></head><body><p>We are updating this page.</p></body></html>'
	return 'not the publication'
}

/** The file cut short: the first half of its bytes, served as if complete (a regulator's half-written export). */
function truncatedResponse(bytes: Uint8Array, contentType: string): Response {
	return new Response(bytes.slice(0, Math.max(1, Math.floor(bytes.length / 2))), { headers: { 'content-type': contentType } })
}
