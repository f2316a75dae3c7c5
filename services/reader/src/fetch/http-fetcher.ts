import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { createReadStream } from 'node:fs'
import type { Readable, Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { parseIp, pinnedLookup } from '@lv/net-policy'
import type { JurisdictionCode } from '@lv/registers'
import { FetchFailedError } from '../errors.ts'
import type { RunAllowance } from './run-allowance.ts'
import { type Hop, type SourcePolicy, checkHop } from './source-policy.ts'

export type Validators = { etag: string | null; lastModified: string | null }

export type FetchResponse =
	| { status: 'ok'; httpStatus: number; bytes: Uint8Array; contentType: string | null; validators: Validators }
	| { status: 'not_modified'; httpStatus: 304; validators: Validators }

/** Whose source a fetch reads (its regulator hosts), the operator's exceptions, and the run's allowance it draws on. */
export type FetchScope = { jurisdiction: JurisdictionCode; policy: SourcePolicy; run: RunAllowance }

/** Fetches one URL, conditionally when validators from the last read are given. Throws FetchFailedError. */
export type Fetcher = (url: string, previous: Validators | null, scope: FetchScope) => Promise<FetchResponse>

/** Redirects one fetch follows at most, each one checked like the first request. */
export const MAX_REDIRECTS = 5
/** Per file, after content decoding and on the wire. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024

export type HttpFetcherOptions = {
	/** One file, every hop, connect to last byte (and never past the run's own time cap). */
	timeoutMs: number
	userAgent: string
	maxFileBytes?: number
	maxFileWireBytes?: number
}

type Caps = { url: string; run: RunAllowance; fileBytes: number; fileWireBytes: number }

/**
 * The reader's only way out: every hop (the request and each redirect, at most MAX_REDIRECTS)
 * passes the source policy and connects to the address that was checked (pinned, so DNS is not
 * asked again); the body is read as a stream, counted on the wire and after decoding (gzip,
 * deflate, brotli) against the file's and the run's caps, and cut off at the first byte over;
 * the whole fetch has one deadline.
 */
