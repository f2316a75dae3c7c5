/**
 * Runs the whole stack locally: a real PostgreSQL and nats-server (data kept under .tmp/stack so a
 * second run reuses them), migrations, demo data, every service that exists, on configured ports
 * when free. Ctrl-C (SIGINT/SIGTERM) stops everything it started, in order: the services, then the
 * register server, then nats-server and PostgreSQL (each in its own process group, so the terminal's
 * Ctrl-C reaches only this runner).
 *
 * `--cluster`: a three-node nats-server cluster (R3 streams) instead of one server, and two replicas
 * of gateway, checker, reader and notifier behind the same PostgreSQL.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createAccount, issueApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { NATS_ROLES, type NatsRole } from '@lv/contracts'
import { createSql, migrate } from '@lv/db'
import { REPO_ROOT, TMP_ROOT, canConnect, freePort, startNats, startNatsCluster, startPostgres, waitFor } from '@lv/testing'
import { STACK_SERVICES, type StackPorts, ensureStackEvidenceKey, stackMailDir } from './stack-services.ts'

// STACK_DATA_DIR: another data directory (tests use a throwaway one).
const STACK_DIR = process.env.STACK_DATA_DIR ?? join(TMP_ROOT, 'stack')
const CLUSTER = process.argv.includes('--cluster')
const CLUSTER_SIZE = 3
mkdirSync(STACK_DIR, { recursive: true, mode: 0o755 })
await ensureStackEvidenceKey(STACK_DIR)

const envPort = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
async function portOrFree(preferred: number): Promise<number> {
	return (await canConnect(preferred)) ? freePort() : preferred
}

const log = (msg: string) => console.log(`[stack] ${msg}`)

const pg = await startPostgres({ dataDir: join(STACK_DIR, 'pg'), port: await portOrFree(envPort('STACK_PG_PORT', 55432)) })
const admin = createSql(pg.adminUrl, { max: 1 })
if ((await admin`SELECT 1 FROM pg_database WHERE datname = 'lv'`).length === 0) await admin.unsafe('CREATE DATABASE lv')
await admin.end({ timeout: 2 })
const databaseUrl = pg.urlFor('lv')
const sql = createSql(databaseUrl, { max: 2 })
const applied = await migrate(sql)
log(`PostgreSQL on ${pg.port}; migrations applied now: ${applied.length === 0 ? 'none (up to date)' : applied.join(', ')}`)

const natsPort = envPort('STACK_NATS_PORT', 4222)
const nats = CLUSTER
	? await startNatsCluster({
			dataDir: join(STACK_DIR, 'nats-cluster'),
			ports: await Promise.all(Array.from({ length: CLUSTER_SIZE }, (_, index) => portOrFree(natsPort + index))),
			users: true
		})
	: await startNats({ storeDir: join(STACK_DIR, 'nats'), port: await portOrFree(natsPort), users: true })
log(
	`${CLUSTER ? `nats-server cluster (JetStream, R${CLUSTER_SIZE} streams)` : 'nats-server (JetStream)'} on ${nats.url}, one user per service`
)

const demo = await seedDemoAccount()
await sql.end({ timeout: 2 })

const ports: StackPorts = {
	api: await portOrFree(envPort('STACK_API_PORT', 8080)),
	apiReplica: await portOrFree(envPort('STACK_API_REPLICA_PORT', 8081)),
	dashboard: await portOrFree(envPort('STACK_DASHBOARD_PORT', 8090)),
	registers: await portOrFree(envPort('STACK_REGISTERS_PORT', 8070))
}

const children: { name: string; process: ReturnType<typeof Bun.spawn>; stopsAfterServices: boolean }[] = []
for (const service of STACK_SERVICES) {
	if (!existsSync(join(REPO_ROOT, service.entry))) continue
	const replicas = CLUSTER ? (service.clusterReplicas ?? 1) : 1
	for (let replica = 0; replica < replicas; replica++) {
		const name = replicas > 1 ? `${service.name}-${replica + 1}` : service.name
		const healthPort = await freePort()
		const child = Bun.spawn(['bun', service.entry], {
			cwd: REPO_ROOT,
			// Ctrl-C reaches this runner only; it stops the children in order (stopAll)
			detached: true,
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? '/root',
				DATABASE_URL: databaseUrl,
				NATS_URL: nats.url,
				JETSTREAM_REPLICAS: String(CLUSTER ? CLUSTER_SIZE : 1),
				LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
				HEALTH_PORT: String(healthPort),
				EXIT_WITH_PARENT: 'true',
				...natsUserEnv(service.name),
				...service.env(ports, STACK_DIR, replica)
			},
			stdout: 'pipe',
			stderr: 'pipe'
		})
		prefixOutput(name, child.stdout)
		prefixOutput(name, child.stderr)
		children.push({ name, process: child, stopsAfterServices: service.stopsAfterServices ?? false })
		await waitFor(
			async () =>
				child.exitCode !== null ||
				(await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
					(r) => r.ok,
					() => false
				)) ||
				!(await hasHealthServer(service.entry)),
			{
				what: `${name} to be ready`,
				timeoutMs: 60_000,
				intervalMs: 100
			}
		).catch(() => log(`${name} is not ready yet; continuing`))
		if (child.exitCode !== null) log(`${name} exited with ${child.exitCode}`)
		else log(`${name} started`)
	}
}

console.log(`
  API            http://localhost:${ports.api}/v1${CLUSTER ? `   and   http://localhost:${ports.apiReplica}/v1 (second gateway)` : ''}
  OpenAPI        http://localhost:${ports.api}/openapi.json
  Dashboard      http://localhost:${ports.dashboard}
  Connector      http://localhost:${ports.api}/mcp/account   (assistant connector, MCP over OAuth: docs/mcp.md)
  Mail           ${stackMailDir(STACK_DIR)}/ (sign-up links: open the newest .eml file)
  Registers      http://localhost:${ports.registers} (local register server the readers read)
  NATS           ${nats.url}${CLUSTER ? ` (${CLUSTER_SIZE}-node cluster, R${CLUSTER_SIZE} streams)` : ''}
  Demo API key   ${demo.key}   (account "${demo.account}", plan Pro)

  Try: curl -H "Authorization: Bearer ${demo.key}" "http://localhost:${ports.api}/v1/check?domain=kestrelbet.co.uk"
  Ctrl-C stops everything.
`)

let stopping = false
async function stopAll(signal: string) {
	if (stopping) return
	stopping = true
	log(`${signal}: stopping`)
	// the services drain into NATS and PostgreSQL and may be reading a register, so those stop after them
	await stopChildren(children.filter((child) => !child.stopsAfterServices))
	await stopChildren(children.filter((child) => child.stopsAfterServices))
	await nats.stop()
	await pg.stop()
	log('stopped')
	process.exit(0)
}
process.on('SIGINT', () => void stopAll('SIGINT'))
process.on('SIGTERM', () => void stopAll('SIGTERM'))

/** SIGTERM (each service's bounded shutdown), then SIGKILL for whatever has not exited after 15 s. */
async function stopChildren(group: typeof children) {
	for (const child of group) child.process.kill('SIGTERM')
	await Promise.race([Promise.all(group.map((child) => child.process.exited)), Bun.sleep(15_000)])
	for (const child of group) if (child.process.exitCode === null) child.process.kill('SIGKILL')
}

