import type { Socket, TCPSocketListener } from 'bun'

/**
 * A TCP proxy in front of a real server, so a test can take that server away from one client
 * without stopping it for the others: `down()` refuses new connections and resets the open ones
 * (a server that died), `silent()` keeps accepting but forwards nothing either way (a server that
 * hangs), `up()` passes traffic again on the same port (a server back after a restart).
 */
export type TcpProxy = {
	port: number
	/** `url` with its port replaced by the proxy's */
	urlFor(url: string): string
	down(): void
	silent(): void
	up(): void
	stop(): void
}

type Side = { upstream?: Socket<Side>; pending: Uint8Array[]; peer?: Socket<Side> }

export function startTcpProxy(target: { hostname: string; port: number }): TcpProxy {
	let mode: 'up' | 'silent' | 'down' = 'up'
	const open = new Set<Socket<Side>>()
	const forward = (to: Socket<Side> | undefined, data: Uint8Array) => {
		if (mode === 'up') to?.write(data)
	}
	const listen = (port: number): TCPSocketListener<Side> =>
		Bun.listen<Side>({
			hostname: '127.0.0.1',
			port,
			socket: {
				open(client) {
					client.data = { pending: [] }
					open.add(client)
					Bun.connect<Side>({
						hostname: target.hostname,
						port: target.port,
						socket: {
							open(upstream) {
								upstream.data = { pending: [], peer: client }
								client.data.upstream = upstream
								for (const chunk of client.data.pending) forward(upstream, chunk)
								client.data.pending = []
							},
							data(upstream, data) {
								forward(upstream.data.peer, data)
							},
							close(upstream) {
								upstream.data.peer?.end()
							},
							error(upstream) {
								upstream.data.peer?.end()
							}
						}
					}).catch(() => client.end())
				},
				data(client, data) {
					if (client.data.upstream) forward(client.data.upstream, data)
					else client.data.pending.push(new Uint8Array(data))
				},
				close(client) {
					open.delete(client)
					client.data.upstream?.end()
				},
				error(client) {
					open.delete(client)
					client.data.upstream?.end()
				}
			}
		})
	let listener: TCPSocketListener<Side> | undefined = listen(0)
	const port = listener.port
	const down = () => {
		mode = 'down'
		listener?.stop(true)
		listener = undefined
		for (const client of open) {
			client.data.upstream?.terminate()
			client.terminate()
		}
		open.clear()
	}
	return {
		port,
		urlFor(url) {
			const parsed = new URL(url)
			parsed.port = String(port)
			return parsed.toString()
		},
		down,
		silent() {
			mode = 'silent'
		},
		up() {
			mode = 'up'
			listener ??= listen(port)
		},
		stop: down
	}
}
