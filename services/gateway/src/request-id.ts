const requestIds = new WeakMap<Request, string>()
const VALID_INCOMING = /^[A-Za-z0-9._-]{8,64}$/

/** The request's id: the caller's X-Request-Id when it is sane, else a fresh one. Stable per Request object. */
export function requestIdOf(request: Request): string {
	let id = requestIds.get(request)
	if (!id) {
		const incoming = request.headers.get('x-request-id')
		id = incoming && VALID_INCOMING.test(incoming) ? incoming : `req_${crypto.randomUUID().replaceAll('-', '')}`
		requestIds.set(request, id)
	}
	return id
}