async function seedDemoAccount(): Promise<{ account: string; key: string }> {
	const name = 'Demo account'
	const existing = await sql<{ id: string }[]>`SELECT id FROM accounts WHERE name = ${name} ORDER BY created_at LIMIT 1`
	const accountId = existing[0]?.id ?? (await createAccount(sql, systemClock, { name, plan: 'pro' })).id
	// Keys are stored hashed only, so each start revokes the previous demo key and prints a fresh one.
	await sql`UPDATE api_keys SET revoked_at = now() WHERE account_id = ${accountId} AND label = 'stack demo' AND revoked_at IS NULL`
	const issued = await issueApiKey(sql, systemClock, accountId, 'stack demo')
	return { account: name, key: issued.key }
}

/** The service's own NATS user (fresh passwords each start); processes that never connect to NATS get none. */
function natsUserEnv(serviceName: string): Record<string, string> {
	const credentials = (NATS_ROLES as readonly string[]).includes(serviceName) ? nats.credentials?.[serviceName as NatsRole] : undefined
	return credentials ? { NATS_USER: credentials.user, NATS_PASSWORD: credentials.pass } : {}
}

async function hasHealthServer(entry: string): Promise<boolean> {
	return (await Bun.file(join(REPO_ROOT, entry)).text()).includes('startHealthServer')
}

function prefixOutput(name: string, stream: ReadableStream<Uint8Array> | number | undefined) {
	if (!(stream instanceof ReadableStream)) return
	void (async () => {
		const decoder = new TextDecoder()
		let buffered = ''
		for await (const chunk of stream) {
			buffered += decoder.decode(chunk, { stream: true })
			const lines = buffered.split('\n')
			buffered = lines.pop() ?? ''
			for (const line of lines) if (line) console.log(`${name.padEnd(15)} | ${line}`)
		}
	})()
}
