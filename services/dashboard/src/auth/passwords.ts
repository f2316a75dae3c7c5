export const PASSWORD_MIN_LENGTH = 10
/** Argon2 takes any length; the cap only keeps one request from hashing megabytes. */
export const PASSWORD_MAX_LENGTH = 200

export const hashPassword = (password: string): Promise<string> => Bun.password.hash(password, { algorithm: 'argon2id' })

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
	try {
		return await Bun.password.verify(password, hash)
	} catch {
		return false
	}
}

let decoyHash: Promise<string> | undefined

/**
 * Spends the same work as a real check when the email is unknown, so the answer time does not tell
 * which addresses have an account.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
	decoyHash ??= hashPassword(crypto.randomUUID())
	await verifyPassword(password, await decoyHash)
	return false
}
