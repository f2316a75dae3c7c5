import type { KeyCache } from '../auth/key-cache.ts'

/**
 * Calls until the replica whose key cache is `keys` holds the key as live. One successful call does
 * not always leave it cached: a read that an invalidation overtakes is answered but not remembered
 * (key-cache.ts).
 */
export async function callUntilKeyCached(keys: KeyCache, keyId: string, call: () => Promise<Response>): Promise<void> {
	for (let attempt = 0; attempt < 5 && keys.peek(keyId)?.status !== 'live'; attempt++) {
		const response = await call()
		if (response.status !== 200) throw new Error(`a call answered ${response.status} while the key was being cached`)
	}
	if (keys.peek(keyId)?.status !== 'live') throw new Error('the key did not stay cached')
}
