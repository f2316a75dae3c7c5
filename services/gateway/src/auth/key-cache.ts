import type { KeyRecord } from './key-lookup.ts'

/**
 * A replica's memory of API keys by SHA-256: what each key meant when it was last read. Entries go
 * when a change notification names their key, account or plan (key-changes.ts), all at once when the
 * notification channel reconnects, and by age (`ttlMs`) as a safety net. A key no read found is
 * remembered as unknown for `unknownTtlMs` only, and every unknown key is forgotten when a key is
 * created or its hash changes (migration 0032 notifies both), so a new key works on its first call.
 * Reads on a miss pass the `readGate` (a per-address limit on lookups that find nothing). A cached live key is still re-checked against the database by the statement that
 * counts the call (keyed-counter.ts), so the cache can only ever be behind in the refusing direction.
 */
export type CachedKey = KeyRecord & { loadedAtMs: number; stampedAtMs: number }

/** Decides whether a requester may cause a read (by throwing its refusal) and hears of reads that found no key. */
export type KeyReadGate = {
	checkAllowed(requester: () => string, nowMs: number): void
	noteNoKey(requester: () => string, nowMs: number): void
}

export type KeyCacheOptions = { ttlMs?: number; unknownTtlMs?: number; maxEntries?: number; readGate?: KeyReadGate }

/** Long enough that one client repeating a wrong key costs one read per 10 s, short enough to be harmless if a notification is lost. */
export const UNKNOWN_KEY_TTL_MS = 10_000

export class KeyCache {
	readonly #load: (keyHash: Uint8Array, nowMs: number) => Promise<KeyRecord | null>
	readonly #ttlMs: number
	readonly #unknownTtlMs: number
	readonly #maxEntries: number
	readonly #readGate: KeyReadGate | undefined
	/** Key hashes no read found, with when that read started. */
	#unknown = new Map<string, number>()
	readonly #byHash = new Map<string, CachedKey>()
	readonly #hashByKeyId = new Map<string, string>()
	readonly #hashesByAccount = new Map<string, Set<string>>()
	readonly #loading = new Map<string, Promise<CachedKey | null>>()
	/** Bumped by every invalidation: a read that started before one is answered but not remembered. */
	#generation = 0
	/** Bumped when unknown keys are forgotten: a read that found nothing before a key was created is not remembered. */
	#unknownGeneration = 0
	#flushes = 0
	#loads = 0
	#hits = 0

	constructor(load: (keyHash: Uint8Array, nowMs: number) => Promise<KeyRecord | null>, options: KeyCacheOptions = {}) {
		this.#load = load
		this.#ttlMs = options.ttlMs ?? 30_000
		this.#unknownTtlMs = options.unknownTtlMs ?? UNKNOWN_KEY_TTL_MS
		this.#maxEntries = options.maxEntries ?? 100_000
		this.#readGate = options.readGate
	}

