import { describe, expect, test } from 'bun:test'
import { generateApiKey, hashApiKey } from '@lv/accounts'
import { KeyCache } from './key-cache.ts'
import type { Plan } from '../limits/plan.ts'
import type { KeyRecord } from './key-lookup.ts'
import { RefusalHints } from '../limits/refusal-hints.ts'
import { likelyAdmittedKey } from './likely-admitted.ts'

const NOW = Date.parse('2026-11-23T10:00:00Z')
const plan: Plan = {
	code: 'pro',
	name: 'Pro',
	monthlyQuota: 100_000,
	perSecondLimit: 20,
	watchlistCap: 250,
	webhookCap: 10,
	pollsPerHour: 60,
	exportsPerDay: 10,
	trialDailyCap: null,
	isTrial: false,
	rank: 2
}

function cacheWith(records: Map<string, KeyRecord>) {
	return new KeyCache(async (keyHash) => records.get(Buffer.from(keyHash).toString('hex')) ?? null)
}

function record(key: string, overrides: Partial<KeyRecord> = {}): KeyRecord {
	return {
		keyId: `id-${key.slice(-6)}`,
		accountId: 'acct-1',
		keyHash: hashApiKey(key),
		status: 'live',
		plan,
		planVersion: 'f',
		lastUsedMs: null,
		revision: 0,
		...overrides
	}
}

describe('likely admitted (a hint for early work, never a decision)', () => {
	test('only a key this replica already holds as live counts; an unknown, uncached, revoked or too old entry does not', async () => {
		const live = generateApiKey()
		const revoked = generateApiKey()
		const records = new Map([
			[Buffer.from(hashApiKey(live)).toString('hex'), record(live)],
			[Buffer.from(hashApiKey(revoked)).toString('hex'), record(revoked, { status: 'revoked', plan: null })]
		])
		const keys = cacheWith(records)
		const refusals = new RefusalHints()
		const likely = (key: string, nowMs = NOW) => likelyAdmittedKey(keys, refusals, hashApiKey(key), true, nowMs) !== undefined
		expect(likely(live)).toBe(false)
		await keys.resolve(hashApiKey(live), NOW)
		await keys.resolve(hashApiKey(revoked), NOW)
		expect(likely(live)).toBe(true)
		expect(likely(revoked)).toBe(false)
		expect(likely(live, NOW + 31_000)).toBe(false)
	})

	test('an account refused by a limit is not likely admitted until the refusing window ends', async () => {
		const live = generateApiKey()
		const keys = cacheWith(new Map([[Buffer.from(hashApiKey(live)).toString('hex'), record(live)]]))
		await keys.resolve(hashApiKey(live), NOW)
		const refusals = new RefusalHints()
		refusals.note('acct-1', NOW + 1_000)
		expect(likelyAdmittedKey(keys, refusals, hashApiKey(live), true, NOW + 999)).toBeUndefined()
		expect(likelyAdmittedKey(keys, refusals, hashApiKey(live), true, NOW + 1_000)?.accountId).toBe('acct-1')
	})

	test('a legacy trial key is likely admitted on a public endpoint only', async () => {
		const trial = generateApiKey()
		const trialPlan: Plan = { ...plan, code: 'trial', isTrial: true, monthlyQuota: null, perSecondLimit: null, trialDailyCap: 1_000 }
		const keys = cacheWith(new Map([[Buffer.from(hashApiKey(trial)).toString('hex'), record(trial, { plan: trialPlan })]]))
		await keys.resolve(hashApiKey(trial), NOW)
		expect(likelyAdmittedKey(keys, new RefusalHints(), hashApiKey(trial), true, NOW)).toBeDefined()
		expect(likelyAdmittedKey(keys, new RefusalHints(), hashApiKey(trial), false, NOW)).toBeUndefined()
	})
})
