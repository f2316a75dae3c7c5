import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { createCoalescer } from '@lv/runtime'
import { POSTGRES_ATTRIBUTES } from '@lv/tracing'
import type { CachedKey } from './key-cache.ts'
import { LAST_USED_GRANULARITY_MS } from './key-lookup.ts'

type Stamp = { keyId: string; atMs: number }

/**
 * last_used_at for keys served from the cache: at most one stamp per key per minute per replica,
 * written in the background (batched; a lost stamp only leaves the column a minute behind). Rows
 * are locked in id order, so concurrent stamp batches never deadlock.
 */
export function createLastUsedStamps(sql: Sql, logger: Logger) {
	const stamps = createCoalescer<Stamp, undefined>(
		async (batch) => {
			const latest = new Map<string, number>()
			for (const stamp of batch) latest.set(stamp.keyId, Math.max(stamp.atMs, latest.get(stamp.keyId) ?? 0))
			const ids = [...latest.keys()]
			await sql`
			UPDATE api_keys k SET last_used_at = x.at
			FROM (
				SELECT ak.id, s.at FROM unnest(${ids}::uuid[], ${ids.map((id) => new Date(latest.get(id) as number).toISOString())}::timestamptz[]) AS s(id, at)
				JOIN api_keys ak ON ak.id = s.id
				ORDER BY ak.id FOR UPDATE OF ak
			) AS x
			WHERE k.id = x.id AND (k.last_used_at IS NULL OR k.last_used_at < x.at)`
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
