import { siteKey } from '@lv/hostnames'
import { compareCodePoints } from '@lv/string-order'
import type {
	CheckIndex,
	JurisdictionEntry,
	JurisdictionShard,
	LicenceEntry,
	LinkVerification,
	NameEntry,
	OperatorEntry,
	SupersededNumber
} from './index-model.ts'
import { type LinkKeyFilter, linkKeyFilter, linkKeyFilterInSlices } from './link-key-filter.ts'
import { KeyTable, LinkColumns, LinkKeyChains, type LinkLookup } from './link-table.ts'
import { licenseNumberKey } from './license-number-key.ts'
import { buildNameScan, type NameScan, type NameSearch, nameScanInSlices, nameSearchInSlices } from './name-search.ts'
import { runAtOnce, runInTurns, type Steps } from './steps.ts'
import { nameKey } from '@lv/names'
import type { JurisdictionRow, OperatorRow, RegisterRows, RegisterStatusRow, StreamedLinkRow, TradingNameRow } from './rows.ts'
import { toCalendarDate, toMs } from './time.ts'

const SPEC_ORDER = ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']

/** Builds the whole index from row arrays; rows of a jurisdiction with no jurisdictions row are ignored. */
export function buildIndex(rows: RegisterRows): CheckIndex {
	const operators = operatorEntries(rows.operators)
	const shards = new Map<string, JurisdictionShard>()
	for (const row of rows.jurisdictions) {
		const builder = shardBuilder(row.code, rows, operators)
		builder.addDomainLinks(rows.domainLinks)
		shards.set(row.code, { jurisdiction: jurisdictionEntry(row, rows.registerStatus), ...builder.contents() })
	}
	return withShards(shards)
}

/**
 * A new index in which jurisdiction `code` is rebuilt from `rows` (rows of other jurisdictions
 * are ignored); the previous index is left untouched. Without a jurisdictions row for `code`
 * the previous jurisdiction entry is kept (with a newer register status if one is given).
 */
export function replaceJurisdiction(index: CheckIndex, code: string, rows: RegisterRows): CheckIndex {
	const build = beginJurisdiction(code, rows)
	build.addDomainLinks(rows.domainLinks)
	return build.finish(index)
}

/** Everything but the domain links, which a JurisdictionBuild takes in chunks. */
export type JurisdictionRows = Omit<RegisterRows, 'domainLinks'>

/** One jurisdiction's shard under construction: domain links go in chunks as they are read. */
export type JurisdictionBuild = {
	/** Indexes links of this jurisdiction (rows naming another are ignored); the rows are not kept. */
	addDomainLinks(rows: readonly StreamedLinkRow[]): void
	/** Links indexed so far. */
	readonly domainLinkCount: number
	/**
	 * `index` with this jurisdiction replaced by the shard built; pass the index that is current
	 * at swap time, so shards swapped in meanwhile are kept. Ends the build.
	 */
	finish(index: CheckIndex): CheckIndex
	/**
	 * finish for a process answering checks meanwhile: the link-key filter of the index the shard
	 * will make with `current()` is built a slice per event-loop turn (`turn`), then `current()` is
	 * read and the shard swapped into it in one step. Should `current()`'s links have changed in
	 * between, the filter is built again in that step: a filter never serves an index whose keys it
	 * was not built over. The shard is completed in slices before (steps.ts); `withNameScan`: the name
	 * scan of the index-to-be is built in slices after, and kept only if the index swapped into holds
	 * the same name searches in the same order (else it is built on first use). Ends the build.
	 */
	finishInTurns(current: () => CheckIndex, turn?: () => Promise<void>, withNameScan?: boolean): Promise<CheckIndex>
}

/** Resolves after the events already waiting (I/O, timers) have run. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * replaceJurisdiction for a loader that streams domain links: licences, names and the rest come
 * first, links are added in chunks, so a whole jurisdiction's link rows never sit in memory
 * beside the index.
 */
