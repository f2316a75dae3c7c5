import { FetchFailedError } from '../errors.ts'

export type Validators = { etag: string | null; lastModified: string | null }

export type FetchResponse =
	| { status: 'ok'; httpStatus: number; bytes: Uint8Array; contentType: string | null; validators: Validators }
	| { status: 'not_modified'; httpStatus: 304; validators: Validators }

/** Fetches one URL, conditionally when validators from the last read are given. Throws FetchFailedError. */
export type Fetcher = (url: string, previous: Validators | null) => Promise<FetchResponse>

export type HttpFetcherOptions = { timeoutMs: number; userAgent: string }

export function httpFetcher(options: HttpFetcherOptions): Fetcher {
	return async (url, previous) => {
		const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*' }
		if (previous?.etag) headers['if-none-match'] = previous.etag
		if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified
		const signal = AbortSignal.timeout(options.timeoutMs)
		let response: Response
		try {
			response = await fetch(url, { headers, signal, redirect: 'follow' })
		} catch (error) {
			throw failure(error, url, signal)
		}
		const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
		if (response.status === 304) {
			await response.body?.cancel().catch(() => {})
			return { status: 'not_modified', httpStatus: 304, validators: previous && !validators.etag && !validators.lastModified ? previous : validators }
		}
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			throw new FetchFailedError('http_error', url, `HTTP ${response.status} from ${url}`, response.status)
		}
		let bytes: Uint8Array
		try {
			bytes = new Uint8Array(await response.arrayBuffer())
		} catch (error) {
			const reason = failure(error, url, signal)
			throw reason.reason === 'timeout' ? reason : new FetchFailedError('truncated', url, `the body of ${url} ended early`, response.status, { cause: error })
		}
		const declared = Number(response.headers.get('content-length') ?? Number.NaN)
		const encoded = response.headers.get('content-encoding')
		if (Number.isFinite(declared) && !encoded && bytes.length < declared) {
			throw new FetchFailedError('truncated', url, `${url} sent ${bytes.length} of ${declared} bytes`, response.status)
		}
		return { status: 'ok', httpStatus: response.status, bytes, contentType: response.headers.get('content-type'), validators }
	}
}

function failure(error: unknown, url: string, signal: AbortSignal): FetchFailedError {
	if (signal.aborted) return new FetchFailedError('timeout', url, `no complete answer from ${url} in time`, null, { cause: error })
	return new FetchFailedError('network_error', url, `fetching ${url} failed: ${error instanceof Error ? error.message : String(error)}`, null, { cause: error })
}
