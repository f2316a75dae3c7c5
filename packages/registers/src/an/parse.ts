import { hostnameFromRegisterValue } from '@lv/hostnames'
import { guardParse, parseError, parseRegisterDate, readCompleteHtml, textOf } from '../shared/index.ts'
import { nameKey } from '@lv/names'
import { weightierStatus } from '../shared/status-weight.ts'
import { classifyAnStatus } from './classify.ts'
import type { FetchedFile, ParsedDomain, ParsedEntity, ParsedLicence, ParsedRegister } from '../types.ts'

const DATA_SCRIPT = 'script#ag-licence-data'
const RECORD_ARRAY_KEYS = ['records', 'licences', 'licenses', 'data', 'items']
const FIELDS_EVERY_REGISTER_CARRIES = ['status', 'number'] as const

type LicenceType = 'B2C' | 'B2B' | 'White Labeling'

type Builder = {
	entities: Map<string, ParsedEntity>
	licences: Map<string, ParsedLicence>
	domains: ParsedDomain[]
	warnings: string[]
}

/** `b2c`, `B2C`, `b2b`, and the assumed white-label spellings (`white label`, `white_label`, `White Labeling`). */
function licenceTypes(raw: string): LicenceType[] {
	const found: LicenceType[] = []
	for (const part of raw.split(/[,/;&+|]| and /i)) {
		const word = part
			.trim()
			.toLowerCase()
			.replace(/[\s_-]+/g, ' ')
		if (word === 'b2c') found.push('B2C')
		else if (word === 'b2b') found.push('B2B')
		else if (/^white ?label(?:l?ing|ed)?$/.test(word)) found.push('White Labeling')
	}
	return [...new Set(found)]
}

function category(types: LicenceType[]): string {
	if (types.includes('B2C') || types.includes('White Labeling')) return 'remote'
	if (types.includes('B2B')) return 'b2b'
	return 'other'
}

function stringField(record: Record<string, unknown>, key: string): string | null {
	const value = record[key]
	if (typeof value === 'string') return value.replace(/[\s\u00a0]+/g, ' ').trim()
	if (typeof value === 'number' && Number.isFinite(value)) return String(value)
	return null
}

/** The domains value: one comma-separated string (", " between names), or an array of strings. */
function domainValues(value: unknown): string[] {
	const parts = Array.isArray(value)
		? value.filter((item): item is string => typeof item === 'string')
		: typeof value === 'string'
			? value.split(',')
			: []
	return parts.map((part) => part.replace(/[\s\u00a0\u200b]+/g, ' ').trim()).filter((part) => part !== '')
}

function readDate(builder: Builder, raw: string | null, field: string, number: string): string | null {
	if (raw === null || raw === '') return null
	const date = parseRegisterDate(raw) ?? parseRegisterDate(raw.slice(0, 10))
	if (!date) builder.warnings.push(`${number}: ${field} "${raw}" is not a date; kept raw`)
	return date
}

function recordsOf(data: unknown, file: FetchedFile): unknown[] {
	if (Array.isArray(data)) return data
	if (data && typeof data === 'object') {
		for (const key of RECORD_ARRAY_KEYS) {
			const value = (data as Record<string, unknown>)[key]
			if (Array.isArray(value)) return value
		}
	}
	throw parseError('unexpected_format', 'ag-licence-data holds no array of licence records', file)
}

function readRecord(builder: Builder, record: unknown, index: number, sourceIndex: number): void {
	if (!record || typeof record !== 'object' || Array.isArray(record)) {
		builder.warnings.push(`record ${index + 1} is not an object; skipped`)
		return
	}
	const fields = record as Record<string, unknown>
	const company = stringField(fields, 'company')
	if (!company) {
		builder.warnings.push(`record ${index + 1} has no company; skipped`)
		return
	}
	const printedNumber = stringField(fields, 'number') || null
	const typeRaw = stringField(fields, 'type') ?? ''
	const types = licenceTypes(typeRaw)
	if (types.length === 0) builder.warnings.push(`record ${index + 1} (${company}): licence type "${typeRaw}" is not in the AN vocabulary`)
	const entityId = nameKey(company, 'slug')
	const upstreamKey = printedNumber ?? `${entityId}/${nameKey(typeRaw || 'untyped', 'slug')}`
	if (!printedNumber) builder.warnings.push(`record ${index + 1} (${company}) has no licence number; keyed ${upstreamKey}`)

	const entity = builder.entities.get(entityId)
	if (!entity) builder.entities.set(entityId, { upstreamId: entityId, legalName: company, country: null, tradingNames: [], sourceIndex })
	else if (entity.legalName !== company) builder.warnings.push(`"${company}" and "${entity.legalName}" read as one entity (${entityId})`)

	const domains = domainValues(fields.domains)
	const listed = builder.licences.get(upstreamKey)
	if (listed) {
		const status = weightierStatus(classifyAnStatus, listed.upstreamStatus, stringField(fields, 'status') || null)
		builder.warnings.push(`licence ${upstreamKey} is listed twice; the first record is kept, with status "${status}"`)
		listed.upstreamStatus = status
		return
	}
	const issued = stringField(fields, 'issued')
	const expiry = stringField(fields, 'expiry')
	builder.licences.set(upstreamKey, {
		upstreamKey,
		entityId,
		licenseNumber: printedNumber,
		referencePrefix: null,
		referenceKey: null,
		upstreamStatus: stringField(fields, 'status') || null,
		licenseTypes: types.length > 0 ? types : typeRaw === '' ? [] : [typeRaw],
		licenseTypeRaw: typeRaw,
		licenseCategory: category(types),
		coversWebsites: types.includes('B2C') || types.includes('White Labeling'),
		issuedDate: readDate(builder, issued, 'issued', upstreamKey),
		expiryDate: readDate(builder, expiry, 'expiry', upstreamKey),
		raw: { ...fields },
		sourceIndex
	})
	const association = types.includes('White Labeling') ? 'white_label' : 'direct'
	const seen = new Set<string>()
	for (const value of domains) {
		const hostname = hostnameFromRegisterValue(value)
		if (seen.has(hostname ?? value)) continue
		seen.add(hostname ?? value)
		if (!hostname) builder.warnings.push(`${upstreamKey}: no hostname in domain "${value}"`)
		builder.domains.push({
			entityId,
			licenceKey: upstreamKey,
			upstreamValue: value,
			hostname,
			linkStatus: 'active',
			association,
			verificationUrl: null,
			sourceIndex
		})
	}
}