export function beginJurisdiction(code: string, rows: JurisdictionRows, replacing?: JurisdictionShard): JurisdictionBuild {
	const builder = shardBuilder(code, rows, operatorEntries(rows.operators), replacing)
	const jurisdictionRow = rows.jurisdictions.find((row) => row.code === code)
	let ending = false
	const end = () => {
		if (ending) throw new Error(`beginJurisdiction(${code}): finished twice`)
		ending = true
	}
	const shardsAfterSwap = (index: CheckIndex) => {
		const previous = index.shards.get(code)?.jurisdiction
		let jurisdiction: JurisdictionEntry
		if (jurisdictionRow) jurisdiction = jurisdictionEntry(jurisdictionRow, rows.registerStatus)
		else if (previous) jurisdiction = withReadAt(previous, rows.registerStatus)
		else throw new Error(`replaceJurisdiction: no jurisdictions row for ${code}`)
		const shards = new Map(index.shards)
		shards.set(code, { jurisdiction, ...builder.contents() })
		return shards
	}
	const swapInto = (index: CheckIndex, linkKeys?: LinkKeyFilter, nameScan?: NameScan) =>
		withShards(shardsAfterSwap(index), linkKeys, nameScan)
	return {
		addDomainLinks(links) {
			if (ending) throw new Error(`beginJurisdiction(${code}): links added after finish`)
			builder.addDomainLinks(links)
		},
		get domainLinkCount() {
			return builder.domainLinkCount()
		},
		finish(index) {
			end()
			return swapInto(index)
		},
		async finishInTurns(current, turn = nextTurn, withNameScan = false) {
			end()
			const contents = await runInTurns(builder.completion(), turn)
			const others = () => [...current().shards].filter(([other]) => other !== code).map(([, shard]) => shard)
			const linkKeys = await runInTurns(linkKeyFilterInSlices(linkLookupsOf([...others(), contents])), turn)
			const nameScan = withNameScan ? await runInTurns(nameScanInSlices(nameSourcesOf(shardsAfterSwap(current()))), turn) : undefined
			return swapInto(current(), linkKeys, nameScan)
		}
	}
}

/**
 * `linkKeys` is kept only if it was built over exactly these shards' link lookups; otherwise one is
 * built now. `builtScan` is kept only if built over these shards' name searches in this order. The
 * name scan is otherwise built on first use (prepareNameScan): a load swaps in one jurisdiction at a
 * time, and a scan over every shard built at each of those swaps would be thrown away at the next (ADR 0060).
 */
function withShards(shards: Map<string, JurisdictionShard>, linkKeys?: LinkKeyFilter, builtScan?: NameScan): CheckIndex {
	const order = shardOrder(shards)
	const lookups = linkLookupsOf(shards.values())
	const sources = nameSourcesOf(shards, order)
	let nameScan = builtScan && sameSources(builtScan.sources, sources) ? builtScan : undefined
	return {
		shards,
		order,
		linkKeys: linkKeys?.covers(lookups) ? linkKeys : linkKeyFilter(lookups),
		get nameScan() {
			nameScan ??= buildNameScan(sources)
			return nameScan
		}
	}
}

const sameSources = (a: readonly NameSearch[], b: readonly NameSearch[]) =>
	a.length === b.length && a.every((search, place) => search === b[place])

/** Jurisdiction codes in answer order: by position, then code. */
const shardOrder = (shards: ReadonlyMap<string, JurisdictionShard>): string[] =>
	[...shards.values()]
		.map((shard) => shard.jurisdiction)
		.sort((a, b) => a.position - b.position || compareCodePoints(a.code, b.code))
		.map((jurisdiction) => jurisdiction.code)

/** The name searches an index's scan is built over: its shards' in answer order. */
const nameSourcesOf = (shards: ReadonlyMap<string, JurisdictionShard>, order = shardOrder(shards)): NameSearch[] =>
	order.map((code) => (shards.get(code) as JurisdictionShard).nameSearch)

