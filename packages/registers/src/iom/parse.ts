import { compareCodePoints } from '@lv/string-order'
import { guardParse, parseError, parseRegisterDate, readHtml, resolveLink, type HtmlElement } from '../shared/index.ts'
import { companyKey } from '@lv/names'
import { isZip } from '@lv/sheets'
import type { FetchedFile, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'
import { weightierStatus } from '../shared/status-weight.ts'
import { classifyIomStatus, statusDateText } from './classify.ts'
import { holderListDate, readHolderList, type IomListRow } from './holder-list.ts'
import { iomCategory, iomLicenceTypes, iomTypeKey } from './licence-types.ts'
import { readIomPage, type IomPageEntry } from './page.ts'
import { isRegulatorUrl } from '../regulator-hosts.ts'

export const IOM_REFERENCE_PREFIX = 'IOM/OGRA'

type Builder = {
	entities: Map<string, ParsedEntity>
	licences: Map<string, ParsedLicence>
	domains: Map<string, ParsedDomain>
	warnings: string[]
}

function addEntity(builder: Builder, name: string, sourceIndex: number): ParsedEntity {
	const key = companyKey(name)
	const known = builder.entities.get(key)
	if (known) {
		if (known.legalName !== name) builder.warnings.push(`"${name}" and "${known.legalName}" read as one company (${key})`)
		return known
	}
	const entity: ParsedEntity = { upstreamId: key, legalName: name, country: 'IM', tradingNames: [], sourceIndex }
	builder.entities.set(key, entity)
	return entity
}

function newLicence(entity: ParsedEntity, typeRaw: string, sourceIndex: number): ParsedLicence {
	const types = iomLicenceTypes(typeRaw)
	return {
		upstreamKey: `${IOM_REFERENCE_PREFIX}/${entity.upstreamId}/${iomTypeKey(typeRaw)}`,
		entityId: entity.upstreamId,
		licenseNumber: null,
		referencePrefix: IOM_REFERENCE_PREFIX,
		referenceKey: entity.upstreamId,
		upstreamStatus: null,
		licenseTypes: types.length > 0 ? types : typeRaw === '' ? [] : [typeRaw],
		licenseTypeRaw: typeRaw,
		licenseCategory: iomCategory(types),
		coversWebsites: types.includes('Full'),
		issuedDate: null,
		expiryDate: null,
		raw: {},
		sourceIndex
	}
}

function readEntry(builder: Builder, entry: IomPageEntry, pageUpdated: string | null, sourceIndex: number): void {
	const entity = addEntity(builder, entry.companyName, sourceIndex)
	const licence = newLicence(entity, entry.typeRaw, sourceIndex)
	if (iomLicenceTypes(entry.typeRaw).length === 0)
		builder.warnings.push(`${entry.companyName}: licence type "${entry.typeRaw}" is not in the IOM vocabulary`)
	const known = builder.licences.get(licence.upstreamKey)
	const target = known ?? licence
	if (known) {
		const status = weightierStatus(classifyIomStatus, known.upstreamStatus, entry.status)
		builder.warnings.push(`${licence.upstreamKey} is listed twice on the page; entries merged, with status "${status}"`)
		known.upstreamStatus = status
	} else {
		const validFrom = parseRegisterDate(entry.validFrom)
		const validTo = /^current$/i.test(entry.validTo) ? null : parseRegisterDate(entry.validTo)
		if (entry.validFrom !== '' && !validFrom)
			builder.warnings.push(`${licence.upstreamKey}: valid-from "${entry.validFrom}" is not a date; kept raw`)
		if (entry.validTo !== '' && !/^current$/i.test(entry.validTo) && !validTo)
			builder.warnings.push(`${licence.upstreamKey}: valid-to "${entry.validTo}" is not a date; kept raw`)
		const statusDate = statusDateText(entry.status)
		Object.assign(licence, {
			upstreamStatus: entry.status,
			issuedDate: validFrom,
			expiryDate: validTo,
			raw: {
				title: entry.title,
				companyName: entry.companyName,
				licenceStatus: entry.status,
				statusDate: statusDate ? parseRegisterDate(statusDate) : null,
				licenceValidFrom: entry.validFrom,
				licenceValidTo: entry.validTo,
				ograLicenceType: entry.typeRaw,
				pageUpdated
			}
		})
		builder.licences.set(licence.upstreamKey, licence)
	}
	for (const { value, hostname } of entry.domains) {
		const key = `${target.upstreamKey} ${hostname ?? value}`
		if (builder.domains.has(key)) continue
		if (!hostname) builder.warnings.push(`${target.upstreamKey}: no hostname in domain "${value}"`)
		builder.domains.set(key, {
			entityId: entity.upstreamId,
			licenceKey: target.upstreamKey,
			upstreamValue: value,
			hostname,
			linkStatus: 'active',
			association: 'direct',
			verificationUrl: null,
			sourceIndex
		})
	}
}

/** Folds the XLSX holder list into the page's licences: its dates and status go to raw; holders missing from the page are added. */
function mergeHolderList(builder: Builder, rows: IomListRow[], listUrl: string, sourceIndex: number, pageSeen: boolean): void {
	const listed = new Set<string>()
	for (const row of rows) {
		const key = `${IOM_REFERENCE_PREFIX}/${companyKey(row.name)}/${iomTypeKey(row.licenceType)}`
		listed.add(key)
		const xlsx = {
			name: row.name,
			firmStatus: row.firmStatus,
			initialLicenceDate: row.initialLicenceDate ?? row.initialLicenceDateRaw,
			licenceType: row.licenceType,
			file: listUrl,
			row: row.row
		}
		const licence = builder.licences.get(key)
		if (licence) {
			licence.raw.xlsx = xlsx
			licence.issuedDate ??= row.initialLicenceDate
			const entity = builder.entities.get(licence.entityId)
			if (entity && entity.legalName !== row.name) builder.warnings.push(`the XLSX spells "${entity.legalName}" as "${row.name}"`)
			if (row.firmStatus && classifyIomStatus(row.firmStatus).status !== classifyIomStatus(licence.upstreamStatus).status) {
				builder.warnings.push(
					`${key}: page status "${licence.upstreamStatus}" differs from XLSX firm status "${row.firmStatus}"; the page is kept`
				)
			}
			continue
		}
		const entity = addEntity(builder, row.name, sourceIndex)
		const added = newLicence(entity, row.licenceType, sourceIndex)
		Object.assign(added, { upstreamStatus: row.firmStatus, issuedDate: row.initialLicenceDate, raw: { xlsx } })
		builder.licences.set(key, added)
		if (pageSeen) builder.warnings.push(`${key} is listed in the XLSX only`)
	}
	if (!pageSeen) return
	for (const key of builder.licences.keys()) if (!listed.has(key)) builder.warnings.push(`${key} is on the page but not in the XLSX`)
}

function readAll(builder: Builder, files: FetchedFile[]): void {
	const lists = files.map((file, index) => ({ file, index })).filter(({ file }) => isZip(file.bytes))
	const pages = files.map((file, index) => ({ file, index })).filter(({ file }) => !isZip(file.bytes))
	let pageUpdated: string | null = null
	for (const { file, index } of pages) {
		const page = guardParse(() => readIomPage(file), file)
		pageUpdated ??= page.lastUpdated
		for (const entry of page.entries) readEntry(builder, entry, page.lastUpdated, index)
	}
	const newest = lists.sort((a, b) => compareCodePoints(holderListDate(b.file.url) ?? '', holderListDate(a.file.url) ?? ''))[0]
	for (const ignored of lists.slice(1)) builder.warnings.push(`older holder list ${ignored.file.url} ignored`)
	if (!newest) return
	const rows = guardParse(() => readHolderList(newest.file), newest.file)
	const listDate = holderListDate(newest.file.url)
	if (listDate && pageUpdated && listDate < pageUpdated)
		builder.warnings.push(`the holder list (${listDate}) is older than the page (updated ${pageUpdated})`)
	mergeHolderList(builder, rows, newest.file.url, newest.index, pages.length > 0)
}

/**
 * Parses the IOM online gambling licensee register: the accordion page, plus the dated XLSX of
 * OGRA licence holders when it was fetched too (see discoverIomFiles). One licence per company and
 * licence type; the service reference is IOM/OGRA/<company key>.
 */
export function parseIomRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no file to parse')
	const builder: Builder = { entities: new Map(), licences: new Map(), domains: new Map(), warnings: [] }
	readAll(builder, files)
	return {
		jurisdiction: 'IOM',
		entities: [...builder.entities.values()],
		licences: [...builder.licences.values()],
		domains: [...builder.domains.values()],
		warnings: builder.warnings
	}
}

/** The newest dated OGRA holder-list XLSX the page links to on the Commission's host (`/media/…/<YY-MM-DD>-current-ogra-licence-holders.xlsx`). */
export function discoverIomFiles(file: FetchedFile): string[] {
	if (isZip(file.bytes)) return []
	return guardParse(() => {
		const document = readHtml(file)
		const links = Array.from(document.querySelectorAll('a[href]') as ArrayLike<HtmlElement>)
			.map((anchor) => resolveLink(anchor.getAttribute('href'), file.url))
			.filter((url): url is string => url !== null && isRegulatorUrl('IOM', url) && holderListDate(url) !== null)
		const newest = links.sort((a, b) => compareCodePoints(holderListDate(b) ?? '', holderListDate(a) ?? ''))[0]
		return newest ? [newest] : []
	}, file)
}
