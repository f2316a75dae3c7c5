import type { Sql } from '@lv/db'
import type { Clock } from '@lv/clock'
import { type ReplicaLeaseRow, revocationProgress } from '@lv/leases'

/**
 * The store's side of key-cache leases (ADR 0031, rules in `@lv/leases` key-lease.ts, tables of
 * migration 0137). Every statement takes the store's time as `atMs`: the injected clock's instant in
 * tests, `Date.now()` of the caller otherwise; the rules only ever compare store times with each other.
 */

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
export async function readHeldKeys(sql: Sql, keyIds: readonly string[], atMs: number): Promise<HeldKeysRead> {
	const rows = await sql<HeldRow[]>`
		SELECT r.revision::text AS revision, k.id AS key_id, a.id AS account_id, a.plan_code, a.plan_status = 'active' AS plan_active,
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
	return { revision: Number(rows[0]?.revision ?? 0), readAtMs: atMs, keys }
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
 * Whether a change committed at `revision` applies on every replica at store time `atMs`
 * (`revocationProgress`): each replica row acknowledged it or its lease has run out. When complete,
 * the replicas counted out by expiry are fenced at `revision` in the same transaction, with their rows
 * locked, so an acknowledgement of theirs read before the change and still on its way is refused.
 */
export function keyChangeProgress(sql: Sql, revision: number, atMs: number): Promise<{ complete: boolean; fenced: string[] }> {
	return sql.begin(async (tx) => {
		const rows = await tx<LeaseRow[]>`
			SELECT replica_id, lease_until, acked_revision::text AS acked_revision, fenced_revision::text AS fenced_revision
			FROM key_lease_replicas WHERE acked_revision < ${revision} ORDER BY replica_id FOR UPDATE`
		const { complete, fence } = revocationProgress(rows.map(asLeaseRow), revision, atMs)
		if (fence.length > 0)
			await tx`UPDATE key_lease_replicas SET fenced_revision = greatest(fenced_revision, ${revision}) WHERE replica_id = ANY(${fence})`
		return { complete, fenced: fence }
	})
}

/**
 * Returns once every key change committed so far applies on every replica (`keyChangeProgress`
 * complete at the store time `clock` gives), asking again every `pollMs`: at once when no replica
 * holds a lease, after one check round of every live replica when some do, at most a lease and a
 * round when one is unresponsive. What a revoking or plan-changing writer waits for after its commit
 * (ADR 0031); never inside a transaction that changed a key (its revision is not visible until it commits).
 */
export async function awaitKeyChangesApplied(sql: Sql, clock: Clock, pollMs = 50): Promise<void> {
	const revision = await currentKeyRevision(sql)
	while (!(await keyChangeProgress(sql, revision, clock.nowMs())).complete) await Bun.sleep(pollMs)
}
