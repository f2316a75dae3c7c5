import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { TestClock } from '@lv/clock'
import {
	AllowanceLease,
	type AllowanceRow,
	type KeyAck,
	ReplicaKeyLease,
	type ReplicaLeaseRow,
	acceptKeyAck,
	claimAllowance,
	returnAllowance,
	revocationProgress
} from './index.ts'

const KEY_LEASE_MS = 600
const ALLOWANCE_LEASE_MS = 700
const WINDOW_MS = 1_000
const LIMIT = 3
const KEYS = ['k1', 'k2']
const REPLICAS = 3

/** The store-side rules under test; the broken variants below prove the property test can fail. */
type Rules = {
	acceptAck: (row: ReplicaLeaseRow, ack: KeyAck, leaseMs: number) => ReplicaLeaseRow | null
	giveBack: (row: AllowanceRow, windowStartMs: number, unused: number) => AllowanceRow
	/** The replica's lease counts from when it sent the check (the rule) or when the acceptance reached it. */
	leaseFrom: 'sent' | 'received'
	/** What a grant gives back at once of the calls it asked for: those it was not given (the rule). */
	notGiven: (want: number, granted: number) => number
}
const RULES: Rules = { acceptAck: acceptKeyAck, giveBack: returnAllowance, leaseFrom: 'sent', notGiven: (want, granted) => want - granted }

type Replica = { id: string; alive: boolean; keys: ReplicaKeyLease; allowance: AllowanceLease | null }
type Violation = string

/** How often the searched interleavings reached the states the guarantees are about. */
type Coverage = {
	admissions: number
	acknowledgedRevocations: number
	leasesCountedOut: number
	acknowledgementsRefused: number
	/** Calls admitted by the counting statement into a window where a grant or a lease's rest had given calls back. */
	admittedFromReturns: number
}
const newCoverage = (): Coverage => ({
	admissions: 0,
	acknowledgedRevocations: 0,
	leasesCountedOut: 0,
	acknowledgementsRefused: 0,
	admittedFromReturns: 0
})

/**
 * A world of replicas, one store and a network that delivers messages in any order, driven by
 * `choices` (each picks the next step among those possible). Returns the first violation of
 * "no admission from a cached key after its revocation returned" or "no window admits past the limit".
 */
