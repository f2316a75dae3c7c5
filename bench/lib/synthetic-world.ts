/**
 * A synthetic register world for the scale benches: brand-like compound names and hostnames
 * (`luckyharbourspin.bet`) built from gambling and everyday words, so the name stage sees
 * realistic near-misses rather than digit-only names. Operator names are mostly distinct (as in
 * real registers), a few repeat or share a stem (operatorNames). Deterministic: the same size gives
 * the same world. Hostnames 0..size-1 are listed; `hostname(n)` for n >= size is never listed.
 */
import {
	type CheckIndex,
	type DomainLinkRow,
	type JurisdictionRow,
	type LicenceRow,
	type OperatorRow,
	type TradingNameRow,
	beginJurisdiction,
	buildIndex,
	labelKey,
	prepareNameScan
} from '@lv/verdict'
import { seededRandom as random } from '@lv/register-server'
import { addLinkChunk, releaseReplacedShard } from '@lv/register-store'
import { registerSizes } from '../check-seed.ts'

export const WORDS = (
	'lucky royal golden spin bet star mega jackpot vegas casino slots play win palace ace king queen ' +
	'diamond crown fortune dragon tiger lion eagle wolf fox bear red blue green black silver gold ' +
	'magic wild fire ice storm thunder rocket cosmic nova lunar solar planet orbit galaxy pixel ' +
	'harbour river ocean island mountain valley forest meadow castle tower bridge garden market ' +
	'cherry lemon melon berry clover rainbow lotus pearl ruby emerald sapphire opal amber ivory ' +
	'bingo poker roulette blackjack baccarat keno lotto dice chip reel wheel card deck hand ' +
	'fun joy happy smart quick swift bold brave grand prime elite noble regal true pure ' +
	'north south east west urban metro city village club house hall arena field park ' +
	'alpha beta gamma delta omega zen vibe buzz hype wave rush blitz dash zoom flash ' +
	'monkey panda koala falcon hawk raven phoenix unicorn griffin kraken titan giant hero legend ' +
	'pirate viking ninja samurai knight wizard ranger hunter captain bandit cowboy sheriff outlaw ' +
	'coin cash money bank vault treasure loot bounty prize reward bonus cashback tokens credit'
).split(' ')
export const TLDS = ['com', 'co.uk', 'net', 'bet', 'casino', 'io', 'mt', 'eu']
const SUFFIXES = [
	'Ltd',
	'Limited',
	'N.V.',
	'B.V.',
	'Plc',
	'Group Ltd',
	'Entertainment Ltd',
	'Gaming Ltd',
	'Holdings Limited',
	'Interactive Ltd'
]
/** Words some brands carry after their compound ("Lucky Harbour Gaming"). */
const BRAND_TAILS = ['Entertainment', 'Gaming', 'Games', 'Interactive', 'Media', 'Online', 'Group']
/** Endings that coin a brand from a word ("Spinora", "Lotto ly"). */
const COINED = ['ia', 'ly', 'io', 'ora', 'ix', 'o', 'za', 'go']
const CHUNK = 10_000
const PER_OPERATOR = 50

export const JURISDICTIONS: JurisdictionRow[] = [
	{ code: 'UKGC', name: 'UK Gambling Commission', sla_hours: 24, confidence_hint: 'authoritative', position: 1 },
	{ code: 'MGA', name: 'Malta Gaming Authority', sla_hours: 48, position: 2 },
	{ code: 'CW', name: 'Curaçao Gaming Authority', sla_hours: 48, position: 3 },
	{ code: 'KH', name: 'Kahnawà:ke Gaming Commission', sla_hours: 48, position: 4 },
	{ code: 'AN', name: 'Anjouan Offshore Finance Authority', sla_hours: 24, position: 5 },
	{ code: 'TGC', name: 'Tobique Gaming Commission', sla_hours: 24, position: 6 },
	{ code: 'IOM', name: 'Isle of Man Gambling Supervision Commission', sla_hours: 24, position: 7 }
]