/** The index's name scan, built now if it was not yet (a checker builds it with the index it swaps in, not in a check). */
export function prepareNameScan(index: CheckIndex): NameScan {
	return index.nameScan
}

type ShardLinks = Pick<JurisdictionShard, 'linksByHostname' | 'linksBelowRegistrable'>

const linkLookupsOf = (shards: Iterable<ShardLinks>): LinkLookup[] =>
	[...shards].flatMap((shard) => [shard.linksByHostname, shard.linksBelowRegistrable])

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

/** One shared copy per distinct value, so 300,000 links do not each keep their own "active". */
function interner(): <T extends string | null>(value: T) => T {
	const seen = new Map<string, string>()
	return <T extends string | null>(value: T): T => {
		if (value === null) return value
		const shared = seen.get(value)
		if (shared !== undefined) return shared as T
		seen.set(value, value)
		return value
	}
}

function verificationOf(row: StreamedLinkRow, shared: <T extends string | null>(value: T) => T): LinkVerification | null {
	const page_read_at = toMs(row.verification_page_read_at)
	if (row.verification_url === null && row.verification_page_status === null && page_read_at === null) return null
	return { url: row.verification_url, page_status: shared(row.verification_page_status), page_read_at }
}

type ShardBuilder = {
	addDomainLinks(rows: readonly StreamedLinkRow[]): void
	domainLinkCount(): number
	/** Everything of the shard but its jurisdiction entry, completed at the first call. */
	contents(): Omit<JurisdictionShard, 'jurisdiction'>
	/** contents, completed in slices (steps.ts) */
	completion(): Steps<Omit<JurisdictionShard, 'jurisdiction'>>
}

/** The jurisdiction's licences of known operators, by id, by number key and by operator. */
function licenceEntries(
	code: string,
	rows: JurisdictionRows,
	operators: Map<string, OperatorEntry>,
	shared: <T extends string | null>(value: T) => T
) {
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
			status: shared(row.status),
			status_qualifier: shared(row.status_qualifier),
			upstream_status: shared(row.upstream_status),
			expiry_date: toCalendarDate(row.expiry_date),
			covers_websites: row.covers_websites,
			status_source_url: shared(row.status_source_url),
			status_observed_at: toMs(row.status_observed_at),
			not_listed_since: toMs(row.not_listed_since),
			last_listed_at: toMs(row.last_listed_at),
			source_url: shared(row.source_url)
		}
		licences.set(licence.id, licence)
		push(licencesByNumberKey, licence.license_number_key, licence)
		push(licencesByOperator, operator.id, licence)
	}
	return { licences, licencesByNumberKey, licencesByOperator }
}

