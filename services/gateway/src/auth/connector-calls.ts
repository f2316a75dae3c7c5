/**
 * Calls the connector endpoint makes on the routes for a signed-in account (mcp/). They carry no
 * Authorization header: the key the account's grant owns is attached to the Request object itself,
 * which only code in this process can do, and the auth plugin counts the call as that key's.
 */
const grantKeys = new WeakMap<Request, Uint8Array>()

export function asGrantKeyCall(request: Request, keyHash: Uint8Array): Request {
	grantKeys.set(request, keyHash)
	return request
}

export const grantKeyOf = (request: Request): Uint8Array | undefined => grantKeys.get(request)
