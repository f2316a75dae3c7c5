import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { type Sql, createSql, migrate } from '@lv/db'
import { type CreationRun, createDataDir } from './cluster-creation.ts'
import { OWN_PROCESS_GROUP, findBinary, isAlive, makeOwnedTempDir, onProcessExit } from './processes.ts'
import { canConnect, freePort, waitFor } from './wait.ts'

export type PostgresHandle = {
	port: number
	dataDir: string
	/** the server's log (its stderr), next to the data directory */
	logPath: string
	adminUrl: string
	urlFor(database: string): string
	stop(): Promise<void>
}

export const POSTGRES_INSTALL_HINT =
	'PostgreSQL not found: install it with `apt-get install -y postgresql` (or run `npm run stack`, which does).'

const PG_BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']

export function pgBinary(name: string): string {
	const found = findBinary([...PG_BIN_DIRS.map((dir) => `${dir}/${name}`), name])
	if (!found) throw new Error(POSTGRES_INSTALL_HINT)
	return found
}

const isRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL program as the `postgres` user when we are root (the server refuses root). */
function asPostgresUser(argv: string[]): string[] {
	return isRoot() ? ['runuser', '-u', 'postgres', '--', ...argv] : argv
}

function chownToPostgres(path: string): void {
	if (!isRoot()) return
	const uid = Number(Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim())
	const gid = Number(Bun.spawnSync(['id', '-g', 'postgres']).stdout.toString().trim())
	chownSync(path, uid, gid)
}

export type StartPostgresOptions = {
	dataDir?: string
	port?: number
	persistent?: boolean
	/** Makes the new cluster a hot standby of this one: copied with pg_basebackup, then streaming its WAL. */
	replicaOf?: PostgresHandle
}