export function httpFetcher(options: HttpFetcherOptions): Fetcher {
	const fileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
	const fileWireBytes = options.maxFileWireBytes ?? fileBytes
	return async (url, previous, scope) => {
		if (scope.run.signal.aborted) throw new FetchFailedError('timeout', url, `the run's fetch time ran out before ${url}`)
		const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*', 'accept-encoding': 'gzip, deflate, br' }
		if (previous?.etag) headers['if-none-match'] = previous.etag
		if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified
		const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), scope.run.signal])
		const caps: Caps = { url, run: scope.run, fileBytes, fileWireBytes }
		try {
			let target = url
			for (let redirects = 0; ; redirects++) {
				const hop = await checkHop(scope.policy, scope.jurisdiction, target)
				if (hop.kind === 'file') return await readLocalFile(hop.path, caps, signal)
				const response = await request(hop, headers, signal)
				const status = response.statusCode ?? 0
				const location = response.headers.location
				if (status >= 300 && status < 400 && status !== 304 && location) {
					response.destroy()
					if (redirects >= MAX_REDIRECTS)
						throw new FetchFailedError('too_many_redirects', url, `${url} redirects more than ${MAX_REDIRECTS} times`, status)
					target = new URL(location, target).toString()
					continue
				}
				return await answer(response, previous, caps, signal)
			}
		} catch (error) {
			if (error instanceof FetchFailedError) throw error
			if (signal.aborted) throw new FetchFailedError('timeout', url, `no complete answer from ${url} in time`, null, { cause: error })
			throw new FetchFailedError(
				'network_error',
				url,
				`fetching ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
				null,
				{ cause: error }
			)
		}
	}
}

function request(hop: Extract<Hop, { kind: 'http' }>, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
	const isHttps = hop.url.protocol === 'https:'
	const options: https.RequestOptions = { method: 'GET', headers, lookup: pinnedLookup(hop.address), agent: false, signal }
	if (isHttps && parseIp(hop.url.hostname) === null) options.servername = hop.url.hostname
	return new Promise((resolve, reject) => {
		const outgoing = (isHttps ? https : http).request(hop.url, options, resolve)
		outgoing.on('error', reject)
		outgoing.end()
	})
}

/** A source may ask for at most a day's pause; a longer one is read as a day (the freshness alarm fires well before). */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000

/** Retry-After as delta-seconds, or as an HTTP date measured against the answer's own Date header. */
function retryAfterOf(value: string | null, sentAt: string | null): number | null {
	if (value === null) return null
	const trimmed = value.trim()
	const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - (sentAt === null ? Number.NaN : Date.parse(sentAt))
	return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null
}

async function answer(response: IncomingMessage, previous: Validators | null, caps: Caps, signal: AbortSignal): Promise<FetchResponse> {
	const status = response.statusCode ?? 0
	const header = (name: string) => {
		const value = response.headers[name]
		return (Array.isArray(value) ? value[0] : value) ?? null
	}
	const validators = { etag: header('etag'), lastModified: header('last-modified') }
	if (status === 304) {
		response.destroy()
		return {
			status: 'not_modified',
			httpStatus: 304,
			validators: previous && !validators.etag && !validators.lastModified ? previous : validators
		}
	}
	if (status < 200 || status >= 300) {
		response.destroy()
		const retryAfterMs = retryAfterOf(header('retry-after'), header('date'))
		throw new FetchFailedError('http_error', caps.url, `HTTP ${status} from ${caps.url}`, status, { retryAfterMs })
	}
	const encoding = (header('content-encoding') ?? 'identity').trim().toLowerCase()
	let decoder: Transform | null
	try {
		decoder = decoderFor(encoding, caps.url, status)
	} catch (error) {
		response.destroy()
		throw error
	}
	const bytes = await readCapped(response, decoder, caps, signal, status)
	const declared = Number(header('content-length') ?? Number.NaN)
	if (Number.isFinite(declared) && encoding === 'identity' && bytes.length < declared) {
		throw new FetchFailedError('truncated', caps.url, `${caps.url} sent ${bytes.length} of ${declared} bytes`, status)
	}
	return { status: 'ok', httpStatus: status, bytes, contentType: header('content-type'), validators }
}

function decoderFor(encoding: string, url: string, status: number): Transform | null {
	if (encoding === 'identity' || encoding === '') return null
	if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip()
	if (encoding === 'deflate') return createInflate()
	if (encoding === 'br') return createBrotliDecompress()
	throw new FetchFailedError('http_error', url, `${url} answered in content encoding "${encoding}", which is not read`, status)
}

async function readLocalFile(path: string, caps: Caps, signal: AbortSignal): Promise<FetchResponse> {
	const file = Bun.file(path)
	if (!(await file.exists())) throw new FetchFailedError('http_error', caps.url, `${caps.url} does not exist`, 404)
	const bytes = await readCapped(createReadStream(path), null, caps, signal, 200)
	return { status: 'ok', httpStatus: 200, bytes, contentType: file.type, validators: { etag: null, lastModified: null } }
}

/**
 * Reads a body counting every chunk on the wire and after `decoder`, against the file's and the
 * run's caps; the first byte over stops the transfer (FetchFailedError 'too_large'), so at most
 * one cap's worth is ever held.
 */
function readCapped(source: Readable, decoder: Transform | null, caps: Caps, signal: AbortSignal, status: number): Promise<Uint8Array> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let wire = 0
		let size = 0
		let settled = false
		const stop = (error: unknown) => {
			if (settled) return
			settled = true
			source.destroy()
			decoder?.destroy()
			signal.removeEventListener('abort', onAbort)
			reject(error)
		}
		const onAbort = () => stop(new FetchFailedError('timeout', caps.url, `no complete answer from ${caps.url} in time`, status))
		signal.addEventListener('abort', onAbort)
		const keep = (chunk: Buffer) => {
			if (settled) return
			size += chunk.length
			if (size > caps.fileBytes)
				return stop(new FetchFailedError('too_large', caps.url, `${caps.url} decodes to more than ${caps.fileBytes} bytes`, status))
			try {
				caps.run.take(caps.url, chunk.length)
			} catch (error) {
				return stop(error)
			}
			chunks.push(chunk)
		}
		const finish = () => {
			if (settled) return
			settled = true
			signal.removeEventListener('abort', onAbort)
			resolve(new Uint8Array(Buffer.concat(chunks)))
		}
		source.on('data', (chunk: Buffer) => {
			if (settled) return
			wire += chunk.length
			if (wire > caps.fileWireBytes)
				return stop(new FetchFailedError('too_large', caps.url, `${caps.url} sent more than ${caps.fileWireBytes} bytes`, status))
			try {
				caps.run.takeWire(caps.url, chunk.length)
			} catch (error) {
				return stop(error)
			}
			if (decoder) decoder.write(chunk)
			else keep(chunk)
		})
		source.on('end', () => (decoder ? decoder.end() : finish()))
		const cut = (error: unknown) =>
			stop(
				signal.aborted
					? new FetchFailedError('timeout', caps.url, `no complete answer from ${caps.url} in time`, status)
					: new FetchFailedError('truncated', caps.url, `the body of ${caps.url} ended early`, status, { cause: error })
			)
		source.on('error', cut)
		source.on('aborted', cut)
		decoder?.on('data', keep)
		decoder?.on('end', finish)
		decoder?.on('error', (error: Error) =>
			stop(new FetchFailedError('truncated', caps.url, `the ${caps.url} body does not decode`, status, { cause: error }))
		)
	})
}