/**
 * A field that no record carries is a renamed field, not a register without statuses or numbers:
 * read on, every licence would turn unknown or change its key.
 */
function refuseMissingFields(records: unknown[], file: FetchedFile): void {
	const objects = records.filter((record): record is Record<string, unknown> => !!record && typeof record === 'object')
	if (objects.length === 0) return
	for (const field of FIELDS_EVERY_REGISTER_CARRIES) {
		if (!objects.some((record) => field in record))
			throw parseError(
				'unexpected_format',
				`no record carries a "${field}" field (keys: ${Object.keys(objects[0] ?? {}).join(', ')})`,
				file
			)
	}
}

function readPage(builder: Builder, file: FetchedFile, sourceIndex: number): void {
	const document = readCompleteHtml(file)
	const script = document.querySelector(DATA_SCRIPT)
	if (!script) throw parseError('unexpected_format', 'the page holds no ag-licence-data script', file)
	const json = (script.textContent ?? '').trim()
	if (json === '') throw parseError('empty', 'the ag-licence-data script is empty', file)
	let data: unknown
	try {
		data = JSON.parse(json)
	} catch {
		throw parseError('malformed', 'the ag-licence-data script is not valid JSON', file)
	}
	const records = recordsOf(data, file)
	if (records.length === 0) throw parseError('empty', 'the register holds no records', file)
	refuseMissingFields(records, file)
	records.forEach((record, index) => readRecord(builder, record, index, sourceIndex))
	if (builder.licences.size === 0)
		throw parseError('unexpected_format', `none of the ${records.length} records names a company (${textOf(script).slice(0, 60)})`, file)
}

/**
 * The register can list one domain under two licences of the same company; a domain link
 * belongs to one licence, so the newest issued one keeps it (ties: the later record).
 */
function keepNewestLicencePerDomain(builder: Builder): ParsedDomain[] {
	const chosen = new Map<string, ParsedDomain>()
	const issued = (domain: ParsedDomain) => builder.licences.get(domain.licenceKey ?? '')?.issuedDate ?? ''
	for (const domain of builder.domains) {
		const key = `${domain.entityId} ${domain.hostname ?? domain.upstreamValue}`
		const earlier = chosen.get(key)
		if (!earlier) {
			chosen.set(key, domain)
			continue
		}
		const winner = issued(domain) >= issued(earlier) ? domain : earlier
		const loser = winner === domain ? earlier : domain
		builder.warnings.push(
			`${domain.upstreamValue} is listed under ${earlier.licenceKey} and ${domain.licenceKey}; kept under ${winner.licenceKey} (newest issued), not ${loser.licenceKey}`
		)
		chosen.set(key, winner)
	}
	return [...chosen.values()]
}

/** Parses the Anjouan licence register page (`/license-register/`): the JSON embedded in `<script id="ag-licence-data">`. */
export function parseAnRegister(files: FetchedFile[]): ParsedRegister {
	if (files.length === 0) throw parseError('empty', 'no file to parse')
	const builder: Builder = { entities: new Map(), licences: new Map(), domains: [], warnings: [] }
	files.forEach((file, index) => guardParse(() => readPage(builder, file, index), file))
	return {
		jurisdiction: 'AN',
		entities: [...builder.entities.values()],
		licences: [...builder.licences.values()],
		domains: keepNewestLicencePerDomain(builder),
		warnings: builder.warnings
	}
}
