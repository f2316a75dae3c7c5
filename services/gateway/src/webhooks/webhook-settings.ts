import type { StartTimer } from '@lv/clock'
import { type AllowList, type Resolve, type SecretKeyring, parseAllowList, resolveWithin, secretKeyring, systemResolve } from '@lv/webhooks'

/** How long a webhook URL's host may take to resolve on create, update and test before it counts as unresolvable. */
export const WEBHOOK_URL_RESOLVE_TIMEOUT_MS = 5_000

/** What the webhook routes need from deployment config; never from an API caller. */
export type WebhookSettings = {
	/** WEBHOOK_SECRET_KEY: encrypts signing secrets at rest (AES-256-GCM). */
	secretKey: string
	/** WEBHOOK_SECRET_PREVIOUS_KEYS: retired keys that still decrypt until every secret is re-encrypted. */
	previousSecretKeys?: readonly string[]
	/** WEBHOOK_ALLOW_LIST entries: operator-only exceptions to the URL policy (local receivers). */
	allowList: readonly string[]
	/** Name resolution for the URL policy; the system resolver when absent. */
	resolve?: Resolve
	/** Deadline of that resolution; WEBHOOK_URL_RESOLVE_TIMEOUT_MS when absent. */
	resolveTimeoutMs?: number
	/** The timer of that deadline: real timers when absent, tests fire theirs by hand. */
	resolveTimer?: StartTimer
}

export type ResolvedWebhookSettings = { secretKeys: SecretKeyring; allowList: AllowList; resolve: Resolve }

/** Parses once at start so a bad key or allow-list entry fails loudly before the first request. */
export const resolveWebhookSettings = (settings: WebhookSettings): ResolvedWebhookSettings => ({
	secretKeys: secretKeyring(settings.secretKey, settings.previousSecretKeys),
	allowList: parseAllowList(settings.allowList),
	resolve: resolveWithin(
		settings.resolve ?? systemResolve,
		settings.resolveTimeoutMs ?? WEBHOOK_URL_RESOLVE_TIMEOUT_MS,
		settings.resolveTimer
	)
})