function simulate(choices: readonly number[], rules: Rules, coverage = newCoverage()): Violation | null {
	const clock = new TestClock('2026-11-24T08:00:00.000Z')
	let revision = 0
	const live = new Map(KEYS.map((key) => [key, true]))
	const rows = new Map<string, ReplicaLeaseRow>()
	const replicas: Replica[] = Array.from({ length: REPLICAS }, (_, i) => ({
		id: `r${i}`,
		alive: true,
		keys: new ReplicaKeyLease(KEY_LEASE_MS),
		allowance: null
	}))
	for (const replica of replicas)
		rows.set(replica.id, { replicaId: replica.id, leaseUntilMs: Number.NEGATIVE_INFINITY, ackedRevision: 0, fencedRevision: 0 })
	let allowance: AllowanceRow | undefined
	const admittedInWindow = new Map<number, number>()
	const windowsGivenBackTo = new Set<number>()
	const admitInWindow = (window: number): Violation | null => {
		admittedInWindow.set(window, (admittedInWindow.get(window) ?? 0) + 1)
		return (admittedInWindow.get(window) ?? 0) > LIMIT ? `window ${window} admitted past ${LIMIT}` : null
	}
	const giveBack = (windowStartMs: number, calls: number) => {
		if (calls <= 0) return
		send(null, () => {
			if (!allowance) return
			if (allowance.windowStartMs === windowStartMs) windowsGivenBackTo.add(windowStartMs)
			allowance = rules.giveBack(allowance, windowStartMs, calls)
		})
	}
	const revocations: { keyId: string; revision: number }[] = []
	const returnedRevocations = new Set<string>()
	const network: { to: Replica | null; deliver: () => unknown }[] = []
	const windowStart = (ms: number) => ms - (ms % WINDOW_MS)

	const send = (to: Replica | null, deliver: () => unknown) => network.push({ to, deliver })
	const aliveReplicas = () => replicas.filter((replica) => replica.alive)

	// Each step may return the violation it caused.
	const steps: ((size: number) => unknown)[] = [
		(size) => {
			clock.advance(1 + (size % 8) * 29)
		},
		// A call: admitted only from a usable cached live key and the replica's allowance lease.
		...replicas.flatMap((replica) =>
			KEYS.map((keyId) => () => {
				if (!replica.alive) return
				const now = clock.nowMs()
				const key = replica.keys.usable(keyId, now)
				if (!key) {
					send(null, () => {
						const readRevision = revision
						const isLive = live.get(keyId) ?? false
						send(replica, () => replica.keys.loaded({ keyId, live: isLive, checkedRevision: readRevision }))
					})
					return
				}
				if (!key.live || !replica.allowance?.take(now)) return
				if (returnedRevocations.has(keyId)) return `${replica.id} admitted ${keyId} after its revocation returned`
				coverage.admissions++
				return admitInWindow(replica.allowance.windowStartMs)
			})
		),
		// A call counted by the statement, one batch at a time, in the same row as the grants (key checks aside).
		(size) => {
			if (size % 2 === 0) return
			const sentAtMs = clock.nowMs()
			const calls = size % 4 === 1 ? 2 : 1
			send(null, () => {
				const start = windowStart(sentAtMs)
				const counted = claimAllowance(allowance, start, LIMIT, calls)
				allowance = counted.row
				for (let call = 0; call < counted.granted; call++) {
					if (windowsGivenBackTo.has(start)) coverage.admittedFromReturns++
					const violation = admitInWindow(start)
					if (violation) return violation
				}
			})
		},
		// A key check: the store reads the held keys, the replica applies it and acknowledges, the store accepts or refuses.
		...replicas.map((replica) => () => {
			if (!replica.alive) return
			const sentAtMs = clock.nowMs()
			const covered = replica.keys.heldKeyIds()
			send(null, () => {
				const readRevision = revision
				const readAtMs = clock.nowMs()
				const found = new Map(covered.map((keyId) => [keyId, live.get(keyId) ?? false]))
				send(replica, () => {
					replica.keys.checked(covered, found, readRevision)
					const ack = { revision: replica.keys.acknowledgement(readRevision), readAtMs }
					send(null, () => {
						const accepted = rules.acceptAck(rows.get(replica.id) as ReplicaLeaseRow, ack, KEY_LEASE_MS)
						if (accepted) rows.set(replica.id, accepted)
						else coverage.acknowledgementsRefused++
						send(replica, () => accepted && replica.keys.renewed(rules.leaseFrom === 'sent' ? sentAtMs : clock.nowMs()))
					})
				})
			})
		}),
		// An allowance claim for the current window; the lease it replaces is given back.
		...replicas.map((replica) => (size: number) => {
			if (!replica.alive) return
			const sentAtMs = clock.nowMs()
			const want = 1 + (size % 4)
			send(null, () => {
				const start = windowStart(sentAtMs)
				const claim = claimAllowance(allowance, start, LIMIT, want)
				allowance = claim.row
				giveBack(start, rules.notGiven(want, claim.granted))
				send(replica, () => {
					const previous = replica.allowance
					replica.allowance = new AllowanceLease({
						windowStartMs: start,
						windowEndMs: start + WINDOW_MS,
						granted: claim.granted,
						expiresAtMs: sentAtMs + ALLOWANCE_LEASE_MS
					})
					if (previous) giveBack(previous.windowStartMs, previous.surrender())
				})
			})
		}),
		// A replica ends its allowance lease before it is spent (its key lease lapsed, the plan changed) and gives the rest back.
		...replicas.map((replica) => () => {
			const lease = replica.allowance
			if (!replica.alive || !lease) return
			replica.allowance = null
			giveBack(lease.windowStartMs, lease.surrender())
		}),
		// A revocation commits (with its notification, which may never arrive) and is then polled until it may return.
		...KEYS.map((keyId) => (size: number) => {
			if (!live.get(keyId) || size % 6 !== 0) return
			revision++
			live.set(keyId, false)
			revocations.push({ keyId, revision })
			for (const replica of replicas) send(replica, () => replica.keys.forget(keyId))
		}),
		() => {
			const now = clock.nowMs()
			for (const revocation of revocations) {
				if (returnedRevocations.has(revocation.keyId)) continue
				const progress = revocationProgress([...rows.values()], revocation.revision, now)
				if (!progress.complete) continue
				for (const id of progress.fence) {
					const row = rows.get(id) as ReplicaLeaseRow
					rows.set(id, { ...row, fencedRevision: Math.max(row.fencedRevision, revocation.revision) })
				}
				const rowsNow = [...rows.values()]
				if (rowsNow.some((row) => row.ackedRevision >= revocation.revision)) coverage.acknowledgedRevocations++
				if (rowsNow.some((row) => progress.fence.includes(row.replicaId) && Number.isFinite(row.leaseUntilMs))) coverage.leasesCountedOut++
				returnedRevocations.add(revocation.keyId)
			}
		},
		(size) => {
			const victim = aliveReplicas()[size % REPLICAS]
			if (victim && aliveReplicas().length > 1) victim.alive = false
		}
	]

	for (const choice of choices) {
		const deliverable = network.length
		const pick = choice % (steps.length + deliverable)
		if (pick < steps.length) {
			const violation = steps[pick]?.(Math.floor(choice / (steps.length + deliverable)))
			if (typeof violation === 'string') return violation
			continue
		}
		const [message] = network.splice(pick - steps.length, 1)
		const violation = message && (message.to === null || message.to.alive) ? message.deliver() : undefined
		if (typeof violation === 'string') return violation
	}
	return null
}

