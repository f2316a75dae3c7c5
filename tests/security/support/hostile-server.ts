/** What a hostile regulator answers for one path. */
export type HostileRoute = (request: Request, url: URL) => Response | Promise<Response>

export type HostileServer = {
	url: string
	/** `127.0.0.1:<port>`, the allow-list entry that lets a reader in tests reach it. */
	host: string
	routes: Map<string, HostileRoute>
	/** Paths requested, in order. */
	requested: string[]
	stop(): void
}

/**
 * A server on 127.0.0.1 playing a hostile regulator: each path in `routes` answers as it is told;
 * any other path is passed to `upstream` (the register server) with its conditional headers, or 404.
 */
export function startHostileServer(upstream?: string): HostileServer {
	const routes = new Map<string, HostileRoute>()
	const requested: string[] = []
	const server = Bun.serve({
		port: 0,
		hostname: '127.0.0.1',
		idleTimeout: 0,
		async fetch(request) {
			const url = new URL(request.url)
			requested.push(url.pathname)
			const route = routes.get(url.pathname)
			if (route) return route(request, url)
			if (!upstream) return new Response('Not Found', { status: 404 })
			const headers: Record<string, string> = {}
			for (const name of ['if-none-match', 'if-modified-since']) {
				const value = request.headers.get(name)
				if (value !== null) headers[name] = value
			}
			const answer = await fetch(`${upstream}${url.pathname}${url.search}`, { headers })
			return new Response(answer.status === 304 ? null : await answer.arrayBuffer(), { status: answer.status, headers: answer.headers })
		}
	})
	return { url: `http://127.0.0.1:${server.port}`, host: `127.0.0.1:${server.port}`, routes, requested, stop: () => server.stop(true) }
}

/** A redirect answer. */
export const redirectTo = (location: string, status = 302) => new Response(null, { status, headers: { location } })
