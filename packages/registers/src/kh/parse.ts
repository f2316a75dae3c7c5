import { hostnameFromRegisterValue, splitDomainCell } from '@lv/hostnames'
import {
	entityByName,
	guardParse,
	parseError,
	parseRegisterDate,
	readCompleteHtml,
	textOf,
	type HtmlDocument,
	type HtmlElement
} from '../shared/index.ts'
import type { FetchedFile, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'

export const KH_PERMIT_TYPE = 'Interactive Gaming Permit'
export const KH_CSPA_TYPE = 'CSPA'
const CSPA_HEADER = /CASINO SOFTWARE PROVIDER AUTHORI[SZ]ATION/i

type Builder = {
	entities: Map<string, ParsedEntity>
	licences: Map<string, ParsedLicence>
	domains: Map<string, ParsedDomain>
	warnings: string[]
}

function cellsOf(row: HtmlElement): HtmlElement[] {
	return Array.from(row.children as ArrayLike<HtmlElement>).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
}

function headerText(table: HtmlElement): string {
	const head = table.querySelector('thead') ?? table.querySelector('tr')
	return textOf(head)
}

function bodyRows(table: HtmlElement): HtmlElement[] {
	return Array.from(table.querySelectorAll('tr') as ArrayLike<HtmlElement>).filter(
		(row) => !cellsOf(row).some((cell) => cell.tagName === 'TH')
	)
}

/** Cells are read by position, so only a table headed OPERATOR | URL is read, inside #phTable or not. */
function hasOperatorHeader(table: HtmlElement): boolean {
	const headerRow = table.querySelector('thead tr') ?? table.querySelector('tr')
	const labels = headerRow ? cellsOf(headerRow).map((cell) => textOf(cell).toUpperCase()) : []
	return labels.length === 2 && labels[0] === 'OPERATOR' && labels[1] === 'URL'
}

function findOperatorTable(document: HtmlDocument): HtmlElement | null {
	const candidates = [document.querySelector('#phTable table'), ...Array.from(document.querySelectorAll('table') as ArrayLike<HtmlElement>)]
	return candidates.find((table): table is HtmlElement => table !== null && hasOperatorHeader(table)) ?? null
}

function findCspaTable(document: HtmlDocument): HtmlElement | null {
	return (
		Array.from(document.querySelectorAll('table') as ArrayLike<HtmlElement>).find((table) => CSPA_HEADER.test(headerText(table))) ?? null
	)
}

function ensureLicence(
	builder: Builder,
	entity: ParsedEntity,
	kind: 'IG' | 'CSPA',
	typeRaw: string,
	listUpdated: string | null,
	sourceIndex: number
): ParsedLicence {
	const upstreamKey = `KH/${kind}/${entity.upstreamId}`
	const known = builder.licences.get(upstreamKey)
	if (known) return known
	const isPermit = kind === 'IG'
	const licence: ParsedLicence = {
		upstreamKey,
		entityId: entity.upstreamId,
		licenseNumber: null,
		referencePrefix: `KH/${kind}`,
		referenceKey: entity.upstreamId,
		upstreamStatus: null,
		licenseTypes: [isPermit ? KH_PERMIT_TYPE : KH_CSPA_TYPE],
		licenseTypeRaw: typeRaw,
		licenseCategory: isPermit ? 'remote' : 'b2b',
		coversWebsites: isPermit,
		issuedDate: null,
		expiryDate: null,
		raw: { table: typeRaw, name: entity.legalName, listUpdated },
		sourceIndex
	}
	builder.licences.set(upstreamKey, licence)
	return licence
}

/** The values of a URL cell: the printed text, or the link target when the text names no host. */
function urlValues(cell: HtmlElement): { value: string; hostname: string | null }[] {
	const printed = splitDomainCell(textOf(cell))
	if (printed.some((part) => part.hostname !== null)) return printed
	const hrefs = Array.from(cell.querySelectorAll('a[href]') as ArrayLike<HtmlElement>)
		.map((anchor) => anchor.getAttribute('href') ?? '')
		.filter((href) => hostnameFromRegisterValue(href) !== null)
	return hrefs.length > 0 ? hrefs.map((href) => ({ value: href, hostname: hostnameFromRegisterValue(href) })) : printed
}

function readCspaTable(builder: Builder, table: HtmlElement, listUpdated: string | null, sourceIndex: number): void {
	const typeRaw = headerText(table)
	for (const row of bodyRows(table)) {
		const name = textOf(cellsOf(row)[0])
		if (name === '') continue
		ensureLicence(builder, entityByName(builder, name, sourceIndex), 'CSPA', typeRaw, listUpdated, sourceIndex)
	}
}

function readOperatorTable(builder: Builder, table: HtmlElement, listUpdated: string | null, sourceIndex: number): number {
	let rows = 0
	let spanned: { name: string; remaining: number } | null = null
	let previousName: string | null = null
	for (const [index, row] of bodyRows(table).entries()) {
		const cells = cellsOf(row)
		if (cells.length === 0) continue
		let name: string
		let urlCell: HtmlElement | undefined
		if (spanned && spanned.remaining > 0) {
			name = spanned.name
			spanned.remaining -= 1
			urlCell = cells[0]
		} else {
			const first = cells[0] as HtmlElement
			name = textOf(first)
			urlCell = cells[1]
			const span = Number(first.getAttribute('rowspan') ?? '1')
			spanned = Number.isInteger(span) && span > 1 ? { name, remaining: Math.min(span, 10_000) - 1 } : null
			if (cells.length < 2) builder.warnings.push(`operator row ${index + 1} has no URL cell`)
		}
		if (name === '') {
			if (!previousName) {
				builder.warnings.push(`operator row ${index + 1} has no operator name; skipped`)
				continue
			}
			builder.warnings.push(`operator row ${index + 1} has an empty operator cell; read as "${previousName}"`)
			name = previousName
		}
		previousName = name
		rows += 1
		const entity = entityByName(builder, name, sourceIndex)
		const licence = ensureLicence(builder, entity, 'IG', 'OPERATOR', listUpdated, sourceIndex)
		for (const { value, hostname } of urlCell ? urlValues(urlCell) : []) {
			const domainKey = `${licence.upstreamKey} ${hostname ?? value}`
			if (builder.domains.has(domainKey)) {
				builder.warnings.push(`URL "${value}" of "${name}" repeats a host already listed for it; merged`)
				continue
			}
			if (!hostname) builder.warnings.push(`no hostname in URL "${value}" of "${name}"`)
			builder.domains.set(domainKey, {
				entityId: entity.upstreamId,
				licenceKey: licence.upstreamKey,
				upstreamValue: value,
				hostname,
				linkStatus: 'active',
				association: 'direct',
				verificationUrl: null,
				sourceIndex
			})
		}
	}
	return rows
}

function readPage(builder: Builder, file: FetchedFile, sourceIndex: number): void {
	const document = readCompleteHtml(file)
	const operators = findOperatorTable(document)
	const cspa = findCspaTable(document)
	const updated = /Updated\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})/.exec(textOf(document.body))
	const listUpdated = parseRegisterDate(updated?.[1])
	if (!listUpdated) builder.warnings.push(`no "Updated <date>" line on ${file.url}`)
	if (cspa) readCspaTable(builder, cspa, listUpdated, sourceIndex)
	else builder.warnings.push(`no CSPA table on ${file.url}`)
	if (!operators) throw parseError('unexpected_format', 'no permit-holder table (OPERATOR | URL) on the page', file)
	if (readOperatorTable(builder, operators, listUpdated, sourceIndex) === 0)
		throw parseError('empty', 'the permit-holder table has no rows', file)
}

/** Parses the Kahnawà:ke permit-holder page (CSPA table + `#phTable` OPERATOR | URL table). */
export function parseKhRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no file to parse')
	const builder: Builder = { entities: new Map(), licences: new Map(), domains: new Map(), warnings: [] }
	files.forEach((file, index) => guardParse(() => readPage(builder, file, index), file))
	return {
		jurisdiction: 'KH',
		entities: [...builder.entities.values()],
		licences: [...builder.licences.values()],
		domains: [...builder.domains.values()],
		warnings: builder.warnings
	}
}
