import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { ClosedConnectionError, RequestError } from '@nats-io/nats-core'
import { type NatsConnection, connect } from '@nats-io/transport-node'
import { type StartTimer, settlesWithin } from '@lv/clock'

export type Bus = {
	nc: NatsConnection
	js: JetStreamClient
	jsm: JetStreamManager
	/** Replica count of every stream and consumer this process creates (JETSTREAM_REPLICAS). */
	replicas: number
	isConnected(): boolean
	/** Calls `listener` each time the client is connected again after losing its server; returns the unsubscribe. */
	onReconnect(listener: () => void): () => void
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
	/** One server URL, a comma-separated list (NATS_URL) or an array: the client fails over between them. */
	servers: string | string[]
	name: string
	/** JETSTREAM_REPLICAS: 1 on a single server, 3 on a three-node cluster. */
	replicas?: number
	/** Keep retrying the first connect forever (services) or fail fast (tests, ops commands). */
	waitOnFirstConnect?: boolean
}

/** Connects to any of the servers; reconnects forever once connected, to whichever server answers. */
export async function connectBus(options: ConnectBusOptions): Promise<Bus> {
	const nc = await connect({
		servers: serverList(options.servers),
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
	const reconnectListeners = new Set<() => void>()
	void (async () => {
		for await (const status of nc.status()) {
			if (status.type !== 'reconnect') continue
			for (const listener of [...reconnectListeners]) listener()
		}
	})()
	return {
		nc,
		js,
		jsm,
		replicas: options.replicas ?? 1,
		isConnected: () =>
			!nc.isClosed() && !nc.isDraining() && (nc as unknown as { protocol?: { connected?: boolean } }).protocol?.connected !== false,
		onReconnect(listener) {
			reconnectListeners.add(listener)
			return () => reconnectListeners.delete(listener)
		},
		close: () => nc.close(),
		drain: async () => {
			if (nc.isClosed()) return
			await nc.drain().catch(async (error: unknown) => {
				// without a server the client would keep reconnecting for a drain that cannot finish
				if (isConnectionLostError(error)) await nc.close()
				throw error
			})
		}
	}
}

/**
 * The server went away under a call that waits on it (nats.js rejects it with "connection
 * disconnected"), or the connection was closed already.
 */
export function isConnectionLostError(error: unknown): boolean {
	return error instanceof ClosedConnectionError || (error instanceof RequestError && error.message === 'connection disconnected')
}

const serverList = (servers: string | string[]) =>
	(Array.isArray(servers) ? servers : servers.split(',')).map((server) => server.trim()).filter((server) => server.length > 0)

/**
 * Whether the server answers a round trip (PING/PONG) within `timeoutMs`. A connection still open
 * to a server that stopped answering (a partition without a reset) counts as unreachable here,
 * long before the client's own ping check gives up on it (about 20 s).
 */
export async function isBusReachable(bus: Bus, timeoutMs: number, startTimer?: StartTimer): Promise<boolean> {
	if (!bus.isConnected()) return false
	return settlesWithin(bus.nc.flush(), timeoutMs, startTimer)
}