/** The property: the interleaving breaks neither guarantee (a violation is thrown, so its text names it). */
const safeUnder = (rules: Rules) =>
	fc.property(interleavings, (choices) => {
		const violation = simulate(choices, rules)
		if (violation) throw new Error(violation)
	})
const interleavings = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 50, maxLength: 600, size: 'max' })
const PROPERTY_RUNS = { seed: 20_261_124, numRuns: 1_500 }

/** The first violation the same search finds under `rules` (no shrinking: only its text matters). */
function violationFound(rules: Rules): string {
	const details = fc.check(safeUnder(rules), { ...PROPERTY_RUNS, endOnFailure: true })
	return details.errorInstance instanceof Error ? details.errorInstance.message : ''
}

describe('key-cache and allowance leases over random interleavings', () => {
	test('no replica admits a key after its revocation returned, and no window admits past its limit', () => {
		fc.assert(safeUnder(RULES), PROPERTY_RUNS)
	})

	test('the searched interleavings reach admissions, acknowledged revocations, leases counted out by expiry, refused acknowledgements and calls admitted into room given back', () => {
		const coverage = newCoverage()
		fc.assert(
			fc.property(interleavings, (choices) => {
				simulate(choices, RULES, coverage)
			}),
			PROPERTY_RUNS
		)
		expect(coverage.admissions).toBeGreaterThan(120)
		expect(coverage.acknowledgedRevocations).toBeGreaterThan(100)
		expect(coverage.leasesCountedOut).toBeGreaterThan(100)
		expect(coverage.acknowledgementsRefused).toBeGreaterThan(10)
		expect(coverage.admittedFromReturns).toBeGreaterThan(100)
	})

	test('without fencing, a late acknowledgement lets a replica admit a revoked key (the property test can fail)', () => {
		const unfenced: Rules = { ...RULES, acceptAck: (row, ack, leaseMs) => acceptKeyAck({ ...row, fencedRevision: 0 }, ack, leaseMs) }
		expect(violationFound(unfenced)).toContain('after its revocation returned')
	})

	test('a lease counted from when the acceptance arrived outlives the store view of it (the property test can fail)', () => {
		expect(violationFound({ ...RULES, leaseFrom: 'received' })).toContain('after its revocation returned')
	})

	test('giving unused calls back to a later window lets the windows admit past the limit (the property test can fail)', () => {
		const anyWindow: Rules = { ...RULES, giveBack: (row, _window, unused) => ({ ...row, counted: Math.max(0, row.counted - unused) }) }
		expect(violationFound(anyWindow)).toContain('admitted past')
	})

	test('a grant giving back every call it asked for, not only those it was not given, lets a window admit past the limit (the property test can fail)', () => {
		expect(violationFound({ ...RULES, notGiven: (want) => want })).toContain('admitted past')
	})
})