const W = WORDS.length
/** Label combinations: three word slots (the third may be empty) times the TLDs. */
const COMBINATIONS = W * W * (W + 1) * TLDS.length
/** A multiplier coprime with COMBINATIONS, so `n → n·SCRAMBLE mod COMBINATIONS` visits every combination once. */
const SCRAMBLE = 2_654_435_761

/** The n-th distinct hostname of the synthetic world; listed ones are 0..size-1, unlisted queries come after. */
export function hostname(n: number): string {
	let k = Number((BigInt(n) * BigInt(SCRAMBLE)) % BigInt(COMBINATIONS))
	const tld = TLDS[k % TLDS.length]
	k = Math.floor(k / TLDS.length)
	const first = WORDS[k % W]
	k = Math.floor(k / W)
	const second = WORDS[k % W]
	k = Math.floor(k / W)
	const third = k % (W + 1) === W ? '' : WORDS[k % (W + 1)]
	return `${first}${second}${third}.${tld}`
}

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const uuid = (kind: number, n: number) => `00000000-0000-4000-${(8000 + kind).toString()}-${n.toString().padStart(12, '0')}`

export type World = {
	operators: OperatorRow[]
	licences: LicenceRow[]
	tradingNames: TradingNameRow[]
	linkRange: Map<string, [number, number]>
}

/** Shares of operators whose name repeats an earlier operator's (another licence of a group), or shares its stem. */
const SHARED_NAME = 0.07
const GROUP_STEM = 0.1

/**
 * Operator display names: mostly distinct brand-like compounds of two or three words, some coined
 * ("Spinora"), some with a tail ("Gaming") or, rarely, digits; about 7 % repeat an earlier name and
 * 10 % share an earlier name's first word (a group's brands). Deterministic from `seed`.
 */
export function operatorNames(count: number, seed = 20_261_124): string[] {
	const next = random(seed)
	const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
	const names: string[] = []
	const used = new Set<string>()
	const fresh = (stem: string | null): string => {
		for (;;) {
			const words = [stem ?? title(pick(WORDS)), title(pick(WORDS))]
			const shape = next()
			if (shape < 0.4) words.push(title(pick(WORDS)))
			else if (shape < 0.5) words[1] = `${words[1]}${pick(COINED)}`
			let name = next() < 0.5 ? words.join('') : words.join(' ')
			const extra = next()
			if (extra < 0.08) name = `${name} ${pick(BRAND_TAILS)}`
			else if (extra < 0.1) name = `${name}${Math.floor(next() * 900) + 10}`
			if (!used.has(labelKey(name))) return name
		}
	}
	for (let n = 0; n < count; n++) {
		const roll = next()
		const earlier = names.length > 0 ? names[Math.floor(next() * names.length)] : undefined
		const name =
			earlier !== undefined && roll < SHARED_NAME
				? earlier
				: fresh(earlier !== undefined && roll < SHARED_NAME + GROUP_STEM ? (earlier.match(/^[A-Z][a-z]+/)?.[0] ?? null) : null)
		used.add(labelKey(name))
		names.push(name)
	}
	return names
}

/** Distinct name keys over the index's shards (equal keys are scored once per shard). */
export function distinctNameKeys(index: CheckIndex): number {
	let keys = 0
	for (const shard of index.shards.values()) keys += shard.nameSearch.exact.size
	return keys
}

