import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { beginJurisdiction, buildIndex, replaceJurisdiction } from './build-index.ts'
import type { CheckIndex } from './index-model.ts'
import { FINGERPRINTS_PER_SLICE } from './link-key-filter.ts'
import { linksForHostname } from './lookup.ts'
import type { NameSearch } from './name-search.ts'
import type { RegisterRows } from './rows.ts'
import { licence, link, operator, rows } from './test-support/index-rows.ts'

const owner = operator('acme', 'Acme Play')
const CODES = ['UKGC', 'MGA', 'CW'] as const
type Code = (typeof CODES)[number]
const licences = Object.fromEntries(
	CODES.map((code) => [code, licence(owner, { jurisdiction_code: code, license_number: `${code}-0001` })])
) as Record<Code, ReturnType<typeof licence>>

const rowsOf = (code: Code, hosts: readonly string[]): RegisterRows =>
	rows({ operators: [owner], licences: [licences[code]], links: hosts.map((host) => link(owner, host, licences[code])) })

/** Every key of every shard's link lookups is said to be held by the index's filter, and found. */
function expectNoFalseNegative(index: CheckIndex): void {
	for (const shard of index.shards.values()) {
		for (const lookup of [shard.linksByHostname, shard.linksBelowRegistrable])
			for (const key of lookup.keys()) expect(index.linkKeys.mayHold(key)).toBe(true)
		for (const hostname of shard.linksByHostname.keys()) expect(linksForHostname(index, hostname).length).toBeGreaterThan(0)
	}
}

/** Finishes a build of `code` in turns against `state.current`, running `duringTurn` at each turn. */
async function swapInTurns(
	state: { current: CheckIndex },
	code: Code,
	hosts: readonly string[],
	duringTurn: () => void,
	withNameScan = false
): Promise<void> {
	const { domainLinks, ...rest } = rowsOf(code, hosts)
	const build = beginJurisdiction(code, rest)
	build.addDomainLinks(domainLinks)
	state.current = await build.finishInTurns(
		() => state.current,
		async () => duringTurn(),
		withNameScan
	)
}

/** The name searches an index's scan must be built over: its shards' in `order`. */
const namesInOrder = (index: CheckIndex) => index.order.map((code) => index.shards.get(code)?.nameSearch as NameSearch)

describe('a shard swapped in with its link-key filter built in turns', () => {
	test('checks see the index before it until the swap, and the index after it finds the new links', async () => {
		const state = { current: buildIndex(rowsOf('UKGC', ['acme.co.uk'])) }
		const before = state.current
		let turns = 0
		await swapInTurns(state, 'MGA', ['acme.mt', 'www.acme-casino.mt'], () => {
			turns++
			expect(state.current).toBe(before)
			expect(linksForHostname(state.current, 'acme.mt')).toEqual([])
		})
		expect(turns).toBeGreaterThan(0)
		expect(linksForHostname(state.current, 'acme.mt').map((entry) => entry.jurisdiction)).toEqual(['MGA'])
		expect(linksForHostname(state.current, 'acme.co.uk').map((entry) => entry.jurisdiction)).toEqual(['UKGC'])
		expectNoFalseNegative(state.current)
	})

	test("another jurisdiction's links swapped in while the filter is built are held by the filter the swap publishes", async () => {
		const state = { current: buildIndex(rowsOf('UKGC', ['acme.co.uk'])) }
		let swappedMeanwhile = false
		await swapInTurns(state, 'UKGC', ['acme.co.uk', 'acme-bingo.co.uk'], () => {
			if (swappedMeanwhile) return
			swappedMeanwhile = true
			state.current = replaceJurisdiction(state.current, 'CW', rowsOf('CW', ['listed-meanwhile.bet']))
		})
		expect(swappedMeanwhile).toBe(true)
		expect(state.current.linkKeys.mayHold('listed-meanwhile.bet')).toBe(true)
		expect(linksForHostname(state.current, 'listed-meanwhile.bet').map((entry) => entry.jurisdiction)).toEqual(['CW'])
		expectNoFalseNegative(state.current)
	})
})

