import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import type { KeyCache } from '../auth/key-cache.ts'
import { authRuntimeFor } from '../auth/runtime.ts'

/** The key cache of the replica that `sql` and `clock` make (every app built on them shares it). */
export const keyCacheOf = (deps: { sql: Sql; clock: Clock }): KeyCache => authRuntimeFor({ ...deps, logger: silentLogger }).keys

/**
 * Calls until that replica holds the key as live. One successful call does not always leave it
 * cached: a read that an invalidation overtakes is answered but not remembered (key-cache.ts).
 */
export async function callUntilKeyCached(deps: { sql: Sql; clock: Clock }, keyId: string, call: () => Promise<Response>): Promise<void> {
	const keys = keyCacheOf(deps)
	for (let attempt = 0; attempt < 5 && keys.peek(keyId)?.status !== 'live'; attempt++) {
		const response = await call()
		if (response.status !== 200) throw new Error(`a call answered ${response.status} while the key was being cached`)
	}
	if (keys.peek(keyId)?.status !== 'live') throw new Error('the key did not stay cached')
}
