import createClient from 'openapi-fetch'
import { type EvidenceJwks, type EvidenceVerification, verifyEvidence } from '@lv/evidence'
import { errorOf } from './errors.ts'
import { type RetryOptions, retryingFetch } from './retry.ts'
import type { paths } from './schema.ts'

export type ClientOptions = RetryOptions & {
	/** The API root, e.g. https://api.example.com */
	baseUrl: string
	/** Sent as `Authorization: Bearer <apiKey>`; omit for keyless calls. */
	apiKey?: string
	fetch?: (request: Request) => Promise<Response>
}

export type CheckQuery = NonNullable<paths['/v1/check']['get']['parameters']['query']>
export type Snapshot = { sha256: string; bytes: Uint8Array; contentType: string | null; readAt: string | null }
export type ExportDataset = 'licences' | 'operators' | 'domains'
export type ExportQuery = NonNullable<paths['/v1/export/{dataset}']['get']['parameters']['query']>
/** An export as it arrives: the streamed file and what its headers say of it (`sha256` is the ETag). */
export type ExportFile = {
	body: ReadableStream<Uint8Array>
	filename: string | null
	contentType: string | null
	sha256: string | null
	bytes: number | null
	rows: number | null
	dataVersion: number | null
}

const numberHeader = (headers: Headers, name: string): number | null => {
	const value = headers.get(name)
	return value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value)
}

/** The file of a 200 export: the body stays a stream (a whole dataset is large), the rest from the headers. */
function exportFileOf(body: ReadableStream<Uint8Array>, headers: Headers): ExportFile {
	return {
		body,
		filename: /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? null,
		contentType: headers.get('content-type'),
		sha256: headers.get('etag')?.replaceAll('"', '') ?? null,
		bytes: numberHeader(headers, 'x-export-bytes'),
		rows: numberHeader(headers, 'x-export-rows'),
		dataVersion: numberHeader(headers, 'x-export-data-version')
	}
}

/** openapi-fetch's answer: the data, or the error body with the response it came in. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
	if (result.error !== undefined || !result.response.ok) throw errorOf(result.response, result.error)
	return result.data as T
}

/**
 * A typed client of the API: `api` is the whole generated surface (every path, typed), the methods
 * cover the common calls and throw LicenceVerifyError on any non-2xx. Retries follow SPEC.
 */
export function createLicenceVerifyClient(options: ClientOptions) {
	const api = createClient<paths>({
		baseUrl: options.baseUrl.replace(/\/$/, ''),
		headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
		fetch: retryingFetch(options.fetch ?? ((request) => fetch(request)), options)
	})

	const jwks = async (): Promise<EvidenceJwks> => unwrap(await api.GET('/.well-known/jwks.json')) as EvidenceJwks
	async function snapshot(sha256: string): Promise<Snapshot> {
		const result = await api.GET('/v1/snapshots/{sha256}', { params: { path: { sha256 } }, parseAs: 'arrayBuffer' })
		const bytes = new Uint8Array(unwrap(result) as ArrayBuffer)
		return {
			sha256,
			bytes,
			contentType: result.response.headers.get('content-type'),
			readAt: result.response.headers.get('x-snapshot-read-at')
		}
	}

	async function exportRequest(dataset: ExportDataset, query: ExportQuery, heldSha256?: string): Promise<ExportFile | null> {
		const header = heldSha256 === undefined ? undefined : { 'if-none-match': `"${heldSha256}"` }
		const result = await api.GET('/v1/export/{dataset}', { params: { path: { dataset }, query, header }, parseAs: 'stream' })
		if (heldSha256 !== undefined && result.response.status === 304) return null
		return exportFileOf(unwrap(result) as ReadableStream<Uint8Array>, result.response.headers)
	}

	return {
		api,
		/** GET /v1/check; `evidence: 'true'` adds a signed record (needs a key). */
		check: async (query: CheckQuery) => unwrap(await api.GET('/v1/check', { params: { query } })),
		/** POST /v1/check/batch, 1–100 domains. */
		checkBatch: async (domains: unknown[], query: { evidence?: 'true' | 'false' } = {}) =>
			unwrap(await api.POST('/v1/check/batch', { body: { domains }, params: { query } })),
		/** GET /v1/evidence/{id}: a record again, for the account that made it. */
		evidence: async (id: string) => unwrap(await api.GET('/v1/evidence/{id}', { params: { path: { id } } })),
		/**
		 * GET /v1/export/{dataset}: the file is CSV or NDJSON, not JSON, so it is handed back as a stream
		 * (through `api` pass `parseAs: 'stream'` or `'text'`: the default JSON parse fails on a file
		 * whose export has already been counted).
		 */
		async exportFile(dataset: ExportDataset, query: ExportQuery = {}): Promise<ExportFile> {
			return (await exportRequest(dataset, query)) as ExportFile
		},
		/**
		 * As `exportFile`, but null when the current file is still the one whose `sha256` the caller holds: the
		 * API answers 304, which counts neither against the daily export cap nor the monthly quota.
		 */
		exportFileIfChanged: (dataset: ExportDataset, sha256: string, query: ExportQuery = {}): Promise<ExportFile | null> =>
			exportRequest(dataset, query, sha256),
		jwks,
		snapshot,
		/**
		 * Verifies a record against the published keys (or `options.jwks`, a saved copy) and, with
		 * `snapshots: true`, downloads every snapshot it names and checks each SHA-256.
		 */
		async verifyEvidence(jws: string, verifyOptions: { jwks?: EvidenceJwks; snapshots?: boolean } = {}): Promise<EvidenceVerification> {
			const keys = verifyOptions.jwks ?? (await jwks())
			const first = await verifyEvidence(jws, keys)
			if (!first.ok || !verifyOptions.snapshots) return first
			const named = [...new Set(first.record.publications.map((publication) => publication.sha256))]
			const bytes = await Promise.all(named.map(async (sha256) => [sha256, (await snapshot(sha256)).bytes] as const))
			return verifyEvidence(jws, keys, new Map(bytes))
		}
	}
}

export type LicenceVerifyClient = ReturnType<typeof createLicenceVerifyClient>
export type CheckResult = Awaited<ReturnType<LicenceVerifyClient['check']>>
export type BatchResult = Awaited<ReturnType<LicenceVerifyClient['checkBatch']>>
export type StoredEvidence = Awaited<ReturnType<LicenceVerifyClient['evidence']>>
