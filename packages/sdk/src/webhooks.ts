import { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, type SignatureCheck, verifySignature } from '@lv/webhooks'

/**
 * Checks a delivery's signature header (`t=<unix>,v1=<hex>…`) against the endpoint's secrets, with
 * the same scheme the notifier signs with: HMAC-SHA256 of `<t>.<raw body>`, `t` within the tolerance.
 * Pass the raw body exactly as received, before any JSON parsing.
 */
export function verifyWebhookSignature(
	header: string,
	rawBody: string | Uint8Array,
	secrets: readonly string[],
	options: { toleranceSeconds?: number; nowSeconds?: number } = {}
): SignatureCheck {
	const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000)
	return verifySignature(header, rawBody, secrets, options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS, nowSeconds)
}