export function world(size: number, readAt: Date): World {
	const operators: OperatorRow[] = []
	const licences: LicenceRow[] = []
	const tradingNames: TradingNameRow[] = []
	const linkRange = new Map<string, [number, number]>()
	const sizes = registerSizes(size)
	const names = operatorNames(sizes.reduce((sum, [, links]) => sum + Math.max(1, Math.ceil(links / PER_OPERATOR)), 0))
	const next = random(size)
	let firstLink = 0
	for (const [code, links] of sizes) {
		linkRange.set(code, [firstLink, firstLink + links])
		const count = Math.max(1, Math.ceil(links / PER_OPERATOR))
		for (let i = 0; i < count; i++) {
			const n = operators.length
			const name = names[n] as string
			const owner: OperatorRow = {
				id: uuid(1, n),
				slug: `op-${n}`,
				display_name: name,
				registered_name: `${name} ${SUFFIXES[Math.floor(next() * SUFFIXES.length)]}`
			}
			operators.push(owner)
			licences.push({
				id: uuid(2, n),
				operator_id: owner.id,
				jurisdiction_code: code,
				license_number: `${code}-${n.toString().padStart(8, '0')}`,
				license_reference_is_ours: false,
				status: 'active',
				status_qualifier: null,
				upstream_status: 'Active',
				expiry_date: null,
				covers_websites: true,
				status_source_url: `https://registers.example/${code}`,
				status_observed_at: readAt,
				not_listed_since: null,
				last_listed_at: readAt,
				source_url: `https://registers.example/${code}`
			})
			tradingNames.push({ operator_id: owner.id, jurisdiction_code: code, name: `${name} ${title(WORDS[Math.floor(next() * W)] ?? '')}` })
		}
		firstLink += links
	}
	return { operators, licences, tradingNames, linkRange }
}

export function* linkChunks(code: string, w: World, readAt: Date): Generator<DomainLinkRow[]> {
	const [from, to] = w.linkRange.get(code) ?? [0, 0]
	const licences = w.licences.filter((row) => row.jurisdiction_code === code)
	for (let start = from; start < to; start += CHUNK) {
		const chunk: DomainLinkRow[] = []
		for (let n = start; n < Math.min(to, start + CHUNK); n++) {
			const held = licences[(n - from) % licences.length] as LicenceRow
			chunk.push({
				operator_id: held.operator_id,
				license_id: held.id,
				jurisdiction_code: code,
				hostname: n % 4 === 0 ? `www.${hostname(n)}` : hostname(n),
				link_status: 'active',
				association: 'direct',
				last_listed_at: readAt,
				verification_url: null,
				verification_page_status: null,
				verification_page_read_at: null
			})
		}
		yield chunk
	}
}

/** A build of one jurisdiction of the world, its links not yet added. */
function beginWorldJurisdiction(code: string, w: World, readAt: Date, replacing?: CheckIndex) {
	const registerStatus = JURISDICTIONS.map((row) => ({ jurisdiction_code: row.code, last_successful_read_at: readAt }))
	return beginJurisdiction(
		code,
		{
			jurisdictions: JURISDICTIONS,
			registerStatus,
			operators: w.operators.filter((_, n) => w.licences[n]?.jurisdiction_code === code),
			tradingNames: w.tradingNames.filter((row) => row.jurisdiction_code === code),
			licences: w.licences.filter((row) => row.jurisdiction_code === code),
			licenseNumberVersions: []
		},
		replacing?.shards.get(code)
	)
}

/**
 * `withLinks: false` builds names and licences only (the name-stage bench); `loaded`: the index's
 * name scan is built with it, as the checker does once loaded (ADR 0060). `finish`: the swap's one
 * synchronous block.
 */
export function buildJurisdiction(
	index: CheckIndex,
	code: string,
	w: World,
	readAt: Date,
	withLinks = true,
	loaded = true
): { index: CheckIndex; ms: number; cpuMs: number; finish: Block } {
	const started = performance.now()
	const cpuBefore = process.cpuUsage()
	const build = beginWorldJurisdiction(code, w, readAt, index)
	if (withLinks)
		// As the checker's loader adds each chunk: indexed, emptied and collected while young.
		for (const chunk of linkChunks(code, w, readAt)) addLinkChunk(build, chunk)
	const clock = blockClock()
	clock.begin()
	const built = build.finish(index)
	if (loaded) prepareNameScan(built)
	const finish = clock.end()
	const cpu = process.cpuUsage(cpuBefore)
	return { index: built, ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, finish }
}

