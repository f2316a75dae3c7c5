import type { Socket, TCPSocketListener } from 'bun'

/**
 * A TCP proxy in front of a real server, so a test can take that server away from one client
 * without stopping it for the others: `down()` refuses new connections and resets the open ones
 * (a server that died), `silent()` keeps accepting but forwards nothing either way (a server that
 * hangs, a network partition), `up()` passes traffic again on the same port (a server back after a
 * restart) and delivers, in order, the bytes held while silent (as TCP does once a partition heals).
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

/** Passes bytes on while up, holds them while silent (written in order once up again), drops them while down. */
function createRelay() {
	let mode: 'up' | 'silent' | 'down' = 'up'
	let held: { to: Socket<Side>; data: Uint8Array }[] = []
	return {
		forward(to: Socket<Side> | undefined, data: Uint8Array) {
			if (mode === 'up') to?.write(data)
			else if (mode === 'silent' && to) held.push({ to, data: new Uint8Array(data) })
		},
		switchTo(next: 'up' | 'silent' | 'down') {
			mode = next
			if (next === 'up') for (const { to, data } of held) to.write(data)
			if (next !== 'silent') held = []
		}
	}
}

export function startTcpProxy(target: { hostname: string; port: number }): TcpProxy {
	const relay = createRelay()
	const open = new Set<Socket<Side>>()
	const forward = relay.forward
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
		relay.switchTo('down')
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
			relay.switchTo('silent')
		},
		up() {
			listener ??= listen(port)
			relay.switchTo('up')
		},
		stop: down
	}
}
