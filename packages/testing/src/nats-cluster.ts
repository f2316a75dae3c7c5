import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type NatsUsers, natsBinary, natsUsersConfig } from './nats.ts'
import { OWN_PROCESS_GROUP, makeOwnedTempDir, onProcessExit } from './processes.ts'
import { freePort, waitFor } from './wait.ts'

export type NatsNode = {
	name: string
	url: string
	port: number
	storeDir: string
	/** SIGKILL, as a crashed machine: no clean JetStream shutdown. */
	kill(): void
	/** Starts the node again on the same ports and store, and waits until it is back in the JetStream cluster. */
	start(): Promise<void>
	isRunning(): boolean
}

export type NatsClusterHandle = {
	nodes: NatsNode[]
	/** Every node's client URL, comma-separated, as NATS_URL takes it. */
	url: string
	urls: string[]
	/** With `users`: each service's own user, the same on every node. */
	credentials: NatsUsers | undefined
	stop(): Promise<void>
}

export type StartNatsClusterOptions = {
	/** Keeps each node's JetStream store under `<dataDir>/<node>` across starts (the stack); default a throwaway one. */
	dataDir?: string
	/** Client ports of the nodes, when they should be fixed (the stack); default free ones. */
	ports?: number[]
	size?: number
	/** One user per service role on every node (fresh passwords for `true`), as `startNats` does. */
	users?: true | NatsUsers
}

const CLUSTER_NAME = 'lv'

/**
 * A real nats-server cluster with JetStream (three nodes by default): each node with its own name,
 * store directory and route port, routed to every other. Resolves once every node's /healthz
 * reports JetStream ready, so R3 streams can be created at once.
 */
export async function startNatsCluster(options: StartNatsClusterOptions = {}): Promise<NatsClusterHandle> {
	// A port found free can be taken by another process before a node binds it; a second start uses fresh ports.
	try {
		return await startNatsClusterOnce(options)
	} catch (error) {
		if (options.ports) throw error
		console.warn(`nats cluster: ${(error as Error).message}; starting it again on fresh ports`)
		return await startNatsClusterOnce(options)
	}
}

async function startNatsClusterOnce(options: StartNatsClusterOptions): Promise<NatsClusterHandle> {
	const size = options.size ?? 3
	const binary = natsBinary()
	const users = natsUsersConfig(options.users)
	const layout = await Promise.all(
		Array.from({ length: size }, async (_, index) => ({
			name: `n${index + 1}`,
			port: options.ports?.[index] ?? (await freePort()),
			routePort: await freePort(),
			monitorPort: await freePort()
		}))
	)
	const nodes = layout.map((node) => clusterNode(node, layout, binary, users.config, options.dataDir))
	const stop = async () => {
		await Promise.all(nodes.map((node) => node.remove()))
	}
	try {
		for (const node of nodes) node.spawn()
		await waitFor(async () => (await Promise.all(nodes.map((node) => node.healthy()))).every(Boolean), {
			what: 'every nats node to report JetStream healthy',
			timeoutMs: 60_000,
			intervalMs: 100
		})
	} catch (error) {
		await stop()
		throw error
	}
	const urls = nodes.map((node) => node.url)
	return { nodes, urls, url: urls.join(','), credentials: users.credentials, stop }
}

type NodeLayout = { name: string; port: number; routePort: number; monitorPort: number }
type ClusterNode = NatsNode & { spawn(): void; healthy(check?: string): Promise<boolean>; remove(): Promise<void> }

/** One node: its config file routed to every other node, and its process (not yet spawned) with its health probe. */
function clusterNode(
	node: NodeLayout,
	layout: readonly NodeLayout[],
	binary: string,
	usersConfig: readonly string[],
	dataDir: string | undefined
): ClusterNode {
	const dir = makeOwnedTempDir('nats')
	const storeDir = dataDir ? join(dataDir, node.name) : join(dir, 'store')
	mkdirSync(storeDir, { recursive: true })
	const routes = layout.filter((other) => other !== node).map((other) => `nats-route://127.0.0.1:${other.routePort}`)
	const configFile = join(dir, 'nats.conf')
	writeFileSync(
		configFile,
		[
			`server_name: ${node.name}`,
			`listen: 127.0.0.1:${node.port}`,
			`http: 127.0.0.1:${node.monitorPort}`,
			`jetstream { store_dir: "${storeDir}" }`,
			`cluster { name: ${CLUSTER_NAME}, listen: 127.0.0.1:${node.routePort}, routes: [${routes.join(', ')}] }`,
			...usersConfig
		].join('\n')
	)
	let child: ReturnType<typeof Bun.spawn> | undefined
	let lastHealth = ''
	const kill = () => {
		try {
			child?.kill('SIGKILL')
		} catch {}
	}
	const unhook = onProcessExit(() => {
		kill()
		rmSync(dir, { recursive: true, force: true })
	})
	const spawn = () => {
		child = Bun.spawn([binary, '-c', configFile], { stdout: 'ignore', stderr: 'ignore', detached: OWN_PROCESS_GROUP })
		writeFileSync(join(dir, 'child.pid'), String(child.pid))
	}
	const handle: ClusterNode = {
		name: node.name,
		url: `nats://127.0.0.1:${node.port}`,
		port: node.port,
		storeDir,
		kill,
		isRunning: () => child !== undefined && child.exitCode === null && child.signalCode === null,
		spawn,
		healthy: async (check = '') => {
			const response = await fetch(`http://127.0.0.1:${node.monitorPort}/healthz${check}`).catch(() => undefined)
			lastHealth = response ? await response.text() : 'no answer'
			return response?.ok ?? false
		},
		async start() {
			if (handle.isRunning()) return
			spawn()
			// back in the cluster (meta leader known); its copies of streams and consumers catch up after that
			await waitFor(() => handle.healthy('?js-server-only=true'), {
				what: `nats node ${node.name} to rejoin JetStream`,
				timeoutMs: 30_000,
				intervalMs: 100
			}).catch((error: Error) => {
				throw new Error(`${error.message}; it last said ${lastHealth}`)
			})
		},
		async remove() {
			unhook()
			child?.kill('SIGTERM')
			await Promise.race([child?.exited, Bun.sleep(5_000)])
			kill()
			rmSync(dir, { recursive: true, force: true })
		}
	}
	return handle
}
