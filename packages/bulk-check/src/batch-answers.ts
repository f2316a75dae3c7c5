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
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The rows of a `check.batch` reply's `results`, or null when the text is not such a reply. */
export function batchAnswerRows(reply: string): Record<string, unknown>[] | null {
	let parsed: unknown
	try {
		parsed = JSON.parse(reply)
	} catch {
		return null
	}
	const results = isRecord(parsed) ? parsed.results : null
	return Array.isArray(results) && results.every(isRecord) ? results : null
}

/** The columns of a reply whose `results` answer exactly `count` entries; null for any other reply (an error, too few or too many rows). */
export function answerColumns(reply: string, count: number): AnswerColumns | null {
	const rows = batchAnswerRows(reply)
	if (rows?.length !== count) return null
	const matches = rows.map((row) => (isRecord(row.match) ? row.match : {}))
	return {
		verdicts: rows.map((row) => textOrNull(row.verdict)),
		jurisdictions: matches.map((match) => textOrNull(match.jurisdiction)),
		operatorSlugs: matches.map((match) => textOrNull(match.operator_slug)),
		operators: matches.map((match) => textOrNull(match.operator)),
		licenseNumbers: matches.map((match) => textOrNull(match.license_number)),
		errors: rows.map((row) => textOrNull(row.error))
	}
}
