import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { type NatsConnection, connect } from '@nats-io/transport-node'

export type Bus = {
	nc: NatsConnection
	js: JetStreamClient
	jsm: JetStreamManager
	isConnected(): boolean
	close(): Promise<void>
	drain(): Promise<void>
}

/** A service's NATS user and, when the servers speak TLS, the CA to trust and the client certificate to present. */
export type NatsAuth = {
	user?: string
	pass?: string
	tls?: { caFile?: string; certFile?: string; keyFile?: string }
}

export type ConnectBusOptions = NatsAuth & {
	servers: string
	name: string
	/** Keep retrying the first connect forever (services) or fail fast (tests, ops commands). */
	waitOnFirstConnect?: boolean
}

/** Connects from a comma-separated NATS_URL; reconnects forever once connected. */
export async function connectBus(options: ConnectBusOptions): Promise<Bus> {
	const nc = await connect({
		servers: options.servers.split(',').map((server) => server.trim()),
		name: options.name,
		user: options.user,
		pass: options.pass,
		tls: options.tls,
		maxReconnectAttempts: -1,
		reconnectTimeWait: 500,
		// A server that died without closing the connection is noticed within about 20 s, then the next one is tried.
		pingInterval: 10_000,
		maxPingOut: 2,
		// Each request would otherwise build two Error objects (stack traces) up front, in case it fails.
		noAsyncTraces: true,
		waitOnFirstConnect: options.waitOnFirstConnect ?? false
	})
	const jsm = await jetstreamManager(nc)
	const js = jetstream(nc)
	return {
		nc,
		js,
		jsm,
		isConnected: () => !nc.isClosed() && !nc.isDraining() && (nc as unknown as { protocol?: { connected?: boolean } }).protocol?.connected !== false,
		close: () => nc.close(),
		drain: async () => {
			if (!nc.isClosed()) await nc.drain()
		}
	}
}
