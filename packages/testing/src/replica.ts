import { rmSync } from 'node:fs'
import { type Sql, createSql, migrate } from '@lv/db'
import { type PostgresHandle, startPostgres } from './postgres.ts'
import { makeOwnedTempDir } from './processes.ts'
import { waitFor } from './wait.ts'

export type ReplicatedDatabase = {
	/** A migrated database of its own on the primary, and the same database on the hot standby streaming from it. */
	primary: { handle: PostgresHandle; url: string; sql: Sql }
	replica: { handle: PostgresHandle; url: string; sql: Sql }
	/** Runs `whilePaused` with the standby's replay paused: what the primary writes meanwhile is not on the replica. */
	withReplayPaused<T>(whilePaused: () => Promise<T>): Promise<T>
	/** Waits until the replica has replayed everything the primary has written so far. */
	caughtUp(): Promise<void>
	drop(): Promise<void>
}

type ReplicatedPair = { primary: PostgresHandle; replica: PostgresHandle; stop(): Promise<void> }

const TEMPLATE = 'lv_template'
let sharedPair: Promise<ReplicatedPair> | undefined

/**
 * A real PostgreSQL primary with a migrated template database and a streaming hot standby of it, made
 * with pg_basebackup: what DATABASE_READ_URL points at. Both are kept (crash-safe) clusters, as a base
 * backup needs the full-page writes that throwaway test clusters turn off.
 */
async function startReplicatedPair(): Promise<ReplicatedPair> {
	const dirs = [makeOwnedTempDir('pg-primary'), makeOwnedTempDir('pg-replica')] as const
	const handles: PostgresHandle[] = []
	const stop = async () => {
		for (const handle of handles.reverse()) await handle.stop()
		for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
	}
	try {
		const primary = await startPostgres({ dataDir: dirs[0] })
		handles.push(primary)
		await onAdmin(primary, (admin) => admin.unsafe(`CREATE DATABASE ${TEMPLATE}`))
		const template = createSql(primary.urlFor(TEMPLATE), { max: 1 })
		await migrate(template).finally(() => template.end({ timeout: 2 }))
		const replica = await startPostgres({ dataDir: dirs[1], replicaOf: primary })
		handles.push(replica)
		return { primary, replica, stop }
	} catch (error) {
		await stop()
		throw error
	}
}

async function onAdmin<T>(pg: PostgresHandle, run: (admin: Sql) => Promise<T>): Promise<T> {
	const admin = createSql(pg.adminUrl, { max: 1 })
	try {
		return await run(admin)
	} finally {
		await admin.end({ timeout: 2 })
	}
}

/**
 * A database of its own for one test file, cloned from the migrated template on the run's one primary
 * and replayed on its standby. The pair is started by the first file that asks (an initdb, the migrations
 * and a base backup) and stopped after the last (`stopSharedReplicatedPair`).
 */
export async function createReplicatedDatabase(): Promise<ReplicatedDatabase> {
	sharedPair ??= startReplicatedPair()
	const { primary, replica } = await sharedPair
	const name = `t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
	await onAdmin(primary, (admin) => admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`))
	const primarySql = createSql(primary.urlFor(name), { max: 4 })
	const replicaSql = createSql(replica.urlFor(name), { max: 4 })
	const caughtUp = async () => {
		const [written] = await primarySql<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`
		const lsn = written?.lsn ?? '0/0'
		await waitFor(async () => (await replicaSql<{ done: boolean }[]>`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS done`)[0]?.done, {
			what: 'the replica to replay the primary'
		})
	}
	return {
		primary: { handle: primary, url: primary.urlFor(name), sql: primarySql },
		replica: { handle: replica, url: replica.urlFor(name), sql: replicaSql },
		async withReplayPaused(whilePaused) {
			await replicaSql`SELECT pg_wal_replay_pause()`
			try {
				return await whilePaused()
			} finally {
				await replicaSql`SELECT pg_wal_replay_resume()`
			}
		},
		caughtUp,
		async drop() {
			await replicaSql.end({ timeout: 2 })
			await primarySql.end({ timeout: 2 })
			await onAdmin(primary, (admin) => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
		}
	}
}

export async function stopSharedReplicatedPair(): Promise<void> {
	if (!sharedPair) return
	const pair = await sharedPair.catch(() => undefined)
	sharedPair = undefined
	await pair?.stop()
}
