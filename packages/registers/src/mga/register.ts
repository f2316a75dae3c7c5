import { nameKey } from '@lv/names'
import type { FetchedFile, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'
import { parseRegisterDate } from '../shared/dates.ts'
import { hostnameFromRegisterValue } from '@lv/hostnames'
import { labelledCells, readCompleteHtml, resolveLink, textOf, type HtmlDocument } from '../shared/html.ts'
import { guardParse, parseError } from '../shared/parse-error.ts'
import { weightierStatus } from '../shared/status-weight.ts'
import { classifyMgaStatus } from './classify.ts'
import { isMgaNumber, mgaNumberKey } from './licence-number.ts'
import { mgaLicenceType } from './licence-type.ts'
import { isMgaSealPage, readMgaSeal } from './seal.ts'

type PanelRow = {
	companyName: string
	registrationNumber: string
	number: string
	type: string
	status: string
	terminationDate: string
	sealUrl: string | null
}

/** Whether a parsed page is the rendered licensee-register panel list. */
export function isMgaRegisterPage(document: HtmlDocument): boolean {
	return document.querySelector('mat-accordion, .mat-accordion, mat-expansion-panel, .mat-expansion-panel') !== null
}

function panelRows(document: HtmlDocument): PanelRow[] {
	return Array.from(document.querySelectorAll('mat-expansion-panel, .mat-expansion-panel')).map((panel) => {
		const cells = labelledCells(panel)
		const value = (label: string) => textOf(cells.get(label) ?? null)
		const seal = cells.get('company seal')?.querySelector('a[href]')?.getAttribute('href') ?? null
		return {
			companyName: value('company name') || textOf(panel.querySelector('.company_name')),
			registrationNumber: value('registration number'),
			number: value('authorisation number') || value('licence number'),
			type: value('authorisation type') || value('licence type'),
			status: value('status'),
			terminationDate: value('termination date'),
			sealUrl: seal
		}
	})
}

function entityId(row: { registrationNumber: string; companyName: string }): string {
	const registration = row.registrationNumber.replace(/\s+/g, ' ').trim().toUpperCase()
	return registration !== '' ? registration : `name:${nameKey(row.companyName, 'words')}`
}

/**
 * Parses one read of the MGA register: the rendered register pages (one panel per licence ×
 * authorisation type) and any Dynamic Seal pages fetched with them, which are where the
 * domains live. Rows that share a number merge into one licence carrying every type. A seal's
 * domains go to a licence whose panel linked that seal and that the seal names; a seal that names
 * none of the licences linking it is a warning and gives no domains (a panel cannot lend its
 * licence to another company's seal, nor a seal its domains to a licence it was not linked from).
 */
export function parseMgaRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no files to parse')
	const warnings: string[] = []
	const entities = new Map<string, ParsedEntity>()
	const licences = new Map<string, ParsedLicence & { raw: { typeTexts: string[]; sealUrl: string | null } }>()
	const seals: SealPage[] = []
	/** Seal URL (resolved as discovery resolves it) -> the licence keys whose panels link it. */
	const linkedFrom = new Map<string, Set<string>>()
	let registerPages = 0

	files.forEach((file, sourceIndex) =>
		guardParse(() => {
			const document = readCompleteHtml(file)
			if (isMgaSealPage(document)) {
				seals.push({ file, sourceIndex, document })
				return
			}
			if (!isMgaRegisterPage(document)) throw parseError('unexpected_format', 'neither an MGA register page nor a seal page', file)
			registerPages++
			for (const row of panelRows(document)) {
				if (row.companyName === '' || row.number === '') {
					warnings.push(`${file.url}: a panel without company name or authorisation number, skipped`)
					continue
				}
				if (!isMgaNumber(row.number)) warnings.push(`${file.url}: unusual authorisation number "${row.number}" kept as printed`)
				const id = entityId(row)
				if (!entities.has(id))
					entities.set(id, { upstreamId: id, legalName: row.companyName, country: null, tradingNames: [], sourceIndex })
				const key = mgaNumberKey(row.number)
				const sealUrl = resolveLink(row.sealUrl, file.url)
				if (sealUrl) linkedFrom.set(sealUrl, (linkedFrom.get(sealUrl) ?? new Set()).add(key))
				const existing = licences.get(key)
				if (existing) {
					mergePanel(existing, row, file.url, warnings)
					continue
				}
				const type = mgaLicenceType([row.type], row.number)
				licences.set(key, {
					upstreamKey: key,
					entityId: id,
					licenseNumber: row.number,
					referencePrefix: null,
					referenceKey: null,
					upstreamStatus: row.status || null,
					licenseTypes: type.types,
					licenseTypeRaw: row.type,
					licenseCategory: type.category,
					coversWebsites: type.coversWebsites,
					issuedDate: null,
					expiryDate: null,
					raw: {
						typeTexts: [row.type],
						sealUrl: row.sealUrl,
						registrationNumber: row.registrationNumber,
						terminationDate: parseRegisterDate(row.terminationDate) ?? (row.terminationDate || null)
					},
					sourceIndex
				})
			}
		}, file)
	)
	if (registerPages === 0) throw parseError('malformed', 'the MGA read holds no register page')
	if (licences.size === 0) throw parseError('empty', 'the MGA register pages list no licence')

	const domains = sealDomains(seals, linkedFrom, licences, warnings)
	return { jurisdiction: 'MGA', entities: [...entities.values()], licences: [...licences.values()], domains, warnings }
}

