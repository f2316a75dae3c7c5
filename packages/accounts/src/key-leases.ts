import type { Sql, TransactionSql } from '@lv/db'
import { type Clock, systemClock } from '@lv/clock'
import { type ReplicaLeaseRow, revocationProgress } from '@lv/leases'

/**
 * The store's side of key-cache leases (ADR 0031, rules in `@lv/leases` key-lease.ts, tables of
 * migration 0137). Store time is PostgreSQL's clock (`statement_timestamp()`), one clock for every
 * replica and writer, so their clocks' offsets cannot matter; the rules only ever compare store times
 * with each other. A caller on another clock than the system's (a test's injected clock) pins store
 * time to its clock's instant instead.
 */

/** The instant a caller's clock pins store time to, or null: PostgreSQL's own clock decides. */
const pinnedStoreMs = (clock: Clock): number | null => (clock === systemClock ? null : clock.nowMs())

/** Store time now, in whole milliseconds (rounded down: a lease counted from it never ends later than the store's). */
const storeNowMs = (sql: Sql | TransactionSql, clock: Clock) =>
	sql`floor(extract(epoch FROM coalesce(to_timestamp(${pinnedStoreMs(clock)}::float8 / 1000), statement_timestamp())) * 1000)::float8`

/** What a replica's check read: each held key as the store holds it now, at `revision` and store time `readAtMs`. */
export type HeldKeysRead = {
	revision: number
	readAtMs: number
	/** Per held key id still present: its account, plan code, plan status, plan version (xmin) and whether it is revoked. */
	keys: Map<string, HeldKeyRow>
}

export type HeldKeyRow = { accountId: string; planCode: string; planActive: boolean; planVersion: string; revoked: boolean }

type HeldRow = {
	revision: string
	read_at_ms: string
	key_id: string | null
	account_id: string
	plan_code: string
	plan_active: boolean
	plan_version: string
	revoked: boolean
}

/**
 * The held keys and the revision in one statement (one snapshot: every change up to `revision` is
 * visible in the rows read, none after it). A key absent from the answer is gone.
 */
export async function readHeldKeys(sql: Sql, keyIds: readonly string[], clock: Clock): Promise<HeldKeysRead> {
	const rows = await sql<HeldRow[]>`
		SELECT r.revision::text AS revision, ${storeNowMs(sql, clock)} AS read_at_ms, k.id AS key_id, a.id AS account_id, a.plan_code, a.plan_status = 'active' AS plan_active,
			p.xmin::text AS plan_version, k.revoked_at IS NOT NULL AS revoked
		FROM key_revision r
		LEFT JOIN (api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.code = a.plan_code)
			ON k.id = ANY(${keyIds as string[]}::uuid[])`
	const keys = new Map<string, HeldKeyRow>()
	for (const row of rows)
		if (row.key_id !== null)
			keys.set(row.key_id, {
				accountId: row.account_id,
				planCode: row.plan_code,
				planActive: row.plan_active,
				planVersion: row.plan_version,
				revoked: row.revoked
			})
	// key_revision has exactly one row, so the left join answers at least one.
	const first = rows[0] as HeldRow
	return { revision: Number(first.revision), readAtMs: Number(first.read_at_ms), keys }
}

/** The revision every change committed so far is at or below (a writer waits for it after its commit). */
export async function currentKeyRevision(sql: Sql): Promise<number> {
	const [row] = await sql<{ revision: string }[]>`SELECT revision::text AS revision FROM key_revision`
	return Number(row?.revision ?? 0)
}

/**
 * A replica's acknowledgement (`acceptKeyAck`): every key it holds was checked at `revision` or later,
 * by a check read at store time `readAtMs`. Accepted unless a change counted the replica out by its
 * lease's expiry at a later revision (its fence); then the lease reaches `readAtMs + leaseMs`.
 * Returns the store's lease end, or null when refused.
 */
export async function acknowledgeKeys(
	sql: Sql,
	ack: { replicaId: string; revision: number; readAtMs: number; leaseMs: number }
): Promise<number | null> {
	const leaseUntil = new Date(ack.readAtMs + ack.leaseMs)
	const [row] = await sql<{ lease_until: Date }[]>`
		INSERT INTO key_lease_replicas AS r (replica_id, lease_until, acked_revision)
		VALUES (${ack.replicaId}, ${leaseUntil}, ${ack.revision})
		ON CONFLICT (replica_id) DO UPDATE SET
			acked_revision = greatest(r.acked_revision, excluded.acked_revision),
			lease_until = greatest(r.lease_until, excluded.lease_until)
		WHERE r.fenced_revision <= excluded.acked_revision
		RETURNING lease_until`
	return row ? row.lease_until.getTime() : null
}

