export {
	type BatchResult,
	type CheckQuery,
	type CheckResult,
	type ClientOptions,
	type ExportDataset,
	type ExportFile,
	type ExportQuery,
	type LicenceVerifyClient,
	type Snapshot,
	type StoredEvidence,
	createLicenceVerifyClient
} from './client.ts'
export { type ErrorEnvelope, LicenceVerifyError } from './errors.ts'
export { DEFAULT_MAX_RETRY_AFTER_MS, type RetryOptions, SERVER_ERROR_BACKOFF_MS, type Sleep, retryAfterMs, retryingFetch } from './retry.ts'
export { verifyWebhookSignature } from './webhooks.ts'
export {
	type EvidenceFailure,
	type EvidenceJwks,
	type EvidenceRecord,
	type EvidenceVerification,
	sha256Hex,
	verifyEvidence
} from '@lv/evidence'
export type { paths } from './schema.ts'
