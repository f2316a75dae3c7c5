import http from 'node:http'
import https from 'node:https'
import { type Clock, type StartTimer, realTimer, systemClock } from '@lv/clock'
import { addressFamily, parseIp, pinnedLookup } from '@lv/net-policy'

/** SPEC "Delivery rules": 10 seconds per attempt, connect to last body byte. */
export const DELIVERY_TIMEOUT_MS = 10_000
export const DEFAULT_MAX_RESPONSE_BYTES = 8192

export type DeliveryRequest = {
	url: URL | string
	/** The address checkWebhookUrl approved; the connection goes here and nowhere else. */
	address: string
	headers: Record<string, string>
	/** The exact bytes that were signed. */
	body: string | Uint8Array
	timeoutMs?: number
	maxResponseBytes?: number
	/** Extra trust anchors for https receivers on a private PKI (and for tests). */
	ca?: string | readonly string[]
	clock?: Clock
	/** The timer of `timeoutMs`: real timers when absent, tests fire theirs by hand. */
	startTimer?: StartTimer
}

export type DeliveryErrorKind =
	| 'timeout'
	| 'redirect_not_followed'
	| 'connection_refused'
	| 'connection_reset'
	| 'tls_error'
	| 'network_error'

export type DeliveryResult = {
	/** True only for a 2xx answer received within the timeout. */
	ok: boolean
	status: number | null
	/** At most maxResponseBytes of the body, decoded as UTF-8; null when no response arrived. */
	body: string | null
	/** The response's Content-Type; null when absent or no response arrived. */
	contentType: string | null
	latencyMs: number
	errorKind: DeliveryErrorKind | null
	error: string | null
}

/**
 * One POST attempt, pinned to `address`: the system resolver is never asked again (no DNS-rebinding
 * window), while the Host header, TLS SNI and certificate check use the URL's own hostname.
 * Redirects are not followed; a 3xx is a failure.
 */
export function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
	const url = typeof request.url === 'string' ? new URL(request.url) : request.url
	const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS
	const maxResponseBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
	const clock = request.clock ?? systemClock
	const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : Buffer.from(request.body)
	const family = addressFamily(request.address)
	const isHttps = url.protocol === 'https:'
	const hostIsLiteral = parseIp(url.hostname) !== null

	return new Promise((resolve) => {
		const startedMs = clock.nowMs()
		let settled = false
		let status: number | null = null
		let contentType: string | null = null
		const chunks: Buffer[] = []
		let received = 0

		const finish = (errorKind: DeliveryErrorKind | null, error: string | null) => {
			if (settled) return
			settled = true
			cancelTimeout()
			outgoing.destroy()
			const text = status === null ? null : decodeTruncated(Buffer.concat(chunks))
			const ok = errorKind === null && status !== null && status >= 200 && status < 300
			resolve({ ok, status, body: text, contentType, latencyMs: Math.max(0, Math.round(clock.nowMs() - startedMs)), errorKind, error })
		}

		const options: https.RequestOptions = {
			method: 'POST',
			headers: { ...request.headers, 'Content-Length': String(body.byteLength) },
			lookup: pinnedLookup(request.address),
			family,
			agent: false
		}
		if (isHttps) {
			if (!hostIsLiteral) options.servername = url.hostname
			if (request.ca !== undefined) options.ca = typeof request.ca === 'string' ? request.ca : [...request.ca]
		}
		const transport = isHttps ? https : http
		const outgoing = transport.request(url, options, (response) => {
			status = response.statusCode ?? null
			contentType = response.headers['content-type'] ?? null
			response.on('data', (chunk: Buffer) => {
				const room = maxResponseBytes - received
				if (room > 0) {
					chunks.push(room >= chunk.length ? chunk : chunk.subarray(0, room))
					received += Math.min(room, chunk.length)
				}
				if (received >= maxResponseBytes) complete()
			})
			response.on('end', () => complete())
			response.on('error', (error) => finish(...describeNetworkError(error)))
		})
		const complete = () => {
			if (status !== null && status >= 300 && status < 400) {
				finish('redirect_not_followed', `redirect ${status} not followed`)
			} else {
				finish(null, null)
			}
		}
		const cancelTimeout = (request.startTimer ?? realTimer)(timeoutMs, () =>
			finish('timeout', `no complete response within ${timeoutMs} ms`)
		)
		outgoing.on('error', (error) => finish(...describeNetworkError(error)))
		outgoing.end(body)
	})
}

/** Drops a multi-byte character cut in half by the byte limit instead of showing a replacement glyph. */
function decodeTruncated(bytes: Buffer): string {
	return new TextDecoder('utf-8').decode(bytes, { stream: true })
}

function describeNetworkError(error: Error & { code?: string }): [DeliveryErrorKind, string] {
	const code = error.code ?? ''
	if (code === 'ECONNREFUSED') return ['connection_refused', 'connection refused']
	if (code === 'ECONNRESET' || code === 'EPIPE') return ['connection_reset', 'connection reset by the receiver']
	if (code === 'ETIMEDOUT') return ['timeout', 'connection timed out']
	if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code) || /certificate|tls|ssl/i.test(error.message)) {
		return ['tls_error', `TLS failed: ${error.message}`]
	}
	return ['network_error', code === '' ? error.message : `${code}: ${error.message}`]
}
