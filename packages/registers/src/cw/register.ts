import { nameKey } from '@lv/names'
import type { FetchedFile, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'
import { findDatesInProse } from '../shared/dates.ts'
import { guardParse, guardParseAsync, parseError } from '../shared/parse-error.ts'
import { extractPdfPages, extractPdfPagesAsync } from '../shared/pdf.ts'
import { decodeUtf8, isPdf, squish, stripZeroWidth } from '../shared/text.ts'
import { OGL_NUMBER, cwNumberKey } from './licence-number.ts'

/** Content type of a register PDF whose pages were already extracted to text (pages split by form feeds). */
export const CW_EXTRACTED_TEXT_TYPE = 'text/plain; charset=utf-8; x-extracted-from=application/pdf'

const TYPE = /\b(B2C\s*&\s*B2B|B2B\s*&\s*B2C|B2C|B2B)\b/
const PAGE_FOOTER = /^\s*Page \d+ of \d+\s*$/gim

export type CwRow = {
	rowNumber: string | null
	number: string
	name: string
	type: string | null
	companyNumber: string | null
	issuedDate: string | null
	expiryDate: string | null
	statusSentence: string | null
	statusDate: string | null
	printed: string
}

/** Splits one page's text into rows on the licence-number pattern (names wrap, so newlines mean nothing). */
export function splitCwRows(pageText: string): CwRow[] {
	const text = stripZeroWidth(pageText).replace(PAGE_FOOTER, '')
	const matches = [...text.matchAll(OGL_NUMBER)]
	return matches.map((match, index) => {
		const start = (match.index ?? 0) + match[0].length
		const end = matches[index + 1]?.index ?? text.length
		const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0)
		const rowNumber = /(\d{1,5})\.\s*$/.exec(before)?.[1] ?? null
		const chunk = squish(text.slice(start, end).replace(/\s\d{1,5}\.\s*$/, ''))
		return { ...readRow(chunk), rowNumber, number: squish(match[0]), printed: squish(`${match[0]} ${chunk}`) }
	})
}

function readRow(chunk: string): Omit<CwRow, 'rowNumber' | 'number' | 'printed'> {
	const type = TYPE.exec(chunk)
	const companyPattern = /(?:^|\s)(\d{4,7})(?=\s|$)/
	let name: string
	let after: string
	if (type) {
		name = chunk.slice(0, type.index)
		after = chunk.slice(type.index + type[0].length)
	} else {
		const company = companyPattern.exec(chunk)
		name = company ? chunk.slice(0, company.index) : chunk
		after = company ? chunk.slice(company.index) : ''
	}
	const company = /^\s*(\d{4,7})(?=\s|$)/.exec(after)
	const tail = squish(company ? after.slice(company[0].length) : after)
	const dates = findDatesInProse(tail)
	const issued = dates[0] && dates[0].index === 0 ? dates[0] : null
	let rest = issued ? squish(tail.slice(issued.raw.length)) : tail
	let expiryDate: string | null = null
	const second = findDatesInProse(rest)[0]
	if (second && second.index === 0) {
		expiryDate = second.date
		rest = squish(rest.slice(second.raw.length))
	}
	const sentenceDate = rest === '' ? null : (findDatesInProse(rest)[0]?.date ?? null)
	return {
		name: squish(name),
		type: type ? type[1]!.replace(/\s*&\s*/, ' & ') : null,
		companyNumber: company?.[1] ?? null,
		issuedDate: issued?.date ?? null,
		expiryDate,
		statusSentence: rest === '' ? null : rest,
		statusDate: sentenceDate
	}
}

function legalName(printed: string): string {
	return printed.replace(/[\s,;]+$/, '')
}

function pagesOf(file: FetchedFile): string[] {
	if (file.bytes.length === 0) throw parseError('empty', 'file is empty', file)
	if (isPdf(file.bytes)) return extractPdfPages(file)
	if ((file.contentType ?? '').toLowerCase().startsWith('text/plain')) return decodeUtf8(file).split('\f')
	throw parseError('unexpected_format', 'the CW register is read from its PDF (or that PDF extracted to text)', file)
}

