import { rmSync } from 'node:fs'
import { type Bus, connectBus } from '@lv/bus'
import { type Sql, createSql, migrate } from '@lv/db'
import { type RegisterServer, startRegisterServer } from '@lv/register-server'
import { type NatsClusterHandle, type PostgresHandle, freePort, makeOwnedTempDir, startNatsCluster, startPostgres } from '@lv/testing'
import { STACK_SERVICES, type StackPorts, ensureStackEvidenceKey } from '../../scripts/stack-services.ts'
import { type Receiver, startReceiver } from '../../services/notifier/src/test-support/receiver.ts'
import { type ServiceProcess, startService } from '../e2e/check-stack.ts'

/** The services `npm run stack -- --cluster` runs twice, in start order. */
export const REPLICATED = ['checker', 'reader', 'notifier', 'gateway'] as const
export type ReplicatedService = (typeof REPLICATED)[number]

export type ClusterTopology = {
	pg: PostgresHandle
	sql: Sql
	nats: NatsClusterHandle
	/** The test's own connection to the cluster (reads EVENTS, enqueues read jobs). */
	bus: Bus
	registers: RegisterServer
	receiver: Receiver
	replicas: Record<ReplicatedService, ServiceProcess[]>
	gatewayUrls: string[]
	/** Starts replica `index` of a service again with the environment it had (after it was killed). */
	restartReplica(name: ReplicatedService, index: number): Promise<void>
	/** Stops PostgreSQL (fast shutdown) and starts it again on the same data and port. */
	restartPostgres(): Promise<void>
	stop(): Promise<void>
}

/**
 * The `--cluster` stack as real processes: its own PostgreSQL (restartable), a three-node nats-server
 * cluster with R3 streams, the register server, a webhook receiver, and two replicas each of
 * checker, reader, notifier and gateway, started from the stack's own service list and environment.
 * `overrides` add settings per service (fast polls) so faults heal within a test.
 */
export async function startClusterTopology(options: {
	overrides?: Partial<Record<ReplicatedService, Record<string, string>>>
	/** Runs on the migrated database before any service starts (the readers read at once). */
	seed(sql: Sql, receiver: Receiver): Promise<void>
}): Promise<ClusterTopology> {
	const overrides = options.overrides ?? {}
	const pgDir = makeOwnedTempDir('pg-cluster')
	await ensureStackEvidenceKey(pgDir)
	const started: Started = { services: [] }
	const stop = () => stopStarted(started, pgDir)
	try {
		const pg = await startPostgres({ dataDir: pgDir })
		started.pg = pg
		const databaseUrl = await createLvDatabase(pg)
		const sql = createSql(databaseUrl, { max: 4 })
		started.sql = sql
		await migrate(sql)

		const nats = await startNatsCluster()
		started.nats = nats
		const bus = await connectBus({ servers: nats.urls, name: 'cluster-test', replicas: nats.nodes.length })
		started.bus = bus
		const registers = startRegisterServer({ timeoutHoldMs: 5_000 })
		started.registers = registers
		const receiver = startReceiver()
		started.receiver = receiver
		await options.seed(sql, receiver)

		const ports = await stackPorts(registers)
		const replicas = Object.fromEntries(REPLICATED.map((name) => [name, [] as ServiceProcess[]])) as Record<
			ReplicatedService,
			ServiceProcess[]
		>
		const launch = async (name: ReplicatedService, replica: number) => {
			const child = await startService(name, {
				...replicaEnv(name, replica, { databaseUrl, nats, ports, pgDir, receiver }),
				...overrides[name]
			})
			started.services.push(child)
			replicas[name][replica] = child
		}
		for (const name of REPLICATED) {
			const count = STACK_SERVICES.find((candidate) => candidate.name === name)?.clusterReplicas ?? 0
			await Promise.all(Array.from({ length: count }, (_, replica) => launch(name, replica)))
		}
		return {
			pg,
			sql,
			nats,
			bus,
			registers,
			receiver,
			replicas,
			gatewayUrls: [ports.api, ports.apiReplica].map((port) => `http://127.0.0.1:${port}`),
			restartReplica: launch,
			async restartPostgres() {
				const port = started.pg?.port
				await started.pg?.stop()
				started.pg = await startPostgres({ dataDir: pgDir, port })
			},
			stop
		}
	} catch (error) {
		await stop()
		throw error
	}
}

/** What has started so far, stopped in reverse when the topology stops or fails to start. */
type Started = {
	services: ServiceProcess[]
	pg?: PostgresHandle
	sql?: Sql
	nats?: NatsClusterHandle
	bus?: Bus
	registers?: RegisterServer
	receiver?: Receiver
}

async function stopStarted(started: Started, pgDir: string): Promise<void> {
	await Promise.all(started.services.map((service) => service.stop().catch(() => null)))
	await started.bus?.close().catch(() => {})
	await started.sql?.end({ timeout: 2 }).catch(() => {})
	await started.receiver?.stop()
	await started.registers?.stop()
	await started.nats?.stop()
	await started.pg?.stop()
	rmSync(pgDir, { recursive: true, force: true })
}

/** The stack's `lv` database on the cluster's PostgreSQL; its URL. */
async function createLvDatabase(pg: PostgresHandle): Promise<string> {
	const admin = createSql(pg.adminUrl, { max: 1 })
	await admin.unsafe('CREATE DATABASE lv')
	await admin.end({ timeout: 2 })
	return pg.urlFor('lv')
}

/** Free ports for the two gateway replicas and the dashboard, and the register server's. */
async function stackPorts(registers: RegisterServer): Promise<StackPorts> {
	return {
		api: await freePort(),
		apiReplica: await freePort(),
		dashboard: await freePort(),
		registers: Number(new URL(registers.url).port)
	}
}

/** One replica's environment: the stack service's own settings on the cluster's database, NATS and receiver. */
function replicaEnv(
	name: ReplicatedService,
	replica: number,
	cluster: { databaseUrl: string; nats: NatsClusterHandle; ports: StackPorts; pgDir: string; receiver: Receiver }
): Record<string, string> {
	const service = STACK_SERVICES.find((candidate) => candidate.name === name)
	if (!service?.clusterReplicas) throw new Error(`${name} is not replicated by the --cluster stack`)
	return {
		DATABASE_URL: cluster.databaseUrl,
		NATS_URL: cluster.nats.url,
		JETSTREAM_REPLICAS: String(cluster.nats.nodes.length),
		...service.env(cluster.ports, cluster.pgDir, replica),
		WEBHOOK_ALLOW_LIST: cluster.receiver.origin
	}
}
