/**
 * Key-cache leases (ADR 0031): a gateway replica may admit a call from its cached key only while
 * its lease is valid, and a revocation returns only once every live replica has acknowledged a
 * key check that saw it, or the replica's lease has run out (after which the replica is fenced:
 * an older acknowledgement of it is refused). Revisions number key changes in commit order; a read
 * at revision r sees every change up to r.
 */

/** What the store holds of one replica (a row of the replica table). */
export type ReplicaLeaseRow = {
	replicaId: string
	/** Store time until which the replica may answer from its cache. */
	leaseUntilMs: number
	/** Every key the replica holds was checked at this revision or later. */
	ackedRevision: number
	/** Acknowledgements older than this are refused: a revocation counted the replica out by its lease expiry. */
	fencedRevision: number
}

/** An acknowledgement: every cached key checked at `revision` or later, by a check read at store time `readAtMs`. */
export type KeyAck = { revision: number; readAtMs: number }

/**
 * The store's answer to an acknowledgement: the row with the lease extended to the check's read
 * time plus `leaseMs`, or null when the replica was fenced past it.
 */
export function acceptKeyAck(row: ReplicaLeaseRow, ack: KeyAck, leaseMs: number): ReplicaLeaseRow | null {
	if (ack.revision < row.fencedRevision) return null
	return {
		...row,
		ackedRevision: Math.max(row.ackedRevision, ack.revision),
		leaseUntilMs: Math.max(row.leaseUntilMs, ack.readAtMs + leaseMs)
	}
}

/**
 * Whether a revocation committed at `revision` may return at store time `nowMs`: every replica has
 * acknowledged it or its lease has run out. `fence` names the replicas counted out by expiry, whose
 * older acknowledgements the store must refuse from now on.
 */
export function revocationProgress(
	rows: readonly ReplicaLeaseRow[],
	revision: number,
	nowMs: number
): { complete: boolean; fence: string[] } {
	const pending = rows.filter((row) => row.ackedRevision < revision)
	const complete = pending.every((row) => row.leaseUntilMs <= nowMs)
	return { complete, fence: complete ? pending.map((row) => row.replicaId) : [] }
}

/** A cached key as a replica holds it under its lease. */
export type LeasedKey = { keyId: string; live: boolean; checkedRevision: number }

/**
 * One replica's side of its key lease: which keys it holds, checked at which revision, and until
 * when (its own clock) it may answer from them. Its local expiry is counted from the moment the
 * check was sent, never later than the store's, which counts from the moment the check was read.
 */
export class ReplicaKeyLease {
	readonly #leaseMs: number
	readonly #keys = new Map<string, LeasedKey>()
	#validUntilMs = Number.NEGATIVE_INFINITY
	/** The highest revision acknowledged so far: a key read before it may no longer be cached. */
	#ackedRevision = 0

	constructor(leaseMs: number) {
		this.#leaseMs = leaseMs
	}

	/** The cached key when this replica may admit from it now; undefined means: read or check it first. */
	usable(keyId: string, nowMs: number): LeasedKey | undefined {
		const key = this.#keys.get(keyId)
		return key && nowMs < this.#validUntilMs ? key : undefined
	}

	/** A key as a read at `revision` found it; not kept when an acknowledgement already vouched past that revision. */
	loaded(key: LeasedKey): void {
		if (key.checkedRevision >= this.#ackedRevision) this.#keys.set(key.keyId, key)
	}

	forget(keyId: string): void {
		this.#keys.delete(keyId)
	}

	/** The key ids a check should cover. */
	heldKeyIds(): string[] {
		return [...this.#keys.keys()]
	}

	/** A check's result: each covered key as the store holds it at `revision` (absent: gone). */
	checked(covered: readonly string[], found: ReadonlyMap<string, boolean>, revision: number): void {
		for (const keyId of covered) {
			const live = found.get(keyId)
			const held = this.#keys.get(keyId)
			if (!held || held.checkedRevision > revision) continue
			if (live === undefined) this.#keys.delete(keyId)
			else this.#keys.set(keyId, { keyId, live, checkedRevision: revision })
		}
	}

	/** What to acknowledge after a check read at `revision`: the oldest revision any held key was checked at. */
	acknowledgement(revision: number): number {
		let oldest = revision
		for (const key of this.#keys.values()) oldest = Math.min(oldest, key.checkedRevision)
		this.#ackedRevision = Math.max(this.#ackedRevision, oldest)
		return oldest
	}

	/** The store accepted an acknowledgement of a check sent at local time `sentAtMs`. */
	renewed(sentAtMs: number): void {
		this.#validUntilMs = Math.max(this.#validUntilMs, sentAtMs + this.#leaseMs)
	}
}
