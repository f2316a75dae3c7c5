import { type Socket, connect, createServer } from 'node:net'

export type TcpRelay = {
	port: number
	/** From now on nothing is passed either way, and the connections stay open: a network partition without a reset. */
	stall(): void
	stop(): Promise<void>
}

/** A TCP relay on a free local port to `targetPort` (a real server), which a test can stall mid-connection. */
export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
	let stalled = false
	const sockets = new Set<Socket>()
	const keep = (socket: Socket) => {
		sockets.add(socket)
		socket.on('error', () => {})
		socket.on('close', () => sockets.delete(socket))
	}
	const server = createServer((client) => {
		const upstream = connect(targetPort, '127.0.0.1')
		keep(client)
		keep(upstream)
		client.on('data', (data) => {
			if (!stalled) upstream.write(data)
		})
		upstream.on('data', (data) => {
			if (!stalled) client.write(data)
		})
		client.on('end', () => upstream.end())
		upstream.on('end', () => client.end())
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		port: (server.address() as { port: number }).port,
		stall: () => {
			stalled = true
		},
		stop: async () => {
			for (const socket of sockets) socket.destroy()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		}
	}
}
