import { rmSync } from 'node:fs'
import { type Sql, createSql, migrate } from '@lv/db'
import { type PostgresHandle, startPostgres } from './postgres.ts'
import { makeOwnedTempDir } from './processes.ts'
import { waitFor } from './wait.ts'

export type ReplicatedDatabase = {
	/** The migrated database on the primary, and the same database on the hot standby streaming from it. */
	primary: { handle: PostgresHandle; url: string; sql: Sql }
	replica: { handle: PostgresHandle; url: string; sql: Sql }
	/** Runs `whilePaused` with the standby's replay paused: what the primary writes meanwhile is not on the replica. */
	withReplayPaused<T>(whilePaused: () => Promise<T>): Promise<T>
	/** Waits until the replica has replayed everything the primary has written so far. */
	caughtUp(): Promise<void>
	stop(): Promise<void>
}

/**
 * A real PostgreSQL primary with a migrated database and a streaming hot standby of it, made with
 * pg_basebackup: what DATABASE_READ_URL points at. Both are kept (crash-safe) clusters, as a base
 * backup needs the full-page writes that throwaway test clusters turn off.
 */
export async function startReplicatedDatabase(database = 'lv'): Promise<ReplicatedDatabase> {
	const dirs = [makeOwnedTempDir('pg-primary'), makeOwnedTempDir('pg-replica')] as const
	const handles: PostgresHandle[] = []
	const pools: Sql[] = []
	const stop = async () => {
		for (const pool of pools) await pool.end({ timeout: 2 })
		for (const handle of handles.reverse()) await handle.stop()
		for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
	}
	try {
		const primary = await startPostgres({ dataDir: dirs[0] })
		handles.push(primary)
		const admin = createSql(primary.adminUrl, { max: 1 })
		await admin.unsafe(`CREATE DATABASE ${database}`)
		await admin.end({ timeout: 2 })
		const primaryUrl = primary.urlFor(database)
		const primarySql = createSql(primaryUrl, { max: 4 })
		pools.push(primarySql)
		await migrate(primarySql)
		const replica = await startPostgres({ dataDir: dirs[1], replicaOf: primary })
		handles.push(replica)
		const replicaUrl = replica.urlFor(database)
		const replicaSql = createSql(replicaUrl, { max: 4 })
		pools.push(replicaSql)
		const caughtUp = async () => {
			const [written] = await primarySql<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`
			const lsn = written?.lsn ?? '0/0'
			await waitFor(
				async () => (await replicaSql<{ done: boolean }[]>`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS done`)[0]?.done,
				{
					what: 'the replica to replay the primary'
				}
			)
		}
		return {
			primary: { handle: primary, url: primaryUrl, sql: primarySql },
			replica: { handle: replica, url: replicaUrl, sql: replicaSql },
			async withReplayPaused(whilePaused) {
				await replicaSql`SELECT pg_wal_replay_pause()`
				try {
					return await whilePaused()
				} finally {
					await replicaSql`SELECT pg_wal_replay_resume()`
				}
			},
			caughtUp,
			stop
		}
	} catch (error) {
		await stop()
		throw error
	}
}
