export const PASSWORD_MIN_LENGTH = 10
/** Argon2 takes any length; the cap only keeps one request from hashing megabytes. */
export const PASSWORD_MAX_LENGTH = 200

/** Argon2id's work per new hash: memory in KiB and passes over it. */
export type PasswordHashCost = { memoryCost: number; timeCost: number }

/** 64 MiB and two passes (Bun's defaults, written out so that a cheaper cost is visibly someone's choice). */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 65_536, timeCost: 2 }

export type Passwords = {
	hash(password: string): Promise<string>
	/** Checks against the cost written in the hash itself, whatever cost new hashes get. */
	verify(password: string, hash: string): Promise<boolean>
	/**
	 * Spends the same work as a real check when the email is unknown, so the answer time does not tell
	 * which addresses have an account.
	 */
	verifyAgainstDecoy(password: string): Promise<false>
}

async function verifyPassword(password: string, hash: string): Promise<boolean> {
	try {
		return await Bun.password.verify(password, hash)
	} catch {
		return false
	}
}

/** Argon2id hashing of dashboard passwords at `cost` (PASSWORD_HASH_COST unless a test asks for less). */
export function passwordHashing(cost: PasswordHashCost = PASSWORD_HASH_COST): Passwords {
	const hash = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id', ...cost })
	let decoyHash: Promise<string> | undefined
	return {
		hash,
		verify: verifyPassword,
		async verifyAgainstDecoy(password) {
			decoyHash ??= hash(crypto.randomUUID())
			await verifyPassword(password, await decoyHash)
			return false
		}
	}
}