describe('allowance leases', () => {
	test('the store grants only what is left of the window and starts a newer window from nothing', () => {
		const first = claimAllowance(undefined, 0, 5, 3)
		expect(first.granted).toBe(3)
		const second = claimAllowance(first.row, 0, 5, 3)
		expect(second.granted).toBe(2)
		expect(claimAllowance(second.row, 0, 5, 1).granted).toBe(0)
		expect(claimAllowance(second.row, 1_000, 5, 4).granted).toBe(4)
	})

	test('the calls a grant was not given, given back to its window, are granted again; given back to another window, they are ignored', () => {
		const asked = claimAllowance(claimAllowance(undefined, 0, 5, 3).row, 0, 5, 4)
		expect(asked.granted).toBe(2)
		expect(claimAllowance(asked.row, 0, 5, 1).granted).toBe(0)
		const returned = returnAllowance(asked.row, 0, 4 - asked.granted)
		expect(claimAllowance(returned, 0, 5, 1).granted).toBe(0)
		expect(claimAllowance(returnAllowance(returned, 0, 1), 0, 5, 3).granted).toBe(1)
		expect(returnAllowance(returned, 1_000, 3)).toEqual(returned)
	})

	test('a claim for a window older than the stored one is granted nothing', () => {
		const current = claimAllowance(undefined, 1_000, 5, 1).row
		expect(claimAllowance(current, 0, 5, 3).granted).toBe(0)
	})

	test('a lease admits until spent, expired or past its window, and gives back only what is left', () => {
		const lease = new AllowanceLease({ windowStartMs: 0, windowEndMs: 1_000, granted: 2, expiresAtMs: 500 })
		expect(lease.take(100)).toBe(true)
		expect(lease.take(600)).toBe(false)
		expect(lease.surrender()).toBe(1)
		expect(lease.take(100)).toBe(false)
	})
})

describe('key leases', () => {
	const row: ReplicaLeaseRow = { replicaId: 'r', leaseUntilMs: 1_000, ackedRevision: 3, fencedRevision: 0 }

	test('a revocation waits for a replica that neither acknowledged it nor let its lease run out', () => {
		expect(revocationProgress([row], 4, 999)).toEqual({ complete: false, fence: [] })
		expect(revocationProgress([row], 4, 1_000)).toEqual({ complete: true, fence: ['r'] })
		expect(revocationProgress([row], 3, 0)).toEqual({ complete: true, fence: [] })
	})

	test('an acknowledgement older than the fence is refused', () => {
		expect(acceptKeyAck({ ...row, fencedRevision: 5 }, { revision: 4, readAtMs: 2_000 }, 1_000)).toBeNull()
		expect(acceptKeyAck({ ...row, fencedRevision: 5 }, { revision: 5, readAtMs: 2_000 }, 1_000)?.leaseUntilMs).toBe(3_000)
	})

	test('a replica answers from its cache only within its lease, counted from when the check was sent', () => {
		const lease = new ReplicaKeyLease(1_000)
		lease.loaded({ keyId: 'k', live: true, checkedRevision: 0 })
		expect(lease.usable('k', 0)).toBeUndefined()
		lease.renewed(100)
		expect(lease.usable('k', 1_099)?.live).toBe(true)
		expect(lease.usable('k', 1_100)).toBeUndefined()
	})

	test('a key read before the acknowledged revision is not cached', () => {
		const lease = new ReplicaKeyLease(1_000)
		expect(lease.acknowledgement(4)).toBe(4)
		lease.loaded({ keyId: 'k', live: true, checkedRevision: 3 })
		expect(lease.heldKeyIds()).toEqual([])
	})
})
