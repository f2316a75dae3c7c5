import type { DomainAssociation, FetchedFile, LinkStatus, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'
import { csvColumnsFromText, type CsvColumns } from '../shared/csv.ts'
import { parseRegisterDate } from '../shared/dates.ts'
import { isPlainHostname, splitDomainCell } from '@lv/hostnames'
import { guardParse, parseError } from '../shared/parse-error.ts'
import { weightierStatus } from '../shared/status-weight.ts'
import { decodeUtf8 } from '../shared/text.ts'
import { classifyUkgcStatus } from './classify.ts'
import { parseUkgcLicenceNumber, stripAccountPadding } from './licence-number.ts'

export const UKGC_CSV_HEADERS = {
	businesses: ['Account Number', 'Licence Account Name'],
	licences: ['Account Number', 'Licence Number', 'Status', 'Type', 'Activity', 'Start Date', 'End Date'],
	tradingNames: ['Account Number', 'Trading Name', 'Status'],
	domainNames: ['Account Number', 'Domain Name', 'Status']
} as const

type CsvKind = keyof typeof UKGC_CSV_HEADERS

/** Columns with few distinct values: read once per distinct value, not once per row. */
const REPEATING_COLUMNS = ['Account Number', 'Status', 'Type', 'Activity', 'Start Date', 'End Date']
type ReadTable = { table: CsvColumns; sourceIndex: number; file: FetchedFile }

function headingKey(line: string): string {
	return line
		.replace(/^\ufeff/, '')
		.split(',')
		.map((cell) => cell.replace(/"/g, '').trim().toLowerCase())
		.filter((cell, index, all) => cell !== '' || index < all.length - 1)
		.join(',')
}

const KIND_BY_HEADING = new Map<string, CsvKind>(
	(Object.entries(UKGC_CSV_HEADERS) as [CsvKind, readonly string[]][]).map(([kind, header]) => [
		header.map((h) => h.toLowerCase()).join(','),
		kind
	])
)

function looksLikeHtml(file: FetchedFile): boolean {
	const head = new TextDecoder().decode(file.bytes.subarray(0, 512)).trimStart().toLowerCase()
	return head.startsWith('<!doctype html') || head.startsWith('<html')
}

function sortFiles(files: FetchedFile[]): Map<CsvKind, ReadTable> {
	const tables = new Map<CsvKind, ReadTable>()
	files.forEach((file, sourceIndex) => {
		if (file.bytes.length > 0 && looksLikeHtml(file)) return
		const text = decodeUtf8(file)
		const firstLine = text.slice(0, Math.min(text.length, 400)).split(/\r\n|\n|\r/)[0] ?? ''
		const kind = KIND_BY_HEADING.get(headingKey(firstLine).replace(/,+$/, ''))
		if (!kind) throw parseError('unexpected_format', `not one of the four UKGC register CSVs (header "${firstLine.slice(0, 120)}")`, file)
		if (tables.has(kind)) throw parseError('malformed', `two ${kind} files in one read`, file)
		tables.set(kind, { table: csvColumnsFromText(text, file, UKGC_CSV_HEADERS[kind], { intern: REPEATING_COLUMNS }), sourceIndex, file })
	})
	for (const kind of Object.keys(UKGC_CSV_HEADERS) as CsvKind[]) {
		if (!tables.has(kind)) throw parseError('malformed', `the UKGC read lacks the ${kind} CSV`)
	}
	return tables
}

const CATEGORY_BY_TYPE: Record<string, { category: string; coversWebsites: boolean }> = {
	remote: { category: 'remote', coversWebsites: true },
	'non-remote': { category: 'non-remote', coversWebsites: false },
	// An ancillary remote licence permits only occasional remote transactions tied to premises; it cannot cover a consumer website.
	'ancillary remote': { category: 'ancillary', coversWebsites: false },
	ancillary: { category: 'ancillary', coversWebsites: false }
}

function domainLink(status: string): { linkStatus: LinkStatus; association: DomainAssociation | null } | null {
	switch (status.trim().toLowerCase()) {
		case 'active':
			return { linkStatus: 'active', association: 'direct' }
		case 'white label':
			return { linkStatus: 'active', association: 'white_label' }
		case 'inactive':
			return { linkStatus: 'delisted', association: 'direct' }
		default:
			return null
	}
}

/** Parses one read of the UKGC register: the four CSVs (businesses, licences, trading names, domain names). */
export function parseUkgcRegister(files: FetchedFile[]): ParsedRegister {
	return guardParse(() => parseFiles(files))
}

function parseFiles(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no files to parse')
	const tables = sortFiles(files)
	const read = startRead(tables)
	readBusinesses(read, tables.get('businesses') as ReadTable)
	readTradingNames(read, tables.get('tradingNames') as ReadTable)
	const licences = readLicences(read, tables.get('licences') as ReadTable)
	const domains = readDomainNames(read, tables.get('domainNames') as ReadTable)
	const { entities, warnings } = read
	if (licences.size === 0 && entities.size === 0) throw parseError('empty', 'the UKGC CSVs hold no rows')
	return { jurisdiction: 'UKGC', entities: [...entities.values()], licences: [...licences.values()], domains, warnings }
}

/** What reading the four files shares: the warnings, the entities by account and the account of a printed number. */
type UkgcRead = {
	warnings: string[]
	entities: Map<string, ParsedEntity>
	accountOf(printed: string): string
	/** The entity of an account, made up (with a warning) when the businesses file does not list it. */
	entityFor(account: string, sourceIndex: number, line: number, file: string): ParsedEntity
	column(read: ReadTable, index: number): string[]
}

function startRead(tables: Map<string, ReadTable>): UkgcRead {
	const warnings = [...tables.values()].flatMap((read) => read.table.warnings)
	// Account numbers repeat on every row of a file (and are interned there): strip each padding once.
	const accounts = new Map<string, string>()
	const entities = new Map<string, ParsedEntity>()
	return {
		warnings,
		entities,
		accountOf(printed) {
			let account = accounts.get(printed)
			if (account === undefined) {
				account = stripAccountPadding(printed)
				accounts.set(printed, account)
			}
			return account
		},
		entityFor(account, sourceIndex, line, file) {
			let entity = entities.get(account)
			if (!entity) {
				warnings.push(`${file} row ${line}: account ${account} is not in the businesses file`)
				entity = { upstreamId: account, legalName: `UKGC account ${account}`, country: null, tradingNames: [], sourceIndex }
				entities.set(account, entity)
			}
			return entity
		},
		column: (read, index) => read.table.columns[index] as string[]
	}
}

function readBusinesses(read: UkgcRead, businesses: ReadTable): void {
	const { entities } = read
	const [accountColumn, nameColumn] = [read.column(businesses, 0), read.column(businesses, 1)]
	for (let r = 0; r < businesses.table.size; r++) {
		const line = r + 2
		const account = read.accountOf(accountColumn[r] as string)
		const name = nameColumn[r] as string
		if (!/^\d+$/.test(account) || name === '') {
			read.warnings.push(`businesses row ${line}: no account number or name, skipped`)
			continue
		}
		if (entities.has(account)) {
			read.warnings.push(`businesses row ${line}: account ${account} listed twice, first kept`)
			continue
		}
		entities.set(account, { upstreamId: account, legalName: name, country: null, tradingNames: [], sourceIndex: businesses.sourceIndex })
	}
}

function readTradingNames(read: UkgcRead, tradingRows: ReadTable): void {
	const [accountColumn, nameColumn, statusColumn] = [read.column(tradingRows, 0), read.column(tradingRows, 1), read.column(tradingRows, 2)]
	for (let r = 0; r < tradingRows.table.size; r++) {
		const line = r + 2
		const account = read.accountOf(accountColumn[r] as string)
		const name = nameColumn[r] as string
		if (!/^\d+$/.test(account) || name === '') {
			read.warnings.push(`trading-names row ${line}: no account number or name, skipped`)
			continue
		}
		const entity = read.entityFor(account, tradingRows.sourceIndex, line, 'trading-names')
		if (entity.tradingNames.some((existing) => existing.name === name)) continue
		entity.tradingNames.push({ name, status: (statusColumn[r] as string) || null })
	}
}

function readLicences(read: UkgcRead, licenceRows: ReadTable): Map<string, ParsedLicence> {
	const licences = new Map<string, ParsedLicence>()
	const [accountColumn, numberColumn, statusColumn, typeColumn, activityColumn, startColumn, endColumn] = [0, 1, 2, 3, 4, 5, 6].map(
		(index) => read.column(licenceRows, index)
	) as string[][]
	for (let r = 0; r < licenceRows.table.size; r++) {
		const line = r + 2
		const printed = numberColumn![r] as string
		const number = parseUkgcLicenceNumber(printed)
		if (!number) {
			read.warnings.push(`licences row ${line}: "${printed}" is not a UKGC licence number, skipped`)
			continue
		}
		const printedAccount = accountColumn![r] as string
		const columnAccount = read.accountOf(printedAccount)
		if (columnAccount !== '' && columnAccount !== number.account) {
			read.warnings.push(
				`licences row ${line}: account ${columnAccount} differs from the licence number's ${number.account}; the column is used`
			)
		}
		const account = /^\d+$/.test(columnAccount) ? columnAccount : number.account
		read.entityFor(account, licenceRows.sourceIndex, line, 'licences')
		const status = statusColumn![r] as string
		const type = typeColumn![r] as string
		const activity = activityColumn![r] as string
		const startRaw = startColumn![r] as string
		const endRaw = endColumn![r] as string
		const issuedDate = parseRegisterDate(startRaw)
		const expiryDate = parseRegisterDate(endRaw)
		if (startRaw !== '' && !issuedDate) read.warnings.push(`licences row ${line}: start date "${startRaw}" unreadable, kept raw`)
		if (endRaw !== '' && !expiryDate) read.warnings.push(`licences row ${line}: end date "${endRaw}" unreadable, kept raw`)
		const existing = licences.get(number.base)
		if (existing) {
			mergeActivityRow(existing, { number, printed, status, type, activity, line }, read.warnings)
			continue
		}
		const category = CATEGORY_BY_TYPE[type.toLowerCase()] ?? { category: 'other', coversWebsites: false }
		if (!CATEGORY_BY_TYPE[type.toLowerCase()]) read.warnings.push(`licences row ${line}: unknown licence type "${type}"`)
		licences.set(number.base, {
			upstreamKey: number.base,
			entityId: account,
			licenseNumber: printed,
			referencePrefix: null,
			referenceKey: null,
			upstreamStatus: status || null,
			licenseTypes: type === '' ? [] : [type],
			licenseTypeRaw: type,
			licenseCategory: category.category,
			coversWebsites: category.coversWebsites,
			issuedDate,
			expiryDate,
			raw: {
				accountNumber: printedAccount,
				version: number.version,
				activities: activity === '' ? [] : [activity],
				startDate: startRaw,
				endDate: endRaw,
				rows: [line]
			},
			sourceIndex: licenceRows.sourceIndex
		})
	}
	return licences
}

function readDomainNames(read: UkgcRead, domainRows: ReadTable): ParsedDomain[] {
	const domains: ParsedDomain[] = []
	const [accountColumn, cellColumn, statusColumn] = [read.column(domainRows, 0), read.column(domainRows, 1), read.column(domainRows, 2)]
	// Hosts already read per account, so a host repeated under one account is merged.
	const seenDomains = new Map<string, Set<string>>()
	const links = new Map<string, ReturnType<typeof domainLink>>()
	for (let r = 0; r < domainRows.table.size; r++) {
		const line = r + 2
		const account = read.accountOf(accountColumn[r] as string)
		const cell = cellColumn[r] as string
		if (!/^\d+$/.test(account) || cell.trim() === '') {
			read.warnings.push(`domain-names row ${line}: no account number or domain, skipped`)
			continue
		}
		read.entityFor(account, domainRows.sourceIndex, line, 'domain-names')
		const status = statusColumn[r] as string
		let link = links.get(status)
		if (link === undefined) {
			link = domainLink(status)
			links.set(status, link)
		}
		if (!link) {
			read.warnings.push(`domain-names row ${line}: unknown domain status "${status}", read as delisted`)
			link = UNKNOWN_STATUS_LINK
		}
		let seen = seenDomains.get(account)
		if (!seen) {
			seen = new Set()
			seenDomains.set(account, seen)
		}
		// Most cells are one bare hostname: no split, no intermediate objects.
		for (const part of isPlainHostname(cell) ? [cell] : splitDomainCell(cell)) {
			const plain = typeof part === 'string'
			const value = plain ? part : part.value
			const hostname = plain ? part : part.hostname
			const key = hostname ?? value
			if (seen.has(key)) {
				read.warnings.push(`domain-names row ${line}: ${key} repeated under account ${account}, merged`)
				continue
			}
			seen.add(key)
			if (!hostname) read.warnings.push(`domain-names row ${line}: no hostname in "${value}"`)
			domains.push({
				entityId: account,
				licenceKey: null,
				upstreamValue: cell,
				hostname,
				linkStatus: link.linkStatus,
				association: link.association,
				verificationUrl: null,
				sourceIndex: domainRows.sourceIndex
			})
		}
	}
	return domains
}

const UNKNOWN_STATUS_LINK = { linkStatus: 'delisted', association: null } as const

type ActivityRow = {
	number: NonNullable<ReturnType<typeof parseUkgcLicenceNumber>>
	printed: string
	status: string
	type: string
	activity: string
	line: number
}

/** One licence is printed once per activity; later rows add their activity to the first. */
function mergeActivityRow(licence: ParsedLicence, row: ActivityRow, warnings: string[]): void {
	const raw = licence.raw as { version: string; activities: string[]; rows: number[] }
	raw.rows.push(row.line)
	if (row.activity !== '' && raw.activities.includes(row.activity)) {
		warnings.push(`licences row ${row.line}: duplicate row for ${row.printed} / ${row.activity}, merged`)
	} else if (row.activity !== '') {
		raw.activities.push(row.activity)
	}
	if (row.number.version !== raw.version) {
		warnings.push(
			`licences row ${row.line}: ${licence.upstreamKey} printed at versions ${raw.version} and ${row.number.version}; the higher is kept`
		)
		if (row.number.version > raw.version) {
			raw.version = row.number.version
			licence.licenseNumber = row.printed
			licence.upstreamStatus = row.status || null
		}
		return
	}
	if ((row.status || null) !== licence.upstreamStatus) {
		const kept = weightierStatus(classifyUkgcStatus, licence.upstreamStatus, row.status || null)
		warnings.push(
			`licences row ${row.line}: ${row.printed} has status "${row.status}" on one activity and "${licence.upstreamStatus}" on another; "${kept}" is kept`
		)
		licence.upstreamStatus = kept
	}
	if (row.type !== '' && !licence.licenseTypes.includes(row.type)) {
		licence.licenseTypes.push(row.type)
		licence.licenseTypeRaw = licence.licenseTypes.join('; ')
	}
}
