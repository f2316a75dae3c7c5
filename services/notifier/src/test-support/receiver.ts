import type { Server } from 'bun'

export type ReceivedRequest = { path: string; headers: Headers; body: string; receivedAtMs: number }
export type Respond = (request: ReceivedRequest) => Response | Promise<Response>

export type Receiver = {
	/** `host:port`, the WEBHOOK_ALLOW_LIST entry that lets the notifier reach this receiver. */
	origin: string
	url(path?: string): string
	requests: ReceivedRequest[]
	/** Changes how the receiver answers from now on. */
	respondWith(respond: Respond): void
	stop(): Promise<void>
}

/** A local webhook receiver that records every request byte for byte. */
export function startReceiver(respond: Respond = () => new Response('ok')): Receiver {
	let current = respond
	const requests: ReceivedRequest[] = []
	const server: Server<undefined> = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		idleTimeout: 0,
		async fetch(request) {
			const received = {
				path: new URL(request.url).pathname,
				headers: request.headers,
				body: await request.text(),
				receivedAtMs: Date.now()
			}
			requests.push(received)
			return current(received)
		}
	})
	const origin = `127.0.0.1:${server.port}`
	return {
		origin,
		url: (path = '/hook') => `http://${origin}${path}`,
		requests,
		respondWith(next) {
			current = next
		},
		async stop() {
			await server.stop(true)
		}
	}
}
