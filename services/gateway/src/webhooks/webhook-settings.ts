import { type AllowList, type Resolve, parseAllowList, parseEncryptionKey } from '@lv/webhooks'

/** What the webhook routes need from deployment config; never from an API caller. */
export type WebhookSettings = {
	/** WEBHOOK_SECRET_KEY: encrypts signing secrets at rest (AES-256-GCM). */
	secretKey: string
	/** WEBHOOK_ALLOW_LIST entries: operator-only exceptions to the URL policy (local receivers). */
	allowList: readonly string[]
	/** Name resolution for the URL policy; the system resolver when absent. */
	resolve?: Resolve
}

export type ResolvedWebhookSettings = { secretKey: Uint8Array; allowList: AllowList; resolve?: Resolve }

/** Parses once at start so a bad key or allow-list entry fails loudly before the first request. */
export const resolveWebhookSettings = (settings: WebhookSettings): ResolvedWebhookSettings => ({
	secretKey: parseEncryptionKey(settings.secretKey),
	allowList: parseAllowList(settings.allowList),
	resolve: settings.resolve
})