	/**
	 * The key as cached, or as read now when it is not cached or too old; null when no such key
	 * exists. A read on behalf of `requester` (the caller's address block) passes the read gate first.
	 */
	resolve(keyHash: Uint8Array, nowMs: number, requester?: () => string): Promise<CachedKey | null> | CachedKey | null {
		const hash = hashId(keyHash)
		const cached = this.#byHash.get(hash)
		if (cached && Math.abs(nowMs - cached.loadedAtMs) < this.#ttlMs) {
			this.#hits++
			return cached
		}
		const unknownSinceMs = this.#unknown.get(hash)
		if (unknownSinceMs !== undefined && Math.abs(nowMs - unknownSinceMs) < this.#unknownTtlMs) {
			this.#hits++
			return null
		}
		const loading = this.#loading.get(hash)
		if (loading) return loading
		if (requester) this.#readGate?.checkAllowed(requester, nowMs)
		const generation = this.#generation
		const unknownGeneration = this.#unknownGeneration
		this.#loads++
		const load = this.#load(keyHash, nowMs)
			.then((record) => {
				if (!record) {
					if (generation === this.#generation && unknownGeneration === this.#unknownGeneration) this.#rememberUnknown(hash, nowMs)
					if (requester) this.#readGate?.noteNoKey(requester, nowMs)
					return null
				}
				const entry: CachedKey = { ...record, loadedAtMs: nowMs, stampedAtMs: record.lastUsedMs ?? Number.NEGATIVE_INFINITY }
				if (generation === this.#generation) this.#remember(hash, entry)
				return entry
			})
			.finally(() => {
				if (this.#loading.get(hash) === load) this.#loading.delete(hash)
			})
		this.#loading.set(hash, load)
		return load
	}

	/** Forgets one key, so the next call reads it again. */
	forget(keyHash: Uint8Array): void {
		this.#generation++
		this.#drop(hashId(keyHash))
	}

	forgetKeyId(keyId: string): void {
		this.#generation++
		const hash = this.#hashByKeyId.get(keyId)
		if (hash !== undefined) this.#drop(hash)
	}

	/** Forgets every key remembered as unknown (a key was created, or a key's hash changed). */
	forgetUnknown(): void {
		this.#unknownGeneration++
		this.#unknown = new Map()
	}

	forgetAccount(accountId: string): void {
		this.#generation++
		for (const hash of [...(this.#hashesByAccount.get(accountId) ?? [])]) this.#drop(hash)
	}

	forgetPlan(code: string): void {
		this.#generation++
		for (const [hash, entry] of this.#byHash) if (entry.plan?.code === code) this.#drop(hash)
	}

	flush(): void {
		this.#generation++
		this.#flushes++
		this.#byHash.clear()
		this.#hashByKeyId.clear()
		this.#hashesByAccount.clear()
		this.#loading.clear()
		this.#unknown = new Map()
	}

	/** The key's cached entry when it is fresh and live, without reading anything; a hint, never a decision. */
	liveEntry(keyHash: Uint8Array, nowMs: number): CachedKey | undefined {
		const cached = this.#byHash.get(hashId(keyHash))
		return cached && cached.status === 'live' && Math.abs(nowMs - cached.loadedAtMs) < this.#ttlMs ? cached : undefined
	}

	/** A call decided from `liveEntry` alone (admitted from leases): a lookup answered from memory too. */
	noteHit(): void {
		this.#hits++
	}

	/** The cached entry of a key id, without reading anything (tests look at what a replica holds). */
	peek(keyId: string): CachedKey | undefined {
		const hash = this.#hashByKeyId.get(keyId)
		return hash === undefined ? undefined : this.#byHash.get(hash)
	}

	get size() {
		return this.#byHash.size
	}

	/** Keys remembered as unknown (tests look at what a replica holds). */
	get unknownSize() {
		return this.#unknown.size
	}

	/** How often the whole cache was dropped (each (re)connection of the change channel). */
	get flushes() {
		return this.#flushes
	}

	/** Lookups answered from memory so far. */
	get hits() {
		return this.#hits
	}

	/** Database reads so far. */
	get loads() {
		return this.#loads
	}

	#remember(hash: string, entry: CachedKey) {
		if (this.#byHash.size >= this.#maxEntries && !this.#byHash.has(hash)) {
			this.#byHash.clear()
			this.#hashByKeyId.clear()
			this.#hashesByAccount.clear()
		}
		this.#drop(hash)
		this.#byHash.set(hash, entry)
		this.#hashByKeyId.set(entry.keyId, hash)
		const hashes = this.#hashesByAccount.get(entry.accountId) ?? new Set<string>()
		hashes.add(hash)
		this.#hashesByAccount.set(entry.accountId, hashes)
	}

	#rememberUnknown(hash: string, nowMs: number) {
		if (this.#unknown.size >= this.#maxEntries) this.#unknown = new Map()
		this.#unknown.set(hash, nowMs)
	}

	#drop(hash: string) {
		this.#loading.delete(hash)
		const entry = this.#byHash.get(hash)
		if (!entry) return
		this.#byHash.delete(hash)
		if (this.#hashByKeyId.get(entry.keyId) === hash) this.#hashByKeyId.delete(entry.keyId)
		const hashes = this.#hashesByAccount.get(entry.accountId)
		hashes?.delete(hash)
		if (hashes?.size === 0) this.#hashesByAccount.delete(entry.accountId)
	}
}

// A single-byte decoding maps each of the 256 byte values to its own character, so distinct hashes stay distinct.
// Decoding the view reads its bytes in place: going through `keyHash.buffer` made every fresh hash allocate an ArrayBuffer.
const BYTES_AS_TEXT = new TextDecoder('latin1')
const hashId = (keyHash: Uint8Array) => BYTES_AS_TEXT.decode(keyHash)
