import { describe, expect, test } from 'bun:test'
import { siteKey } from '@lv/hostnames'
import fc from 'fast-check'
import { buildIndex, replaceJurisdiction } from './build-index.ts'
import type { CheckIndex, JurisdictionShard } from './index-model.ts'
import { LinkKeyFilter, linkKeyFilter, linkKeyFilterInSlices } from './link-key-filter.ts'
import { runInTurns } from './steps.ts'
import { keyFingerprint, type LinkLookup } from './link-table.ts'
import { linksAroundSite, linksForHostname } from './lookup.ts'
import { licence, link, operator, rows } from './test-support/index-rows.ts'

/** Any UTF-16 code units, lone surrogates included. */
const anyKey = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 12 })

describe('LinkKeyFilter', () => {
	test('holds every key added, whatever its code units, its fingerprints in order or not', () => {
		fc.assert(
			fc.property(fc.array(anyKey, { maxLength: 3000 }), fc.boolean(), (keys, sorted) => {
				const filter = new LinkKeyFilter(keys.length)
				const fingerprints = Uint32Array.from(keys, keyFingerprint)
				filter.addAll(sorted ? fingerprints.sort() : fingerprints)
				for (const key of keys) expect(filter.mayHold(key)).toBe(true)
			}),
			{ numRuns: 60 }
		)
	})

	test('lets fewer than 3 % of absent hostnames through', () => {
		const filter = new LinkKeyFilter(100_000)
		filter.addAll(Uint32Array.from({ length: 100_000 }, (_, i) => keyFingerprint(`listed-${i}.example`)).sort())
		let passed = 0
		for (let i = 0; i < 100_000; i++) if (filter.mayHold(`never-listed-${i}.example`)) passed++
		expect(passed).toBeLessThan(3_000)
	})
})

describe('the link-key filter built in turns', () => {
	const lookupOf = (keys: string[]) => ({ fingerprints: Uint32Array.from(keys, keyFingerprint).sort() }) as LinkLookup

	test('files one slice of fingerprints per turn and then says of every key what the filter built at once says', async () => {
		const lookups = [lookupOf(['a.com', 'b.com', 'c.com', 'd.com', 'e.com']), lookupOf([]), lookupOf(['f.mt', 'g.mt'])]
		let turns = 0
		const inTurns = await runInTurns(linkKeyFilterInSlices(lookups, 2), async () => void turns++)
		expect(turns).toBe(3 + 0 + 1)
		const atOnce = linkKeyFilter(lookups)
		for (let i = 0; i < 2_000; i++) expect(inTurns.mayHold(`k${i}.com`)).toBe(atOnce.mayHold(`k${i}.com`))
		for (const key of ['a.com', 'e.com', 'f.mt', 'g.mt']) expect(inTurns.mayHold(key)).toBe(true)
	})

	test('covers exactly the lookups it was built over, in any order', async () => {
		const [a, b, c] = [lookupOf(['a.com']), lookupOf(['b.com']), lookupOf(['c.com'])]
		const filter = await runInTurns(linkKeyFilterInSlices([a, b]), async () => {})
		expect(filter.covers([b, a])).toBe(true)
		expect(filter.covers([a])).toBe(false)
		expect(filter.covers([a, c])).toBe(false)
		expect(filter.covers([a, b, c])).toBe(false)
	})
})

const owner = operator('acme', 'Acme Play')
const ukLicence = licence(owner, { license_number: '000102-R-317976-010' })
const mgaLicence = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
const index = buildIndex(
	rows({
		operators: [owner],
		licences: [ukLicence, mgaLicence],
		links: [link(owner, 'acme.co.uk', ukLicence), link(owner, 'shop.acme.co.uk', ukLicence), link(owner, 'acme.mt', mgaLicence)]
	})
)

/** `index` with every shard's link lookups counting the keys asked of them. */
function probed(index: CheckIndex): { index: CheckIndex; asked: string[] } {
	const asked: string[] = []
	const counting = (lookup: LinkLookup): LinkLookup =>
		new Proxy(lookup, {
			get(target, property) {
				if (property === 'get' || property === 'has')
					return (key: string) => {
						asked.push(key)
						return property === 'get' ? target.get(key) : target.has(key)
					}
				return Reflect.get(target, property, target)
			}
		})
	const shards = new Map<string, JurisdictionShard>()
	for (const [code, shard] of index.shards)
		shards.set(code, {
			...shard,
			linksByHostname: counting(shard.linksByHostname),
			linksBelowRegistrable: counting(shard.linksBelowRegistrable)
		})
	return { index: { ...index, shards }, asked }
}

describe('link lookups through the filter', () => {
	test("find every listed hostname and registrable domain, as each shard's own tables do", () => {
		const host = fc.stringMatching(/^(www\.|[a-z]{1,3}\.)?[a-z]{1,4}\.(com|co\.uk|bet)$/)
		fc.assert(
			fc.property(
				fc.array(fc.record({ host, mga: fc.boolean() }), { maxLength: 300 }),
				fc.array(host, { maxLength: 30 }),
				(listed, asked) => {
					const built = buildIndex(
						rows({
							operators: [owner],
							licences: [ukLicence, mgaLicence],
							links: listed.map(({ host, mga }) => link(owner, host, mga ? mgaLicence : ukLicence))
						})
					)
					const direct = (pick: (shard: JurisdictionShard) => LinkLookup, key: string) =>
						built.order.flatMap((code) => {
							const found = pick(built.shards.get(code) as JurisdictionShard).get(key)
							return found === undefined ? [] : [found].flat()
						})
					for (const key of [...listed.map((entry) => entry.host), ...asked]) {
						expect(linksForHostname(built, key)).toEqual(direct((shard) => shard.linksByHostname, key))
						const site = siteKey(key)
						expect(linksAroundSite(built, site).onSite).toEqual(
							built.order.flatMap((code) => {
								const shard = built.shards.get(code) as JurisdictionShard
								return [shard.linksByHostname.get(site), shard.linksBelowRegistrable.get(site)].flatMap((found) =>
									found === undefined ? [] : [found].flat()
								)
							})
						)
					}
				}
			),
			{ numRuns: 40 }
		)
	})

	test('a hostname and registrable domain in no shard are answered without probing any shard', () => {
		const { index: counted, asked } = probed(index)
		expect(linksForHostname(counted, 'www.never-listed.example')).toEqual([])
		expect(linksAroundSite(counted, 'never-listed.example')).toEqual({ onSite: [], atSite: [] })
		expect(asked).toEqual([])
		// A listed key is still looked up in every shard.
		expect(linksForHostname(counted, 'acme.mt').map((entry) => entry.jurisdiction)).toEqual(['MGA'])
		expect(asked.length).toBeGreaterThan(0)
	})

	test('a shard swapped in finds its new links', () => {
		const next = replaceJurisdiction(
			index,
			'MGA',
			rows({
				operators: [owner],
				licences: [mgaLicence],
				links: [link(owner, 'acme.mt', mgaLicence), link(owner, 'newly-listed.mt', mgaLicence)]
			})
		)
		expect(linksForHostname(next, 'newly-listed.mt').map((entry) => entry.hostname)).toEqual(['newly-listed.mt'])
		expect(linksForHostname(index, 'newly-listed.mt')).toEqual([])
		expect(linksAroundSite(next, 'acme.co.uk').onSite.map((entry) => entry.hostname)).toEqual(['acme.co.uk', 'shop.acme.co.uk'])
	})
})
