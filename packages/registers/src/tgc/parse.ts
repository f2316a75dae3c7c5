import { hostnameFromRegisterValue, splitDomainCell } from '@lv/hostnames'
import {
	entityByName,
	guardParse,
	parseError,
	parseRegisterDate,
	readCompleteHtml,
	resolveLink,
	textOf,
	type HtmlDocument,
	type HtmlElement
} from '../shared/index.ts'
import { isRegulatorUrl } from '../regulator-hosts.ts'
import type { FetchedFile, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'

export const TGC_SEAL_HOST = 'validate.thetgc.ca'

type TgcType = 'B2C' | 'B2B'
type Columns = { name: number; type: number; domains: number | null; date: number | null; status: number | null }

type Builder = {
	entities: Map<string, ParsedEntity>
	licences: Map<string, ParsedLicence>
	domains: Map<string, ParsedDomain>
	warnings: string[]
}

function cellsOf(row: HtmlElement): HtmlElement[] {
	return Array.from(row.children as ArrayLike<HtmlElement>).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
}

function columnsOf(table: HtmlElement): Columns | null {
	const headerRow = Array.from(table.querySelectorAll('tr') as ArrayLike<HtmlElement>).find((row) =>
		cellsOf(row).some((cell) => cell.tagName === 'TH')
	)
	if (!headerRow) return null
	const labels = cellsOf(headerRow).map((cell) => textOf(cell).toLowerCase())
	const find = (pattern: RegExp) => {
		const index = labels.findIndex((label) => pattern.test(label))
		return index === -1 ? null : index
	}
	const name = find(/licensee|company|operator/)
	const type = find(/type/)
	if (name === null || type === null) return null
	return { name, type, domains: find(/domain|website|url/), date: find(/date|since|issued/), status: find(/status/) }
}

function findListTable(document: HtmlDocument): { table: HtmlElement; columns: Columns } | null {
	const tables = Array.from(document.querySelectorAll('table') as ArrayLike<HtmlElement>)
	const preferred = tables.filter((table) => table.classList.contains('tgc-licensees'))
	for (const table of [...preferred, ...tables]) {
		const columns = columnsOf(table)
		if (columns) return { table, columns }
	}
	return null
}

function typesOf(raw: string): TgcType[] {
	const types: TgcType[] = []
	if (/\bB2C\b/i.test(raw)) types.push('B2C')
	if (/\bB2B\b/i.test(raw)) types.push('B2B')
	return types
}

/** The domain values of a cell: anchors (text, else the seal's domain parameter) and the plain text around them. */
function domainValues(cell: HtmlElement, base: string): { value: string; hostname: string | null; verificationUrl: string | null }[] {
	const values: { value: string; hostname: string | null; verificationUrl: string | null }[] = []
	let rest = textOf(cell)
	for (const anchor of Array.from(cell.querySelectorAll('a') as ArrayLike<HtmlElement>)) {
		const text = textOf(anchor)
		rest = rest.replace(text, ' ')
		const href = resolveLink(anchor.getAttribute('href'), base)
		const isSeal = href !== null && isRegulatorUrl('TGC', href) && new URL(href).hostname === TGC_SEAL_HOST
		const sealDomain = isSeal ? new URL(href).searchParams.get('domain') : null
		const hostname =
			hostnameFromRegisterValue(text) ??
			(sealDomain ? hostnameFromRegisterValue(sealDomain) : href ? hostnameFromRegisterValue(href) : null)
		values.push({ value: text || href || '', hostname, verificationUrl: isSeal ? href : null })
	}
	for (const part of splitDomainCell(rest)) values.push({ ...part, verificationUrl: null })
	return values.filter((entry) => entry.value !== '')
}

function readRow(
	builder: Builder,
	cells: HtmlElement[],
	columns: Columns,
	file: FetchedFile,
	sourceIndex: number,
	rowNumber: number
): void {
	const name = textOf(cells[columns.name])
	const typeRaw = textOf(cells[columns.type])
	if (name === '') {
		builder.warnings.push(`${file.url} row ${rowNumber}: no licensee name; skipped`)
		return
	}
	const types = typesOf(typeRaw)
	if (types.length === 0) {
		builder.warnings.push(`${file.url} row ${rowNumber}: licence type "${typeRaw}" of "${name}" is neither B2C nor B2B; skipped`)
		return
	}
	const entity = entityByName(builder, name, sourceIndex)
	const dateRaw = columns.date === null ? '' : textOf(cells[columns.date])
	const issuedDate = parseRegisterDate(dateRaw)
	if (dateRaw !== '' && !issuedDate) builder.warnings.push(`${file.url} row ${rowNumber}: date "${dateRaw}" is not a date; kept raw`)
	const statusRaw = columns.status === null ? '' : textOf(cells[columns.status])
	const licences = types.map((type) => {
		const upstreamKey = `TGC/${type}/${entity.upstreamId}`
		const known = builder.licences.get(upstreamKey)
		if (known) {
			builder.warnings.push(`${upstreamKey} is listed more than once; rows merged`)
			return known
		}
		const licence: ParsedLicence = {
			upstreamKey,
			entityId: entity.upstreamId,
			licenseNumber: null,
			referencePrefix: `TGC/${type}`,
			referenceKey: entity.upstreamId,
			upstreamStatus: statusRaw === '' ? null : statusRaw,
			licenseTypes: [type],
			licenseTypeRaw: typeRaw,
			licenseCategory: type === 'B2C' ? 'remote' : 'b2b',
			coversWebsites: type === 'B2C',
			issuedDate,
			expiryDate: null,
			raw: { licensee: name, type: typeRaw, dateLicensed: dateRaw, status: statusRaw || null, page: file.url },
			sourceIndex
		}
		builder.licences.set(upstreamKey, licence)
		return licence
	})
	const owner = licences.find((licence) => licence.coversWebsites) ?? (licences[0] as ParsedLicence)
	const domainCell = columns.domains === null ? undefined : cells[columns.domains]
	for (const { value, hostname, verificationUrl } of domainCell ? domainValues(domainCell, file.url) : []) {
		const key = `${owner.upstreamKey} ${hostname ?? value}`
		if (builder.domains.has(key)) continue
		if (!hostname) builder.warnings.push(`${file.url} row ${rowNumber}: no hostname in "${value}"`)
		builder.domains.set(key, {
			entityId: entity.upstreamId,
			licenceKey: owner.upstreamKey,
			upstreamValue: value,
			hostname,
			linkStatus: 'active',
			association: 'direct',
			verificationUrl,
			sourceIndex
		})
	}
}

function readPage(builder: Builder, file: FetchedFile, sourceIndex: number): void {
	const document = readCompleteHtml(file)
	const found = findListTable(document)
	if (!found) throw parseError('unexpected_format', 'no licensee table (Licensee | Licence Type | …) on the page', file)
	const rows = Array.from(found.table.querySelectorAll('tr') as ArrayLike<HtmlElement>).filter(
		(row) => !cellsOf(row).some((cell) => cell.tagName === 'TH')
	)
	let read = 0
	for (const [index, row] of rows.entries()) {
		const cells = cellsOf(row)
		if (cells.length === 0) continue
		read += 1
		readRow(builder, cells, found.columns, file, sourceIndex, index + 1)
	}
	if (read === 0) throw parseError('empty', 'the licensee table has no rows', file)
}

/**
 * Parses the (synthetic, see fixtures/tgc/README.md) Tobique licensee list: one or more pages of
 * `Licensee | Licence Type | Licensed Domains | Date Licensed`, domains linking to their seals.
 */
export function parseTgcRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no file to parse')
	const builder: Builder = { entities: new Map(), licences: new Map(), domains: new Map(), warnings: [] }
	files.forEach((file, index) => guardParse(() => readPage(builder, file, index), file))
	return {
		jurisdiction: 'TGC',
		entities: [...builder.entities.values()],
		licences: [...builder.licences.values()],
		domains: [...builder.domains.values()],
		warnings: builder.warnings
	}
}

/** The other pages of the list named by its pagination links (resolved, on the TGC's hosts, without the page itself). */
export function discoverTgcPages(file: FetchedFile): string[] {
	return guardParse(() => {
		const document = readCompleteHtml(file)
		const links = Array.from(
			document.querySelectorAll('.pagination a[href], a.page-numbers[href], a[rel="next"][href]') as ArrayLike<HtmlElement>
		)
		const urls = links
			.map((link) => resolveLink(link.getAttribute('href'), file.url))
			.filter((url): url is string => url !== null && url !== file.url && isRegulatorUrl('TGC', url))
		return [...new Set(urls)]
	}, file)
}