/**
 * A synchronous block's wall time and the CPU time of this thread in it (preemption by other processes
 * left out, but counted in kernel ticks of a few ms), in ms.
 */
export type Block = { wallMs: number; cpuMs: number }

/** Times the blocks of the thread: `end()` closes the block begun by the last `begin()`. */
export function blockClock(): { begin(): void; end(): Block } {
	let wall = 0
	let cpu = process.threadCpuUsage()
	return {
		begin() {
			wall = performance.now()
			cpu = process.threadCpuUsage()
		},
		end() {
			const used = process.threadCpuUsage(cpu)
			return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }
		}
	}
}

const longest = (blocks: readonly Block[]): Block => ({
	wallMs: Math.max(0, ...blocks.map((block) => block.wallMs)),
	cpuMs: Math.max(0, ...blocks.map((block) => block.cpuMs))
})

/**
 * A rebuild of one jurisdiction as the checker runs it: each link chunk a synchronous block of its own,
 * then finishInTurns (the shard's completion, the link-key filter and the name scan in slices, a block
 * between two turns), then the full collection the checker runs after a swap; the longest block of each kind.
 */
export async function rebuildJurisdictionInTurns(index: CheckIndex, code: string, w: World, readAt: Date) {
	const clock = blockClock()
	const build = beginWorldJurisdiction(code, w, readAt, index)
	const chunks: Block[] = []
	for (const chunk of linkChunks(code, w, readAt)) {
		clock.begin()
		addLinkChunk(build, chunk)
		chunks.push(clock.end())
	}
	// A block ends where finishInTurns yields; the last one ends with the swap.
	const slices: Block[] = []
	const cpuBefore = process.cpuUsage()
	clock.begin()
	const turn = async () => {
		slices.push(clock.end())
		await new Promise((resolve) => setImmediate(resolve))
		clock.begin()
	}
	// With the name scan, as the checker does once loaded (ADR 0060, ADR 0064).
	const built = await build.finishInTurns(() => index, turn, true)
	slices.push(clock.end())
	const finishCpu = process.cpuUsage(cpuBefore)
	clock.begin()
	releaseReplacedShard()
	return {
		index: built,
		linkChunk: longest(chunks),
		linkChunkWallMs: chunks.map((block) => block.wallMs).sort((a, b) => a - b),
		slices: slices.length,
		longestSlice: longest(slices),
		sliceWallMs: slices.map((block) => block.wallMs).sort((a, b) => a - b),
		finishCpuMs: (finishCpu.user + finishCpu.system) / 1000,
		slicesCpuMs: slices.reduce((sum, block) => sum + block.cpuMs, 0),
		collection: clock.end()
	}
}

/** The whole index, built jurisdiction by jurisdiction as the checker builds it; build wall and CPU time per jurisdiction. */
export function buildWorldIndex(
	w: World,
	readAt: Date,
	withLinks = true
): { index: CheckIndex; buildMs: Record<string, number>; buildCpuMs: Record<string, number> } {
	let index = buildIndex({
		jurisdictions: JURISDICTIONS,
		registerStatus: [],
		operators: [],
		tradingNames: [],
		licences: [],
		licenseNumberVersions: [],
		domainLinks: []
	})
	const buildMs: Record<string, number> = {}
	const buildCpuMs: Record<string, number> = {}
	for (const { code } of JURISDICTIONS) {
		const built = buildJurisdiction(index, code, w, readAt, withLinks, false)
		index = built.index
		buildMs[code] = Math.round(built.ms)
		buildCpuMs[code] = Math.round(built.cpuMs)
		// As the checker does after each swap.
		releaseReplacedShard()
	}
	// As the checker does once every jurisdiction is loaded.
	const started = performance.now()
	const cpuBefore = process.cpuUsage()
	prepareNameScan(index)
	const cpu = process.cpuUsage(cpuBefore)
	buildMs.nameScan = Math.round(performance.now() - started)
	buildCpuMs.nameScan = Math.round((cpu.user + cpu.system) / 1000)
	return { index, buildMs, buildCpuMs }
}
