import { siteKey } from '@lv/hostnames'
import type {
	CheckIndex,
	DomainLinkEntry,
	JurisdictionEntry,
	JurisdictionShard,
	LicenceEntry,
	NameEntry,
	OperatorEntry,
	SupersededNumber
} from './index-model.ts'
import { licenseNumberKey } from './license-number-key.ts'
import { buildNameSearch } from './name-search.ts'
import { nameKey } from './names.ts'
import type { JurisdictionRow, OperatorRow, RegisterRows, RegisterStatusRow } from './rows.ts'
import { toCalendarDate, toMs } from './time.ts'

const SPEC_ORDER = ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']

/** Builds the whole index from row arrays; rows of a jurisdiction with no jurisdictions row are ignored. */
export function buildIndex(rows: RegisterRows): CheckIndex {
	const operators = operatorEntries(rows.operators)
	const shards = new Map<string, JurisdictionShard>()
	for (const row of rows.jurisdictions) {
		shards.set(row.code, buildShard(jurisdictionEntry(row, rows.registerStatus), rows, operators))
	}
	return withShards(shards)
}

/**
 * A new index in which jurisdiction `code` is rebuilt from `rows` (rows of other jurisdictions
 * are ignored); the previous index is left untouched. Without a jurisdictions row for `code`
 * the previous jurisdiction entry is kept (with a newer register status if one is given).
 */
export function replaceJurisdiction(index: CheckIndex, code: string, rows: RegisterRows): CheckIndex {
	const jurisdictionRow = rows.jurisdictions.find((row) => row.code === code)
	const previous = index.shards.get(code)?.jurisdiction
	let jurisdiction: JurisdictionEntry
	if (jurisdictionRow) jurisdiction = jurisdictionEntry(jurisdictionRow, rows.registerStatus)
	else if (previous) jurisdiction = withReadAt(previous, rows.registerStatus)
	else throw new Error(`replaceJurisdiction: no jurisdictions row for ${code}`)
	const shards = new Map(index.shards)
	shards.set(code, buildShard(jurisdiction, rows, operatorEntries(rows.operators)))
	return withShards(shards)
}

/** A new index whose jurisdiction `code` carries a new last successful read; data is shared. */
export function withRegisterRead(index: CheckIndex, code: string, lastSuccessfulReadAt: Date | string | null): CheckIndex {
	const shard = index.shards.get(code)
	if (!shard) return index
	const shards = new Map(index.shards)
	shards.set(code, { ...shard, jurisdiction: { ...shard.jurisdiction, last_successful_read_at: toMs(lastSuccessfulReadAt) } })
	return withShards(shards)
}

function withShards(shards: Map<string, JurisdictionShard>): CheckIndex {
	const order = [...shards.values()]
		.map((shard) => shard.jurisdiction)
		.sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
		.map((jurisdiction) => jurisdiction.code)
	return { shards, order }
}

function jurisdictionEntry(row: JurisdictionRow, statuses: readonly RegisterStatusRow[]): JurisdictionEntry {
	const specPosition = SPEC_ORDER.indexOf(row.code)
	const position = row.position ?? (specPosition >= 0 ? specPosition + 1 : SPEC_ORDER.length + 1)
	const status = statuses.find((candidate) => candidate.jurisdiction_code === row.code)
	return {
		code: row.code,
		name: row.name,
		sla_hours: row.sla_hours,
		confidence_hint: row.confidence_hint ?? 'scraped',
		position,
		last_successful_read_at: toMs(status?.last_successful_read_at)
	}
}

function withReadAt(entry: JurisdictionEntry, statuses: readonly RegisterStatusRow[]): JurisdictionEntry {
	const status = statuses.find((candidate) => candidate.jurisdiction_code === entry.code)
	return status ? { ...entry, last_successful_read_at: toMs(status.last_successful_read_at) } : entry
}

function operatorEntries(rows: readonly OperatorRow[]): Map<string, OperatorEntry> {
	const operators = new Map<string, OperatorEntry>()
	for (const row of rows) {
		operators.set(row.id, { id: row.id, slug: row.slug, name: row.display_name, legal_name: row.registered_name })
	}
	return operators
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key)
	if (list) list.push(value)
	else map.set(key, [value])
}