/** Another panel of a licence already read: its authorisation type joins the licence's, and the weightier status stays. */
function mergePanel(
	existing: ParsedLicence & { raw: { typeTexts: string[] } },
	row: { number: string; type: string; status: string },
	url: string,
	warnings: string[]
): void {
	if (existing.raw.typeTexts.includes(row.type)) warnings.push(`${url}: ${row.number} / ${row.type} listed twice, merged`)
	else existing.raw.typeTexts.push(row.type)
	if (row.status !== (existing.upstreamStatus ?? '')) {
		const kept = weightierStatus(classifyMgaStatus, existing.upstreamStatus, row.status || null)
		warnings.push(`${url}: ${row.number} is "${row.status}" on one row and "${existing.upstreamStatus}" on another; "${kept}" is kept`)
		existing.upstreamStatus = kept
	}
	const type = mgaLicenceType(existing.raw.typeTexts, existing.licenseNumber ?? row.number)
	Object.assign(existing, {
		licenseTypes: type.types,
		licenseTypeRaw: existing.raw.typeTexts.join('; '),
		licenseCategory: type.category,
		coversWebsites: type.coversWebsites
	})
}

type SealPage = { file: FetchedFile; sourceIndex: number; document: HtmlDocument }

/** The domains of each seal, given to the licence among those whose panels link it that the seal names. */
function sealDomains(
	seals: readonly SealPage[],
	linkedFrom: Map<string, Set<string>>,
	licences: Map<string, ParsedLicence>,
	warnings: string[]
): ParsedDomain[] {
	const domains: ParsedDomain[] = []
	const seen = new Set<string>()
	for (const { file, sourceIndex, document } of seals) {
		const seal = readMgaSeal(document)
		const linking = linkedFrom.get(file.url) ?? new Set<string>()
		const named = seal.licences.map((l) => mgaNumberKey(l.number))
		const licence = named
			.filter((key) => linking.has(key))
			.map((key) => licences.get(key))
			.find((l) => l !== undefined)
		if (!licence) {
			const linkers = linking.size === 0 ? 'no panel links it' : `it is linked from ${[...linking].join(', ')}`
			warnings.push(`${file.url}: seal names ${named.join(', ') || 'no licence'} but ${linkers}; its domains are skipped`)
			continue
		}
		for (const url of seal.urls) {
			const hostname = hostnameFromRegisterValue(url)
			const key = `${licence.upstreamKey}|${hostname ?? url}`
			if (seen.has(key)) continue
			seen.add(key)
			if (!hostname) warnings.push(`${file.url}: no hostname in "${url}"`)
			domains.push({
				entityId: licence.entityId,
				licenceKey: licence.upstreamKey,
				upstreamValue: url,
				hostname,
				linkStatus: 'active',
				association: 'direct',
				verificationUrl: file.url,
				sourceIndex
			})
		}
	}
	return domains
}
