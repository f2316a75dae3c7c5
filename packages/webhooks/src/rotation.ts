import { DAY } from '@lv/clock'

/** SPEC "Secret rotation": the previous secret keeps signing for 7 days. */
export const ROTATION_OVERLAP_MS = 7 * DAY

export type StoredSecret = { createdAt: Date; expiresAt: Date | null }

/**
 * Secrets that still sign at `now` (no expiry, or expiry in the future), newest first: the one rule
 * for the notifier's deliveries and the gateway's test ping. Applied before decrypting, so an
 * expired secret under a retired key never has to be read.
 */
export function activeSecrets<S extends StoredSecret>(secrets: readonly S[], now: Date): S[] {
	return secrets
		.filter((secret) => secret.expiresAt === null || secret.expiresAt.getTime() > now.getTime())
		.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/** The expiry given to the previously active secret when a new one is issued. */
export const rotationExpiry = (now: Date): Date => new Date(now.getTime() + ROTATION_OVERLAP_MS)