/**
 * Starts a real PostgreSQL cluster. Without `dataDir`, in a throwaway directory under .tmp/ that is
 * removed on stop or exit; with one (the stack), the cluster is kept and reused across starts.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresHandle> {
	const persistent = options.persistent ?? options.dataDir !== undefined
	const baseDir = options.dataDir ?? makeOwnedTempDir('pg')
	const dataDir = join(baseDir, 'data')
	const socketDir = join(baseDir, 'sock')
	mkdirSync(baseDir, { recursive: true, mode: 0o755 })
	mkdirSync(socketDir, { recursive: true, mode: 0o755 })
	chownToPostgres(baseDir)
	chownToPostgres(socketDir)
	if (!existsSync(join(dataDir, 'PG_VERSION'))) createCluster(dataDir, options.replicaOf)
	await stopLeftoverPostmaster(dataDir)
	const port = options.port ?? (await freePort())
	const settings = persistent
		? ['-c', 'max_connections=200']
		: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
	// The server's log goes to a file, so it can be read after a failure and never fills a pipe.
	const logPath = join(baseDir, 'server.log')
	const log = openSync(logPath, 'a')
	const child = Bun.spawn(
		asPostgresUser([
			pgBinary('postgres'),
			'-D',
			dataDir,
			'-p',
			String(port),
			'-k',
			socketDir,
			'-c',
			'listen_addresses=127.0.0.1',
			...settings
		]),
		{ stdout: 'ignore', stderr: log, detached: OWN_PROCESS_GROUP }
	)
	closeSync(log)
	writeFileSync(join(baseDir, 'child.pid'), String(child.pid))
	// runuser does not pass signals on, so the postmaster is signalled by the pid it wrote.
	const kill = () => {
		signalPostmaster(dataDir, 'SIGINT')
		try {
			child.kill('SIGINT')
		} catch {}
		if (!persistent) rmSync(baseDir, { recursive: true, force: true })
	}
	const unhook = onProcessExit(kill)
	const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
	try {
		await acceptingConnections(adminUrl, port, child)
	} catch (error) {
		const logged = logTail(logPath, 800)
		unhook()
		kill()
		throw new Error(`postgres did not start: ${logged}`, { cause: error })
	}
	return {
		port,
		dataDir,
		logPath,
		adminUrl,
		urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
		async stop() {
			unhook()
			const postmaster = signalPostmaster(dataDir, 'SIGINT')
			child.kill('SIGINT')
			await Promise.race([child.exited, Bun.sleep(5000)])
			if (postmaster !== undefined && isAlive(postmaster)) process.kill(postmaster, 'SIGKILL')
			if (child.exitCode === null) child.kill('SIGKILL')
			if (!persistent) rmSync(baseDir, { recursive: true, force: true })
		}
	}
}

/** A new cluster in `dataDir`: initdb, or with `replicaOf` a streaming standby copied from that primary. */
function createCluster(dataDir: string, replicaOf: PostgresHandle | undefined): void {
	const command = (directory: string) =>
		replicaOf
			? // -R writes primary_conninfo and standby.signal: the copy starts as a standby streaming from the primary
				[
					pgBinary('pg_basebackup'),
					'-D',
					directory,
					'-h',
					'127.0.0.1',
					'-p',
					String(replicaOf.port),
					'-U',
					'postgres',
					'-X',
					'stream',
					'-R',
					'--checkpoint=fast',
					'--no-sync'
				]
			: [pgBinary('initdb'), '-D', directory, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']
	createDataDir(dataDir, replicaOf ? 'pg_basebackup' : 'initdb', command, runAsPostgresUser)
}

/** Runs a PostgreSQL program to the end (as the `postgres` user when we are root), keeping both output streams. */
export function runAsPostgresUser(argv: string[]): CreationRun {
	const ran = Bun.spawnSync(asPostgresUser(argv), { stdout: 'pipe', stderr: 'pipe' })
	return { exitCode: ran.exitCode, signalCode: ran.signalCode, stdout: ran.stdout.toString(), stderr: ran.stderr.toString() }
}

/** Resolves once the postmaster answers `SELECT 1`; throws at once if it exited. */
async function acceptingConnections(adminUrl: string, port: number, child: Subprocess): Promise<void> {
	await waitFor(
		async () => {
			if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`)
			if (!(await canConnect(port))) return false
			const probe = createSql(adminUrl, { max: 1, connectTimeoutSeconds: 2 })
			try {
				await probe`SELECT 1`
				return true
			} finally {
				await probe.end({ timeout: 1 })
			}
		},
		{ what: 'postgres to accept connections', timeoutMs: 30_000, intervalMs: 50 }
	)
}

/** The last `characters` of the server's log ('' when there is none). */
export function logTail(logPath: string, characters: number): string {
	try {
		return readFileSync(logPath, 'utf8').slice(-characters)
	} catch {
		return ''
	}
}

function postmasterPid(dataDir: string): number | undefined {
	const pidFile = join(dataDir, 'postmaster.pid')
	if (!existsSync(pidFile)) return undefined
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

function signalPostmaster(dataDir: string, signal: NodeJS.Signals): number | undefined {
	const pid = postmasterPid(dataDir)
	if (pid === undefined) return undefined
	try {
		process.kill(pid, signal)
	} catch {}
	return pid
}

/** A cluster left running by a process that was killed (the stack after SIGKILL) is stopped before reuse. */
async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
	const pid = postmasterPid(dataDir)
	if (pid !== undefined && isAlive(pid)) {
		process.kill(pid, 'SIGINT')
		await waitFor(() => !isAlive(pid), { what: 'the leftover postgres to stop', timeoutMs: 15_000 })
	}
	rmSync(join(dataDir, 'postmaster.pid'), { force: true })
}

const TEMPLATE = 'lv_template'
let shared: Promise<PostgresHandle> | undefined

/** The one cluster of this test run, with every migration applied to a template database once. */
export function sharedPostgres(): Promise<PostgresHandle> {
	shared ??= (async () => {
		const pg = await startPostgres()
		const admin = createSql(pg.adminUrl, { max: 1 })
		try {
			await admin.unsafe(`CREATE DATABASE ${TEMPLATE}`)
		} finally {
			await admin.end({ timeout: 2 })
		}
		const template = createSql(pg.urlFor(TEMPLATE), { max: 1 })
		try {
			await migrate(template)
		} finally {
			await template.end({ timeout: 2 })
		}
		return pg
	})()
	return shared
}

export async function stopSharedPostgres(): Promise<void> {
	if (!shared) return
	const pg = await shared.catch(() => undefined)
	shared = undefined
	await pg?.stop()
}

export type TestDatabase = { url: string; name: string; sql: Sql; drop(): Promise<void> }

/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
	const pg = await sharedPostgres()
	const name = `t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
	const admin = createSql(pg.adminUrl, { max: 1 })
	try {
		await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`)
	} finally {
		await admin.end({ timeout: 2 })
	}
	const url = pg.urlFor(name)
	const sql = createSql(url, { max: 10 })
	return {
		url,
		name,
		sql,
		async drop() {
			await sql.end({ timeout: 2 })
			await dropTestDatabase(pg, name, DROP_WITHIN_MS, sharedDrops)
		}
	}
}

/** How long a test database's DROP may take before it is left to the throwaway cluster. */
const DROP_WITHIN_MS = 10_000

/** Whether a DROP DATABASE of this cluster has ever run out of time: once one has, later ones are not tried. */
export type DropState = { stalled: boolean }
const sharedDrops: DropState = { stalled: false }

/**
 * Drops a test database, bounded by a statement timeout. DROP DATABASE waits for a checkpoint and for
 * every backend of the cluster to release its files, so one stuck backend anywhere holds up every later
 * drop; the cluster is removed at the end of the run anyway, so a drop that runs out of time is given
 * up (with the server log's tail, to see what held it) and later ones are not tried.
 */
export async function dropTestDatabase(pg: PostgresHandle, name: string, withinMs: number, state: DropState): Promise<void> {
	if (state.stalled) return
	const dropper = createSql(pg.adminUrl, { max: 1 })
	try {
		await dropper.unsafe(`SET statement_timeout = ${Math.trunc(withinMs)}`)
		await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
	} catch (error) {
		if ((error as { code?: string }).code !== QUERY_CANCELED) throw error
		state.stalled = true
		console.warn(
			`teardown: DROP DATABASE ${name} did not finish within ${withinMs} ms; later test databases of this run are left to the throwaway cluster. Server log:\n${logTail(pg.logPath, 2000)}`
		)
	} finally {
		await dropper.end({ timeout: 2 })
	}
}

/** SQLSTATE of a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = '57014'
