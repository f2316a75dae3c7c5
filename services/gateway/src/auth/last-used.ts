import { stampKeysLastUsed } from '@lv/accounts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { createCoalescer } from '@lv/runtime'
import { POSTGRES_ATTRIBUTES } from '@lv/tracing'
import type { CachedKey } from './key-cache.ts'
import { LAST_USED_GRANULARITY_MS } from './key-lookup.ts'

type Stamp = { keyId: string; atMs: number }

/**
 * last_used_at for keys served from the cache: at most one stamp per key per minute per replica,
 * written in the background (batched; a lost stamp only leaves the column a minute behind).
 */
export function createLastUsedStamps(sql: Sql, logger: Logger) {
	const stamps = createCoalescer<Stamp, undefined>(
		async (batch) => {
			const latest = new Map<string, number>()
			for (const stamp of batch) latest.set(stamp.keyId, Math.max(stamp.atMs, latest.get(stamp.keyId) ?? 0))
			await stampKeysLastUsed(sql, new Map([...latest].map(([keyId, atMs]) => [keyId, new Date(atMs)])))
			return batch.map(() => undefined)
		},
		{ trace: { name: 'db stamp api key last use', attributes: POSTGRES_ATTRIBUTES } }
	)
	return {
		touch(entry: CachedKey, nowMs: number): void {
			if (nowMs - entry.stampedAtMs < LAST_USED_GRANULARITY_MS) return
			entry.stampedAtMs = nowMs
			stamps
				.submit({ keyId: entry.keyId, atMs: nowMs })
				.catch((error: unknown) => logger.warn('could not stamp api key last use', { error }))
		}
	}
}

export type LastUsedStamps = ReturnType<typeof createLastUsedStamps>
