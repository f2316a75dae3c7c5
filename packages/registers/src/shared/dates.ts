const MONTHS: Record<string, number> = {
	jan: 1,
	feb: 2,
	mar: 3,
	apr: 4,
	may: 5,
	jun: 6,
	jul: 7,
	aug: 8,
	sep: 9,
	sept: 9,
	oct: 10,
	nov: 11,
	dec: 12,
	january: 1,
	february: 2,
	march: 3,
	april: 4,
	june: 6,
	july: 7,
	august: 8,
	september: 9,
	october: 10,
	november: 11,
	december: 12
}

function isoDate(year: number, month: number, day: number): string | null {
	if (!Number.isInteger(year) || year < 1900 || year > 2200) return null
	if (month < 1 || month > 12 || day < 1 || day > 31) return null
	const date = new Date(Date.UTC(year, month - 1, day))
	if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function monthNumber(word: string): number | null {
	return MONTHS[word.toLowerCase().replace(/\.$/, '')] ?? null
}

/**
 * Reads a calendar date in any form the registers print and returns `YYYY-MM-DD`, or null when
 * the text is empty or no real date. Slash dates are day first (UK, Malta and Curaçao all print
 * them so). Forms: `2026-04-14`, `2002-02-03T00:00:00+00:00` (the day as printed, offset ignored
 * because registers publish a day), `14/04/2026`, `14-04-2026`, `14.04.2026`, `25/Sep/2024`,
 * `14 April 2026`, `14th April 2026`, `14-Apr-2026`, `April 14, 2026`, and the typos
 * `May19, 2026` and `September 26 ,2025`.
 */
export function parseRegisterDate(raw: string | null | undefined): string | null {
	if (raw == null) return null
	const text = raw.replace(/[\u200b\u00a0]/g, ' ').trim()
	if (text === '' || text.length > 60) return null
	let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text)
	if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]))
	m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: [\d:]+)?$/.exec(text)
	if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]))
	m = /^(\d{1,2})[/ -]([A-Za-z]{3,9}\.?)[/ -](\d{4})$/.exec(text)
	if (m) {
		const month = monthNumber(m[2] as string)
		return month ? isoDate(Number(m[3]), month, Number(m[1])) : null
	}
	m = /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9}\.?),?\s+(\d{4})$/i.exec(text)
	if (m) {
		const month = monthNumber(m[2] as string)
		return month ? isoDate(Number(m[3]), month, Number(m[1])) : null
	}
	m = /^([A-Za-z]{3,9}\.?)\s*(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*,?\s*(\d{4})$/i.exec(text)
	if (m) {
		const month = monthNumber(m[1] as string)
		return month ? isoDate(Number(m[3]), month, Number(m[2])) : null
	}
	return null
}

/** A pattern that finds dates written with a month name inside prose ("effective as of 25 September 2024", "May19, 2026"). */
export const PROSE_DATE_PATTERN =
	/\b(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Z][a-z]{2,8}\.?,?\s+\d{4}|[A-Z][a-z]{2,8}\.?\s*\d{1,2}(?:st|nd|rd|th)?\s*,?\s*,?\s*\d{4}|\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2})\b/g

/** Every date found in prose, in order of appearance, as `YYYY-MM-DD` (text that only looks like a date is skipped). */
export function findDatesInProse(text: string): { raw: string; date: string; index: number }[] {
	const found: { raw: string; date: string; index: number }[] = []
	for (const match of text.matchAll(PROSE_DATE_PATTERN)) {
		const date = parseRegisterDate(match[0])
		if (date) found.push({ raw: match[0], date, index: match.index ?? 0 })
	}
	return found
}
