/** Entries one bulk check job may hold, by plan code; a plan not listed may not run bulk checks. */
export const BULK_ENTRIES_PER_JOB: Readonly<Record<string, number>> = {
	starter: 500,
	pro: 5_000,
	business: 50_000,
	enterprise: 50_000
}

export const bulkEntryLimit = (planCode: string | null | undefined): number => (planCode ? (BULK_ENTRIES_PER_JOB[planCode] ?? 0) : 0)

/** Domains in one `check.batch` message; each batch counts as one call against the monthly quota, as POST /v1/check/batch does. */
export const BULK_BATCH_SIZE = 100

/** The largest upload or pasted list read, in bytes: 50,000 URLs with long paths fit with room to spare. */
export const BULK_UPLOAD_MAX_BYTES = 8 * 1024 * 1024

export const batchesFor = (entries: number) => Math.ceil(entries / BULK_BATCH_SIZE)