/** `replacing`: the shard this one replaces, whose link key counts size the new key tables (KeyTable). */
function shardBuilder(
	code: string,
	rows: JurisdictionRows,
	operators: Map<string, OperatorEntry>,
	replacing?: JurisdictionShard
): ShardBuilder {
	const shared = interner()
	const { licences, licencesByNumberKey, licencesByOperator } = licenceEntries(code, rows, operators, shared)

	const supersededByKey = new Map<string, SupersededNumber[]>()
	for (const row of rows.licenseNumberVersions) {
		const licence = licences.get(row.license_id)
		if (!licence) continue
		const key = licenseNumberKey(row.license_number)
		if (key === licence.license_number_key) continue
		push(supersededByKey, key, { license_number: row.license_number, licence })
	}

	const names = nameEntries(code, rows, operators, licencesByOperator)
	const columns = new LinkColumns(code, replacing?.linksByHostname.size)
	const linksByHostname = new LinkKeyChains(columns, columns.hostnames)
	// Only links on a host other than their registrable domain: linksForRegistrable finds the
	// others under their hostname, so most links (listed on the registrable domain) have one entry.
	const linksBelowRegistrable = new LinkKeyChains(columns, new KeyTable(replacing?.linksBelowRegistrable.size))
	let completed: Omit<JurisdictionShard, 'jurisdiction'> | undefined
	return {
		addDomainLinks(links) {
			for (const row of links) {
				if (row.jurisdiction_code !== undefined && row.jurisdiction_code !== code) continue
				const operator = operators.get(row.operator_id)
				if (!operator) continue
				const id = columns.add({
					hostname: row.hostname,
					operator,
					licence: row.license_id === null ? null : (licences.get(row.license_id) ?? null),
					link_status: row.link_status,
					association: row.association,
					last_listed_at: toMs(row.last_listed_at),
					verification: verificationOf(row, shared)
				})
				linksByHostname.add(row.hostname, id)
				// Recomputed rather than trusted from the row, so queries and stored hosts group by one PSL.
				const registrable = siteKey(row.hostname)
				if (registrable !== row.hostname) linksBelowRegistrable.add(registrable, id)
			}
		},
		domainLinkCount: () => columns.count,
		contents() {
			completed ??= runAtOnce(this.completion())
			return completed
		},
		*completion() {
			completed ??= {
				licences,
				licencesByNumberKey,
				supersededByKey,
				licencesByOperator,
				linksByHostname: yield* linksByHostname.finishInSlices(),
				linksBelowRegistrable: yield* linksBelowRegistrable.finishInSlices(),
				names,
				nameSearch: yield* nameSearchInSlices(names)
			}
			return completed
		}
	}
}

/** A trading name the register lists as active first, then one it gives no status, then any other (`Inactive`). */
const tradingListingRank = (status: string | null | undefined) =>
	status === null || status === undefined ? 1 : status.trim().toLowerCase() === 'active' ? 0 : 2

const compareTradingNames = (a: TradingNameRow, b: TradingNameRow) =>
	tradingListingRank(a.status) - tradingListingRank(b.status) || compareCodePoints(a.name, b.name)

/**
 * The jurisdiction's trading names by operator, each operator's in the order their names are chosen in:
 * of names sharing a match key the first is indexed, and of an operator's names scoring alike the first
 * is quoted (name-matching.ts), so the order follows the rows' contents, never the order they were read in.
 * A name the register no longer prints is left out: it must not be quoted as a trading name (ADR 0106).
 */
function tradingNamesByOperator(code: string, rows: JurisdictionRows): Map<string, TradingNameRow[]> {
	const byOperator = new Map<string, TradingNameRow[]>()
	for (const row of rows.tradingNames) {
		if (row.jurisdiction_code === code && (row.not_listed_since ?? null) === null) push(byOperator, row.operator_id, row)
	}
	for (const names of byOperator.values()) if (names.length > 1) names.sort(compareTradingNames)
	return byOperator
}

function nameEntries(
	code: string,
	rows: JurisdictionRows,
	operators: Map<string, OperatorEntry>,
	licencesByOperator: Map<string, LicenceEntry[]>
): NameEntry[] {
	const names: NameEntry[] = []
	const seen = new Set<string>()
	const add = (operator: OperatorEntry, name: string, kind: NameEntry['kind']) => {
		const key = nameKey(name, 'match')
		if (key.length === 0 || seen.has(`${operator.id}\u0000${key}`)) return
		seen.add(`${operator.id}\u0000${key}`)
		names.push({ key, name, kind, operator, jurisdiction: code })
	}
	for (const [operatorId, tradingNames] of tradingNamesByOperator(code, rows)) {
		const operator = operators.get(operatorId)
		if (operator) for (const row of tradingNames) add(operator, row.name, 'trading')
	}
	for (const operatorId of licencesByOperator.keys()) {
		const operator = operators.get(operatorId)
		if (!operator) continue
		add(operator, operator.legal_name, 'legal')
		add(operator, operator.name, 'legal')
	}
	return names
}
