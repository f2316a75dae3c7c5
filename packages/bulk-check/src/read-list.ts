import { readCsvRecords } from '@lv/csv'
import { normaliseHostname } from '@lv/hostnames'

export type ListEntry = { line: number; input: string; domain: string }
export type JunkLine = { line: number; text: string; problem: string }

/** What reading the list did with every line, shown before the job starts and kept with it. */
export type ListReport = {
	lines: number
	/** The header row skipped, as it read. */
	header: string | null
	blank: number
	duplicates: number
	/** URLs (scheme, path, port…) reduced to their hostname. */
	urlsReduced: number
	junk: number
	/** The first junk lines, for the page. */
	junkSamples: JunkLine[]
}

export type ReadList =
	| { ok: true; entries: ListEntry[]; report: ListReport }
	| { ok: false; reason: 'no_entries' | 'too_many_entries'; message: string; report: ListReport }

/** `Domain`, `URL`, `Website`, and how spreadsheets often word them: `Domain name`, `Website URL`, `Web address`… */
const HEADER_NAMES = /^(domains?|urls?|(web ?)?sites?|hosts?|hostnames?|web ?address(es)?)([ _-]?(names?|urls?|address(es)?))?$/i
const FORMULA_START = /^[=+\-@\t\r]/
const LOOKS_LIKE_URL = /[/:?#]/
const JUNK_SAMPLES = 20
const MAX_SAMPLE_LENGTH = 80

const shorten = (text: string) => (text.length > MAX_SAMPLE_LENGTH ? `${text.slice(0, MAX_SAMPLE_LENGTH)}…` : text)

/** The hostname of one cell, or why it has none. */
function hostnameOf(cell: string): { ok: true; domain: string; fromUrl: boolean } | { ok: false; problem: string } {
	if (FORMULA_START.test(cell)) return { ok: false, problem: 'A spreadsheet formula, not a domain; it was not run.' }
	let host = cell
	const fromUrl = LOOKS_LIKE_URL.test(cell)
	if (fromUrl) {
		try {
			const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(cell) ? cell : `http://${cell}`)
			if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'Only web addresses (http, https) are read.' }
			host = url.hostname
		} catch {
			return { ok: false, problem: 'Not a domain or a web address.' }
		}
	}
	const normalised = normaliseHostname(host)
	return normalised.ok ? { ok: true, domain: normalised.domain, fromUrl } : { ok: false, problem: normalised.message }
}

/** The column holding the domains: a header cell naming it, else the first. */
function domainColumn(fields: readonly string[]): { column: number; isHeader: boolean } {
	const named = fields.findIndex((field) => HEADER_NAMES.test(field.trim()))
	if (named >= 0) return { column: named, isHeader: true }
	const first = (fields[0] ?? '').trim()
	return { column: 0, isHeader: first !== '' && !first.includes('.') }
}

/** One row of a list: the line (or sheet row) it starts on and its cells. */
export type ListRecord = { line: number; fields: readonly string[] }

/** The first line with more than white space in it. */
const FIRST_LINE_WITH_CONTENT = /^.*\S.*$/m

const QUOTED = /"(?:[^"]|"")*"/g
const count = (text: string, character: string) => text.split(character).length - 1

/**
 * What splits the columns of a text list, told by its first line with content: a tab (Excel's "Unicode
 * Text" and "Text (Tab delimited)", cells copied from a spreadsheet); a semicolon when the line holds more
 * of them than commas outside quotes (Excel's CSV where the decimal separator is a comma: most of
 * continental Europe); else a comma. A domain or web address holds none of the three.
 */
function columnSeparator(firstLine: string): '\t' | ';' | ',' {
	if (firstLine.includes('\t')) return '\t'
	const unquoted = firstLine.replace(QUOTED, '')
	return count(unquoted, ';') > count(unquoted, ',') ? ';' : ','
}

/** The records of a text list, split on its column separator (columnSeparator). */
export function readListText(text: string): Iterable<ListRecord> {
	return readCsvRecords(text, columnSeparator(FIRST_LINE_WITH_CONTENT.exec(text)?.[0] ?? ''))
}

/** A pasted list, CSV or tab-separated text as the distinct domains to check (see readBulkRecords). */
export const readBulkList = (text: string, limit: number): ReadList => readBulkRecords(readListText(text), limit)

/**
 * The rows of a list (CSV records or a sheet's rows) as the distinct domains to check, in order: the
 * header row, blank lines and duplicates are skipped, URLs reduced to their hostname, anything else
 * reported as junk with its line. More than `limit` distinct domains refuses the whole list.
 */
export function readBulkRecords(records: Iterable<ListRecord>, limit: number): ReadList {
	const report: ListReport = { lines: 0, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
	const entries: ListEntry[] = []
	const seen = new Set<string>()
	let column: number | null = null
	let overLimit = false
	for (const record of records) {
		report.lines++
		const isBlank = record.fields.every((field) => field.trim() === '')
		if (isBlank) {
			report.blank++
			continue
		}
		if (column === null) {
			const chosen = domainColumn(record.fields)
			column = chosen.column
			if (chosen.isHeader) {
				report.header = shorten(record.fields.join(','))
				continue
			}
		}
		const cell = (record.fields[column] ?? '').trim()
		if (cell === '') {
			report.blank++
			continue
		}
		const host = hostnameOf(cell)
		if (!host.ok) {
			report.junk++
			if (report.junkSamples.length < JUNK_SAMPLES)
				report.junkSamples.push({ line: record.line, text: shorten(cell), problem: host.problem })
			continue
		}
		if (seen.has(host.domain)) {
			report.duplicates++
			continue
		}
		if (entries.length >= limit) {
			overLimit = true
			continue
		}
		seen.add(host.domain)
		if (host.fromUrl) report.urlsReduced++
		entries.push({ line: record.line, input: cell, domain: host.domain })
	}
	if (overLimit) {
		return {
			ok: false,
			reason: 'too_many_entries',
			message: `The list holds more than ${limit.toLocaleString('en-GB')} distinct domains, the most one job takes on your plan. Split it into several lists; nothing was started.`,
			report
		}
	}
	if (entries.length === 0) return { ok: false, reason: 'no_entries', message: 'The list holds no domain or web address to check.', report }
	return { ok: true, entries, report }
}