/**
 * Parses the CW register PDF (or its pages already extracted to text, see prepareCwRegisterFiles).
 * One licence per OGL number; entities are keyed on the company registration number.
 */
export function parseCwRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no files to parse')
	const warnings: string[] = []
	const entities = new Map<string, ParsedEntity>()
	const licences = new Map<string, ParsedLicence>()
	files.forEach((file, sourceIndex) =>
		guardParse(() => {
			const pages = pagesOf(file)
			const rows = pages.flatMap(splitCwRows)
			if (rows.length === 0)
				throw parseError(pages.join('').trim() === '' ? 'empty' : 'unexpected_format', 'no licence number (OGL/…) in the register', file)
			for (const row of rows) addRow(row, sourceIndex, entities, licences, warnings)
		}, file)
	)
	return { jurisdiction: 'CW', entities: [...entities.values()], licences: [...licences.values()], domains: [], warnings }
}

function addRow(
	row: CwRow,
	sourceIndex: number,
	entities: Map<string, ParsedEntity>,
	licences: Map<string, ParsedLicence>,
	warnings: string[]
): void {
	const key = cwNumberKey(row.number)
	if (row.name === '') {
		warnings.push(`row ${row.rowNumber ?? '?'} (${row.number}): no company name, skipped`)
		return
	}
	if (licences.has(key)) {
		warnings.push(`row ${row.rowNumber ?? '?'}: ${row.number} listed twice, first kept`)
		return
	}
	if (!row.type) warnings.push(`row ${row.rowNumber ?? '?'} (${row.number}): no B2C/B2B type`)
	if (!row.issuedDate) warnings.push(`row ${row.rowNumber ?? '?'} (${row.number}): no readable issue date`)
	const entityId = row.companyNumber ?? `name:${nameKey(row.name, 'words')}`
	const entity = entities.get(entityId)
	if (!entity)
		entities.set(entityId, { upstreamId: entityId, legalName: legalName(row.name), country: 'CW', tradingNames: [], sourceIndex })
	else if (nameKey(entity.legalName, 'words') !== nameKey(row.name, 'words'))
		warnings.push(`row ${row.rowNumber ?? '?'}: company ${entityId} printed as "${row.name}" and "${entity.legalName}"`)
	const types = row.type ? row.type.split(' & ').sort() : []
	const consumer = types.includes('B2C')
	licences.set(key, {
		upstreamKey: key,
		entityId,
		licenseNumber: row.number,
		referencePrefix: null,
		referenceKey: null,
		upstreamStatus: row.statusSentence,
		licenseTypes: types.sort((a, b) => (a === 'B2C' ? -1 : b === 'B2C' ? 1 : 0)),
		licenseTypeRaw: row.type ?? '',
		licenseCategory: consumer ? 'remote' : types.includes('B2B') ? 'b2b' : 'other',
		coversWebsites: consumer,
		issuedDate: row.issuedDate,
		expiryDate: row.expiryDate,
		raw: {
			rowNumber: row.rowNumber,
			printedName: row.name,
			companyNumber: row.companyNumber,
			statusDate: row.statusDate,
			printed: row.printed
		},
		sourceIndex
	})
}

/**
 * Optional step before parseCwRegister for PDFs the built-in reader cannot decode (CID fonts,
 * object streams): extracts each PDF with unpdf and hands it on as text (pages split by form
 * feeds, content type CW_EXTRACTED_TEXT_TYPE). Other files pass through. Throws RegisterParseError only.
 */
export async function prepareCwRegisterFiles(files: FetchedFile[]): Promise<FetchedFile[]> {
	return Promise.all(
		files.map((file) =>
			guardParseAsync(async () => {
				if (!isPdf(file.bytes)) return file
				const pages = await extractPdfPagesAsync(file)
				return { url: file.url, contentType: CW_EXTRACTED_TEXT_TYPE, bytes: new TextEncoder().encode(pages.join('\f')) }
			}, file)
		)
	)
}