function buildShard(jurisdiction: JurisdictionEntry, rows: RegisterRows, operators: Map<string, OperatorEntry>): JurisdictionShard {
	const code = jurisdiction.code
	const licences = new Map<string, LicenceEntry>()
	const licencesByNumberKey = new Map<string, LicenceEntry[]>()
	const licencesByOperator = new Map<string, LicenceEntry[]>()
	for (const row of rows.licences) {
		if (row.jurisdiction_code !== code) continue
		const operator = operators.get(row.operator_id)
		if (!operator) continue
		const licence: LicenceEntry = {
			id: row.id,
			operator,
			jurisdiction: code,
			license_number: row.license_number,
			license_number_key: licenseNumberKey(row.license_number),
			license_reference_is_ours: row.license_reference_is_ours,
			status: row.status,
			status_qualifier: row.status_qualifier,
			upstream_status: row.upstream_status,
			expiry_date: toCalendarDate(row.expiry_date),
			covers_websites: row.covers_websites,
			status_source_url: row.status_source_url,
			status_observed_at: toMs(row.status_observed_at),
			not_listed_since: toMs(row.not_listed_since),
			last_listed_at: toMs(row.last_listed_at),
			source_url: row.source_url
		}
		licences.set(licence.id, licence)
		push(licencesByNumberKey, licence.license_number_key, licence)
		push(licencesByOperator, operator.id, licence)
	}

	const supersededByKey = new Map<string, SupersededNumber[]>()
	for (const row of rows.licenseNumberVersions) {
		const licence = licences.get(row.license_id)
		if (!licence) continue
		const key = licenseNumberKey(row.license_number)
		if (key === licence.license_number_key) continue
		push(supersededByKey, key, { license_number: row.license_number, licence })
	}

	const linksByHostname = new Map<string, DomainLinkEntry[]>()
	const linksByRegistrable = new Map<string, DomainLinkEntry[]>()
	// One string per registrable domain, shared by every link on it.
	const interned = new Map<string, string>()
	for (const row of rows.domainLinks) {
		if (row.jurisdiction_code !== code) continue
		const operator = operators.get(row.operator_id)
		if (!operator) continue
		// Recomputed rather than trusted from the row, so queries and stored hosts group by one PSL.
		const computed = siteKey(row.hostname)
		const registrable = computed === row.hostname ? row.hostname : (interned.get(computed) ?? computed)
		interned.set(registrable, registrable)
		const link: DomainLinkEntry = {
			hostname: row.hostname,
			registrable_domain: registrable,
			operator,
			licence: row.license_id === null ? null : (licences.get(row.license_id) ?? null),
			jurisdiction: code,
			link_status: row.link_status,
			association: row.association,
			last_listed_at: toMs(row.last_listed_at),
			verification_url: row.verification_url,
			verification_page_status: row.verification_page_status,
			verification_page_read_at: toMs(row.verification_page_read_at)
		}
		push(linksByHostname, link.hostname, link)
		push(linksByRegistrable, link.registrable_domain, link)
	}

	const names = nameEntries(code, rows, operators, licencesByOperator)
	return {
		jurisdiction,
		licences,
		licencesByNumberKey,
		supersededByKey,
		licencesByOperator,
		linksByHostname,
		linksByRegistrable,
		names,
		nameSearch: buildNameSearch(names)
	}
}

function nameEntries(
	code: string,
	rows: RegisterRows,
	operators: Map<string, OperatorEntry>,
	licencesByOperator: Map<string, LicenceEntry[]>
): NameEntry[] {
	const names: NameEntry[] = []
	const seen = new Set<string>()
	const add = (operator: OperatorEntry, name: string, kind: NameEntry['kind']) => {
		const key = nameKey(name)
		if (key.length === 0 || seen.has(`${operator.id}\u0000${key}`)) return
		seen.add(`${operator.id}\u0000${key}`)
		names.push({ key, name, kind, operator, jurisdiction: code })
	}
	for (const row of rows.tradingNames) {
		if (row.jurisdiction_code !== code) continue
		const operator = operators.get(row.operator_id)
		if (operator) add(operator, row.name, 'trading')
	}
	for (const operatorId of licencesByOperator.keys()) {
		const operator = operators.get(operatorId)
		if (!operator) continue
		add(operator, operator.legal_name, 'legal')
		add(operator, operator.name, 'legal')
	}
	return names
}