describe('a shard completed and its name scan built a slice per turn before the swap', () => {
	const manyHosts = Array.from({ length: 40_000 }, (_, n) => (n % 3 === 0 ? `www.acme-${n}.mt` : `acme-${n}.mt`))

	test("the shard's completion runs in slices between turns, not in one block before the filter's", async () => {
		const state = { current: buildIndex(rowsOf('UKGC', ['acme.co.uk'])) }
		let turns = 0
		await swapInTurns(state, 'MGA', manyHosts, () => turns++)
		const shard = state.current.shards.get('MGA')
		const filterSlices = [...state.current.shards.values()]
			.flatMap((each) => [each.linksByHostname, each.linksBelowRegistrable])
			.reduce((slices, lookup) => slices + Math.ceil(lookup.fingerprints.length / FINGERPRINTS_PER_SLICE), 0)
		expect(shard?.linksByHostname.size).toBe(40_000)
		expect(turns).toBeGreaterThan(filterSlices + 2)
		expectNoFalseNegative(state.current)
	})

	test('with the name scan, the index published holds a scan over every shard in order, built in turns before the swap', async () => {
		const counted = async (withNameScan: boolean) => {
			const state = { current: buildIndex(rowsOf('UKGC', ['acme.co.uk'])) }
			let turns = 0
			await swapInTurns(state, 'MGA', manyHosts, () => turns++, withNameScan)
			return { turns, index: state.current }
		}
		const without = await counted(false)
		const withScan = await counted(true)
		expect(withScan.turns).toBeGreaterThan(without.turns)
		expect(withScan.index.nameScan.sources).toEqual(namesInOrder(withScan.index))
	})

	test('a jurisdiction swapped in while the name scan is built is scanned by the index the swap publishes', async () => {
		const state = { current: buildIndex(rowsOf('UKGC', ['acme.co.uk'])) }
		const other = operator('harbour', 'Luckyharbour Spinners')
		let swappedMeanwhile = false
		let turns = 0
		await swapInTurns(
			state,
			'MGA',
			['acme.mt'],
			() => {
				// Late, once the filter is built and the scan under way.
				if (++turns < 3 || swappedMeanwhile) return
				swappedMeanwhile = true
				const cw = rows({
					operators: [other],
					licences: [licence(other, { jurisdiction_code: 'CW', license_number: 'CW-0002' })],
					links: []
				})
				state.current = replaceJurisdiction(state.current, 'CW', cw)
			},
			true
		)
		expect(swappedMeanwhile).toBe(true)
		const cwNames = state.current.shards.get('CW')?.nameSearch as NameSearch
		expect(state.current.nameScan.sources).toEqual(namesInOrder(state.current))
		expect(state.current.nameScan.sources).toContain(cwNames)
	})
})

const host = fc.stringMatching(/^(www\.|[a-z]{1,3}\.)?[a-z]{1,5}\.(com|mt|bet)$/)
const code = fc.constantFrom(...CODES)
const meanwhile = fc.record({ code, hosts: fc.array(host, { maxLength: 20 }) })
type Meanwhile = typeof meanwhile extends fc.Arbitrary<infer T> ? T : never
const swap = fc.record({
	code,
	hosts: fc.array(host, { maxLength: 40 }),
	inTurns: fc.boolean(),
	meanwhile: fc.array(meanwhile, { maxLength: 4 })
})

test('no index ever says a key of its shards is absent, across any sequence of swaps, in turns or at once, with others between the turns', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(swap, { minLength: 1, maxLength: 8 }), async (swaps) => {
			const state = { current: buildIndex(rowsOf('UKGC', [])) }
			const apply = (step: Meanwhile) => {
				state.current = replaceJurisdiction(state.current, step.code, rowsOf(step.code, step.hosts))
				expectNoFalseNegative(state.current)
			}
			for (const next of swaps) {
				if (next.inTurns) {
					const pending = [...next.meanwhile]
					await swapInTurns(state, next.code, next.hosts, () => {
						const step = pending.shift()
						if (step) apply(step)
					})
				} else {
					for (const step of next.meanwhile) apply(step)
					state.current = replaceJurisdiction(state.current, next.code, rowsOf(next.code, next.hosts))
				}
				expectNoFalseNegative(state.current)
			}
		}),
		{ numRuns: 60 }
	)
})
