import { type HeldKeyRow, acknowledgeKeys, readHeldKeys } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql, StatementRunner } from '@lv/db'
import { AllowanceLease, ReplicaKeyLease } from '@lv/leases'
import type { Logger } from '@lv/logger'
import { type KeyedClaim, type KeyedVerdict, type UnadmittedCalls, countAllowanceGrant, releaseUnadmittedCalls } from '@lv/quota'
import type { KeyRecord } from '../auth/key-lookup.ts'
import type { CachedKey, KeyCache } from '../auth/key-cache.ts'

/** The calls a first grant asks for, and the most any grant asks for. */
const MIN_GRANT = 8
const MAX_GRANT = 2_000
/** A grant is asked for only while a window's limit leaves at least this many times the grant. */
const AMPLE_ROOM = 4
/** The replica counts its own lease this much shorter than the store does: room for clock rate drift. */
const CLOCK_DRIFT_MARGIN = 0.01
const SECOND_MS = 1_000

/**
 * One subject's allowance lease on the current second, with the counts its grant left in the row and the
 * calls of the subject this replica gave back to the quota window since (refused or failed after admission).
 */
type Allowance = {
	lease: AllowanceLease
	claim: KeyedClaim
	granted: number
	secondCountAfter: number
	quotaCountAfter: number
	givenBack: number
}

export type ReplicaLeasesDeps = {
	sql: Sql
	/** Where grants are counted and what they did not admit is given back: the replica's counting connection, in the order sent. */
	statements: StatementRunner
	clock: Clock
	logger: Logger
	keys: KeyCache
	/** The key-cache lease as the store counts it; a check round runs every quarter of it (`checkEveryMs`). */
	leaseMs: number
}

/** A held key is unchanged when the store holds what the replica cached: same status, account and plan row version. */
function unchanged(row: HeldKeyRow, cached: CachedKey): boolean {
	const status = row.revoked ? 'revoked' : row.planActive ? 'live' : 'plan_inactive'
	if (status !== cached.status || row.accountId !== cached.accountId) return false
	return status !== 'live' || (row.planVersion === cached.planVersion && row.planCode === cached.plan?.code)
}

/** Grants are kept per subject for the limits they were granted under. */
const sameLimits = (a: KeyedClaim, b: KeyedClaim) =>
	a.planCode === b.planCode &&
	a.planVersion === b.planVersion &&
	a.perSecondLimit === b.perSecondLimit &&
	a.quota === b.quota &&
	a.secondStartMs === b.secondStartMs &&
	a.quotaWindowStartMs === b.quotaWindowStartMs

const windowsOf = (claim: KeyedClaim) => ({ secondStartMs: claim.secondStartMs, quotaWindowStartMs: claim.quotaWindowStartMs })

const roomFor = (limit: number | null, used: number, want: number) => limit === null || limit - used >= AMPLE_ROOM * want

/**
 * One gateway replica's leases (ADR 0031): keyed calls of a key whose key-cache lease is valid are
 * admitted from the subject's allowance lease on the current second without a statement. The key
 * lease is renewed by `checkRound` (every quarter lease: one read of the held keys, one
 * acknowledgement); a grant is one counting statement of the calls asked for, under the row lock
 * (`countAllowanceGrant`). What was counted and never admitted goes back to the windows it was
 * counted in while they are current: at once, the calls a grant asked for beyond those it was given
 * (the statement counts every call asked for in the second); once a lease stops admitting (its second
 * passed, or a claim for other limits or another second replaced it), its unused rest. Legacy trial keys, and subjects whose windows have no ample room, are counted by the
 * per-batch statement as before.
 */
export class ReplicaLeases {
	readonly replicaId = crypto.randomUUID()
	readonly checkEveryMs: number
	readonly #deps: ReplicaLeasesDeps
	readonly #keys: ReplicaKeyLease
	readonly #allowances = new Map<string, Allowance>()
	/** Subjects with a grant on its way. */
	readonly #asking = new Set<string>()
	/** What the subject's last lease used: the next grant asks for about twice that. */
	readonly #wanted = new Map<string, number>()
	/**
	 * The quota count of the subject's last grant and the quota window it was counted in (a grant is asked for
	 * only while ample room is left): a count of an earlier window says nothing of the current one.
	 */
	readonly #quotaUsed = new Map<string, { windowStartMs: number; count: number }>()
	#statements = 0
	#admitted = 0
	#inFlight = 0

