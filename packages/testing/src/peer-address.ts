type Handles = { handle(request: Request): Promise<Response> | Response; server: unknown }
type AddressOf = { requestIP(request: Request): { address: string } | null }

const peers = new WeakMap<Request, string>()
const serverThatKnowsPeers: AddressOf = {
	requestIP(request) {
		const address = peers.get(request)
		return address === undefined ? null : { address }
	}
}

/**
 * `app.handle(request)` as if the request had come over a socket from `peer` (tests call handle
 * without a socket, so the app has no server to ask). The app, when not listening, is given a
 * stand-in server whose only ability is telling each request's peer address.
 */
export async function handleFrom<A extends Handles>(app: A, request: Request, peer: string): Promise<Response> {
	if (app.server === null || app.server === serverThatKnowsPeers) (app as { server: unknown }).server = serverThatKnowsPeers
	peers.set(request, peer)
	return app.handle(request)
}
