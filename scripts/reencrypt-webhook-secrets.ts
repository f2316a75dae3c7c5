import type { Sql } from '@lv/db'
import { type SecretKeyring, decryptSecret, encryptSecret, isCurrentlyEncrypted } from '@lv/webhooks'

export type ReencryptionReport = {
	checked: number
	reencrypted: number
	unreadable: { secret_id: string; endpoint_id: string; problem: string }[]
}

/**
 * Rewrites every stored webhook secret that is not in the current format under the current key
 * (legacy bytes without key id or endpoint binding, or a retired key) as the current format. A row
 * changed meanwhile (a rotation) is left as it is; running again picks it up. Secrets no configured
 * key opens are reported, never changed.
 */
export async function reencryptWebhookSecrets(sql: Sql, keys: SecretKeyring): Promise<ReencryptionReport> {
	const rows = await sql<
		{ id: string; endpoint_id: string; ciphertext: Uint8Array }[]
	>`SELECT id, endpoint_id, ciphertext FROM webhook_secrets ORDER BY id`
	const report: ReencryptionReport = { checked: rows.length, reencrypted: 0, unreadable: [] }
	for (const row of rows) {
		try {
			if (isCurrentlyEncrypted(row.ciphertext, keys)) continue
			const plain = decryptSecret(row.ciphertext, keys, row.endpoint_id)
			const updated = await sql`
				UPDATE webhook_secrets SET ciphertext = ${encryptSecret(plain, keys, row.endpoint_id)}
				WHERE id = ${row.id} AND ciphertext = ${Buffer.from(row.ciphertext)}`
			report.reencrypted += updated.count
		} catch (error) {
			report.unreadable.push({ secret_id: row.id, endpoint_id: row.endpoint_id, problem: (error as Error).message })
		}
	}
	return report
}
