/**
 * What the result table keeps of each answer of a checker `check.batch` reply, in the reply's
 * order: the verdict (null for a per-row error), the matched jurisdiction, operator (slug and name)
 * and licence number, and the per-row error code: what the job page's table filters and shows.
 */
export type AnswerColumns = {
	verdicts: (string | null)[]
	jurisdictions: (string | null)[]
	operatorSlugs: (string | null)[]
	operators: (string | null)[]
	licenseNumbers: (string | null)[]
	errors: (string | null)[]
	/** The reply's `_meta.stale_jurisdictions` codes: registers past their SLA when the batch was checked. */
	staleJurisdictions: string[]
}

/** The verdicts a stale register weakens (SPEC, `_meta.stale_jurisdictions`): they rest on the register being read. */
export const WEAKENED_VERDICTS: readonly string[] = ['not_found', 'generic_term', 'name_match_only']

/** What a `check.batch` reply says once for all its rows: when it was checked and which registers were stale then. */
export type BatchMeta = { checkedAt: string | null; staleJurisdictions: string[] }

/** A `check.batch` reply's rows and its reply-level `_meta`. */
export type BatchReply = { rows: Record<string, unknown>[]; meta: BatchMeta }

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function metaOf(reply: Record<string, unknown>): BatchMeta {
	const meta = isRecord(reply._meta) ? reply._meta : {}
	const stale = Array.isArray(meta.stale_jurisdictions) ? meta.stale_jurisdictions : []
	return {
		checkedAt: textOrNull(meta.checked_at),
		staleJurisdictions: stale.flatMap((entry) => {
			const code = isRecord(entry) ? textOrNull(entry.jurisdiction) : null
			return code === null ? [] : [code]
		})
	}
}

/** The rows of a `check.batch` reply's `results` and its `_meta`, or null when the text is not such a reply. */
export function batchReply(reply: string): BatchReply | null {
	let parsed: unknown
	try {
		parsed = JSON.parse(reply)
	} catch {
		return null
	}
	const results = isRecord(parsed) ? parsed.results : null
	return isRecord(parsed) && Array.isArray(results) && results.every(isRecord) ? { rows: results, meta: metaOf(parsed) } : null
}

/** The rows of a `check.batch` reply's `results`, or null when the text is not such a reply. */
export const batchAnswerRows = (reply: string): Record<string, unknown>[] | null => batchReply(reply)?.rows ?? null

/** The columns of a reply whose `results` answer exactly `count` entries; null for any other reply (an error, too few or too many rows). */
export function answerColumns(reply: string, count: number): AnswerColumns | null {
	const parsed = batchReply(reply)
	if (parsed?.rows.length !== count) return null
	const { rows, meta } = parsed
	const matches = rows.map((row) => (isRecord(row.match) ? row.match : {}))
	return {
		verdicts: rows.map((row) => textOrNull(row.verdict)),
		jurisdictions: matches.map((match) => textOrNull(match.jurisdiction)),
		operatorSlugs: matches.map((match) => textOrNull(match.operator_slug)),
		operators: matches.map((match) => textOrNull(match.operator)),
		licenseNumbers: matches.map((match) => textOrNull(match.license_number)),
		errors: rows.map((row) => textOrNull(row.error)),
		staleJurisdictions: meta.staleJurisdictions
	}
}