	constructor(deps: ReplicaLeasesDeps) {
		this.#deps = deps
		this.#keys = new ReplicaKeyLease(Math.floor(deps.leaseMs * (1 - CLOCK_DRIFT_MARGIN)))
		this.checkEveryMs = Math.max(1, Math.floor(deps.leaseMs / 4))
	}

	/** A key as a lookup read it, at the revision of the lookup's snapshot. */
	loaded(record: KeyRecord): void {
		this.#keys.loaded({ keyId: record.keyId, live: record.status === 'live', checkedRevision: record.revision })
	}

	/** The verdict of a call admitted from the subject's allowance lease now, or undefined (`admitAsking` decides). */
	admit(claim: KeyedClaim, nowMs: number): KeyedVerdict | undefined {
		if (claim.isTrial || this.#keys.usable(claim.keyId, nowMs)?.live !== true) return undefined
		const allowance = this.#allowances.get(claim.subject)
		if (!allowance || !sameLimits(allowance.claim, claim) || !allowance.lease.take(nowMs)) return undefined
		const taken = allowance.granted - allowance.lease.remaining
		this.#admitted++
		return {
			outcome: 'admitted',
			secondUsed: allowance.secondCountAfter - allowance.granted + taken,
			quotaUsed: allowance.quotaCountAfter - allowance.granted + taken - allowance.givenBack
		}
	}

	/** A call of the subject is being given back to its quota window: the lease's later calls count it out of their quota count. */
	givenBack(charge: { subject: string; windowStartMs: number }): void {
		const allowance = this.#allowances.get(charge.subject)
		if (allowance?.claim.quotaWindowStartMs === charge.windowStartMs) allowance.givenBack++
	}

	/**
	 * The call admitted from the lease, or else, when it may have one, from the grant it asks for now
	 * (it waits for that one statement and takes the grant's first call); undefined: count it by the
	 * batch statement (a grant already on its way, no ample room, no valid key lease, nothing granted).
	 */
	admitAsking(claim: KeyedClaim, nowMs: number): KeyedVerdict | Promise<KeyedVerdict | undefined> | undefined {
		const verdict = this.admit(claim, nowMs)
		if (verdict || claim.isTrial || this.#keys.usable(claim.keyId, nowMs)?.live !== true) return verdict
		const allowance = this.#allowances.get(claim.subject)
		// A lease for another second or other limits admits nothing more for this subject: its rest goes back now.
		if (allowance && !sameLimits(allowance.claim, claim)) this.#giveBack(claim.subject, allowance)
		return this.#askForGrant(claim)?.then(() => this.admit(claim, this.#deps.clock.nowMs()))
	}

	/** Calls the subject's allowance lease holds: counted in its windows by the grant, not admitted (yet). */
	unadmitted(subject: string): number {
		return this.#allowances.get(subject)?.lease.remaining ?? 0
	}

	/** Calls admitted from allowance leases, without a statement. */
	get admitted() {
		return this.#admitted
	}

	/** Grants and returns on their way. */
	get inFlight() {
		return this.#inFlight
	}

	/** Statements the leases sent (grants and returns; check rounds not included). */
	get statements() {
		return this.#statements
	}

	/**
	 * One check round: the held keys read at the current revision, changed ones dropped (from the key
	 * cache too), then the acknowledgement; the lease is renewed from the moment the read was sent.
	 * Allowance leases whose second has passed give their rest back.
	 */
	async checkRound(): Promise<void> {
		const { sql, clock, keys, leaseMs } = this.#deps
		const sentAtMs = clock.nowMs()
		const covered = this.#keys.heldKeyIds()
		const read = await readHeldKeys(sql, covered, clock)
		const live = new Map<string, boolean>()
		for (const keyId of covered) {
			const row = read.keys.get(keyId)
			const cached = keys.peek(keyId)
			if (row && cached && unchanged(row, cached)) live.set(keyId, cached.status === 'live')
			else if (cached) keys.forgetKeyId(keyId)
		}
		this.#keys.checked(covered, live, read.revision)
		const revision = this.#keys.acknowledgement(read.revision)
		const accepted = await acknowledgeKeys(sql, { replicaId: this.replicaId, revision, readAtMs: read.readAtMs, leaseMs })
		if (accepted !== null) this.#keys.renewed(sentAtMs)
		this.settle(clock.nowMs())
	}

	/** Gives back the rest of every allowance lease whose second has passed. */
	settle(nowMs: number): void {
		for (const [subject, allowance] of this.#allowances)
			if (nowMs >= allowance.claim.secondStartMs + SECOND_MS) this.#giveBack(subject, allowance)
	}

	/** Asks for a grant for the claim's subject; undefined when not asked. The promise settles once the grant is in place (or failed). */
	#askForGrant(claim: KeyedClaim): Promise<void> | undefined {
		const { subject } = claim
		if (this.#asking.has(subject)) return undefined
		const want = this.#wanted.get(subject) ?? MIN_GRANT
		const lastQuota = this.#quotaUsed.get(subject)
		const quotaUsed = lastQuota?.windowStartMs === claim.quotaWindowStartMs ? lastQuota.count : 0
		if (!roomFor(claim.perSecondLimit, 0, want) || !roomFor(claim.quota, quotaUsed, want)) return undefined
		this.#asking.add(subject)
		this.#sent()
		return countAllowanceGrant(this.#deps.statements, claim, want)
			.then((count) => {
				if (!count.valid) return
				// The statement counted every call asked for in the second; those not given were never admitted.
				const notGiven = want - count.admittedInBatch
				if (notGiven > 0) this.#release(subject, { ...windowsOf(claim), secondCalls: notGiven, quotaCalls: 0 })
				if (count.admittedInBatch === 0) return
				const previous = this.#allowances.get(subject)
				if (previous) this.#giveBack(subject, previous)
				this.#quotaUsed.set(subject, { windowStartMs: claim.quotaWindowStartMs, count: count.quotaCount })
				const windowEndMs = claim.secondStartMs + SECOND_MS
				this.#allowances.set(subject, {
					lease: new AllowanceLease({
						windowStartMs: claim.secondStartMs,
						windowEndMs,
						granted: count.admittedInBatch,
						expiresAtMs: windowEndMs
					}),
					claim,
					granted: count.admittedInBatch,
					secondCountAfter: count.secondCount,
					quotaCountAfter: count.quotaCount,
					givenBack: 0
				})
			})
			.catch((error: unknown) => this.#deps.logger.warn('could not take an allowance lease', { error }))
			.finally(() => {
				this.#asking.delete(subject)
				this.#inFlight--
			})
	}

	/** Ends a lease (no further admission from it) and gives its rest back to the windows it was counted in, while current. */
	#giveBack(subject: string, allowance: Allowance): void {
		if (this.#allowances.get(subject) === allowance) this.#allowances.delete(subject)
		const unused = allowance.lease.surrender()
		const used = allowance.granted - unused
		this.#wanted.set(subject, Math.min(MAX_GRANT, Math.max(MIN_GRANT, 2 * used)))
		if (unused > 0) this.#release(subject, { ...windowsOf(allowance.claim), secondCalls: unused, quotaCalls: unused })
	}

	#release(subject: string, calls: UnadmittedCalls): void {
		this.#sent()
		releaseUnadmittedCalls(this.#deps.statements, subject, calls)
			.catch((error: unknown) => this.#deps.logger.warn('could not give an allowance lease back', { error }))
			.finally(() => this.#inFlight--)
	}

	#sent() {
		this.#statements++
		this.#inFlight++
	}
}

/** Runs `leases`' check round every quarter lease until the returned stop is called; a failed round is logged (the lease then runs out, and calls take the statement). */
export function startCheckRounds(leases: ReplicaLeases, logger: Logger): () => void {
	const round = () => leases.checkRound().catch((error: unknown) => logger.warn('key lease check round failed', { error }))
	void round()
	const timer = setInterval(round, leases.checkEveryMs)
	// The rounds alone never keep the process running.
	timer.unref()
	return () => clearInterval(timer)
}