type LeaseRow = { replica_id: string; lease_until: Date; acked_revision: string; fenced_revision: string }

const asLeaseRow = (row: LeaseRow): ReplicaLeaseRow => ({
	replicaId: row.replica_id,
	leaseUntilMs: row.lease_until.getTime(),
	ackedRevision: Number(row.acked_revision),
	fencedRevision: Number(row.fenced_revision)
})

/**
 * How long after its lease ran out (store time) a replica's row is deleted, by the next key change.
 *
 * Why a row this old may go, fence and all (ADR 0031's revocation argument, case 2, leans on the fence
 * only to refuse an acknowledgement read before a change the replica was counted out of): once its
 * row is gone, such a late acknowledgement inserts a new row with no fence and renews the replica's
 * key lease over keys checked before the change. Renewal alone admits nothing: a call is admitted
 * from leases only with an allowance lease too (`ReplicaLeases.admit`, the only reader of the key
 * lease), and an allowance lease admits only within the UTC second (replica clock) of the call that
 * asked for it, which it asked for under a valid key lease, so before `lease_until` in real time.
 * Every allowance granted before the row lapsed is therefore spent by `lease_until` plus one second
 * of the replica's clock (1.01 s of the store's at ADR 0031's 1 % rate bound), far below this age.
 * Any later grant is asked for after the new row's insert committed, so it is a counting statement
 * that re-reads the key, account and plan rows: if the change committed before the insert, the grant
 * sees it and refuses; if after, the change's own progress finds the new row and waits for it or
 * fences it, as for any replica. So a revoked key is still refused on its very next request by every
 * replica, live or returning, and the table holds only replicas whose lease ran out within this age.
 */
export const LAPSED_REPLICA_ROW_MS = 10 * 60_000

/**
 * Whether a change committed at `revision` applies on every replica now, by store time
 * (`revocationProgress`): each replica row acknowledged it or its lease has run out. When complete,
 * the replicas counted out by expiry are fenced at `revision` in the same transaction, with their rows
 * locked, so an acknowledgement of theirs read before the change and still on its way is refused.
 * Rows whose lease ran out more than `LAPSED_REPLICA_ROW_MS` ago are deleted first, so neither the
 * table nor a change's work grows with every replica ever started.
 */
export function keyChangeProgress(sql: Sql, revision: number, clock: Clock): Promise<{ complete: boolean; fenced: string[] }> {
	return sql.begin(async (tx) => {
		await tx`DELETE FROM key_lease_replicas
			WHERE lease_until < to_timestamp((${storeNowMs(tx, clock)} - ${LAPSED_REPLICA_ROW_MS}) / 1000)`
		const rows = await tx<(LeaseRow & { now_ms: number })[]>`
			SELECT replica_id, lease_until, acked_revision::text AS acked_revision, fenced_revision::text AS fenced_revision,
				${storeNowMs(tx, clock)} AS now_ms
			FROM key_lease_replicas WHERE acked_revision < ${revision} ORDER BY replica_id FOR UPDATE`
		const { complete, fence } = revocationProgress(rows.map(asLeaseRow), revision, rows[0]?.now_ms ?? 0)
		if (fence.length > 0)
			await tx`UPDATE key_lease_replicas SET fenced_revision = greatest(fenced_revision, ${revision}) WHERE replica_id = ANY(${fence})`
		return { complete, fenced: fence }
	})
}

/**
 * Returns once every key change committed so far applies on every replica (`keyChangeProgress`
 * complete), asking again every `pollMs`: at once when no replica
 * holds a lease, after one check round of every live replica when some do, at most a lease and a
 * round when one is unresponsive. What a revoking or plan-changing writer waits for after its commit
 * (ADR 0031); never inside a transaction that changed a key (its revision is not visible until it commits).
 */
export async function awaitKeyChangesApplied(sql: Sql, clock: Clock, pollMs = 50): Promise<void> {
	const revision = await currentKeyRevision(sql)
	while (!(await keyChangeProgress(sql, revision, clock)).complete) await Bun.sleep(pollMs)
}
