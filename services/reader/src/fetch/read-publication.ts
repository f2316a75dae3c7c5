import type { Clock } from '@lv/clock'
import type { FetchedFile, PublicationKind, RegisterAdapter } from '@lv/registers'
import { FetchFailedError, RunFailedError } from '../errors.ts'
import type { Sources } from '../sources.ts'
import type { FetchResponse, FetchScope, Fetcher, Validators } from './http-fetcher.ts'
import { sourceRefusal } from './source-policy.ts'

export type FetchedRecord = {
	/** The regulator's URL (what links resolve against). */
	canonicalUrl: string
	/** The URL actually requested; recorded as the source. */
	fetchUrl: string
	httpStatus: number
	bytes: Uint8Array
	contentType: string | null
	sha256: string
	validators: Validators
	fetchedAt: Date
	/** The server answered 304 and the bytes are the filed snapshot of the last read. */
	notModified: boolean
}

export type PreviousRead = Validators & { sha256: string }

export type PublicationFetchDeps = {
	fetcher: Fetcher
	sources: Sources
	clock: Clock
	maxFiles: number
	scope: FetchScope
	/** The run's warnings: a discovered link that is not a source of the jurisdiction is one, and is not fetched. */
	warnings: string[]
	previousRead(fetchUrl: string): PreviousRead | undefined
	loadSnapshot(sha256: string): Promise<{ bytes: Uint8Array; contentType: string | null } | null>
}

export const sha256Hex = (bytes: Uint8Array): string => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')

/**
 * Fetches the regulator's `canonicalUrl` (through the local register server when one is
 * configured): the canonical URL must be a source of the jurisdiction (source-policy.ts), then
 * every hop of the fetch is checked again by the fetcher. Throws FetchFailedError.
 */
export async function fetchCanonical(
	fetcher: Fetcher,
	sources: Sources,
	scope: FetchScope,
	canonicalUrl: string,
	previous: Validators | null
): Promise<FetchResponse> {
	const refusal = sourceRefusal(scope.policy, scope.jurisdiction, canonicalUrl)
	if (refusal !== null) throw new FetchFailedError('source_refused', canonicalUrl, `${canonicalUrl} is not read: ${refusal}`)
	return fetcher(sources.fetchUrl(canonicalUrl), previous, scope)
}

/**
 * Reads one publication: its entry URL, then every further URL the adapter discovers (pages,
 * linked files), each fetched conditionally. Records are pushed to `records` as they arrive, so
 * a caller whose read fails still knows what was fetched.
 */
export async function fetchPublication(
	deps: PublicationFetchDeps,
	adapter: RegisterAdapter,
	kind: PublicationKind,
	entryUrl: string,
	records: FetchedRecord[]
): Promise<FetchedRecord[]> {
	const own: FetchedRecord[] = []
	const queue = [entryUrl]
	const seen = new Set(queue)
	while (queue.length > 0) {
		const canonicalUrl = queue.shift() as string
		if (own.length >= deps.maxFiles) {
			throw new RunFailedError(
				'too_many_files',
				`${kind} read of ${entryUrl} discovered more than ${deps.maxFiles} files`,
				60 * 60_000,
				entryUrl
			)
		}
		const record = await fetchOne(deps, canonicalUrl)
		own.push(record)
		records.push(record)
		let next: string[] = []
		try {
			next = adapter.discover({ url: canonicalUrl, bytes: record.bytes, contentType: record.contentType }, kind)
		} catch {
			next = []
		}
		for (const url of next) {
			if (seen.has(url)) continue
			seen.add(url)
			const refusal = sourceRefusal(deps.scope.policy, deps.scope.jurisdiction, url)
			if (refusal === null) queue.push(url)
			else deps.warnings.push(`${canonicalUrl} links ${url}, which is not read: ${refusal}`)
		}
	}
	return own
}

async function fetchOne(deps: PublicationFetchDeps, canonicalUrl: string): Promise<FetchedRecord> {
	const fetchUrl = deps.sources.fetchUrl(canonicalUrl)
	const previous = deps.previousRead(fetchUrl)
	const fetchedAt = deps.clock.now()
	const response = await fetchCanonical(deps.fetcher, deps.sources, deps.scope, canonicalUrl, previous ?? null)
	if (response.status === 'not_modified') {
		const snapshot = previous ? await deps.loadSnapshot(previous.sha256) : null
		if (previous && snapshot) {
			return {
				canonicalUrl,
				fetchUrl,
				httpStatus: 304,
				bytes: snapshot.bytes,
				contentType: snapshot.contentType,
				sha256: previous.sha256,
				validators: response.validators,
				fetchedAt,
				notModified: true
			}
		}
		const fresh = await fetchCanonical(deps.fetcher, deps.sources, deps.scope, canonicalUrl, null)
		if (fresh.status === 'not_modified')
			throw new FetchFailedError('http_error', fetchUrl, `${fetchUrl} answered 304 to an unconditional request`, 304)
		return {
			canonicalUrl,
			fetchUrl,
			httpStatus: fresh.httpStatus,
			bytes: fresh.bytes,
			contentType: fresh.contentType,
			sha256: sha256Hex(fresh.bytes),
			validators: fresh.validators,
			fetchedAt,
			notModified: false
		}
	}
	return {
		canonicalUrl,
		fetchUrl,
		httpStatus: response.httpStatus,
		bytes: response.bytes,
		contentType: response.contentType,
		sha256: sha256Hex(response.bytes),
		validators: response.validators,
		fetchedAt,
		notModified: false
	}
}

export const asFetchedFile = (record: FetchedRecord): FetchedFile => ({
	url: record.canonicalUrl,
	bytes: record.bytes,
	contentType: record.contentType
})
