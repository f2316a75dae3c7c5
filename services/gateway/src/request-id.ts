const requestIds = new WeakMap<Request, string>()
const VALID_INCOMING = /^[A-Za-z0-9._-]{8,64}$/

// Unique, not secret: a random prefix per process and a counter (a UUID per request showed in profiles).
const PROCESS_PREFIX = crypto.randomUUID().replaceAll('-', '').slice(0, 20)
let issued = 0
const freshRequestId = () => `req_${PROCESS_PREFIX}${(++issued).toString(16).padStart(12, '0')}`

/** The request's id: the caller's X-Request-Id when it is sane, else a fresh one. Stable per Request object. */
export function requestIdOf(request: Request): string {
	let id = requestIds.get(request)
	if (!id) {
		const incoming = request.headers.get('x-request-id')
		id = incoming && VALID_INCOMING.test(incoming) ? incoming : freshRequestId()
		requestIds.set(request, id)
	}
	return id
}
