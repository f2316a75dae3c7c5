import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { LicenceEntry, OperatorEntry } from './index-model.ts'
import { KeyTable, LinkColumns, LinkKeyChains } from './link-table.ts'

const operators: OperatorEntry[] = [0, 1, 2].map((n) => ({ id: `op-${n}`, slug: `op-${n}`, name: `Op ${n}`, legal_name: `Op ${n} Ltd` }))
const licence = { id: 'lic-1', operator: operators[0] } as LicenceEntry
/** A link's fields besides its hostname and last_listed_at. */
const fields = {
	operator: operators[1] as OperatorEntry,
	licence: null,
	link_status: 'active',
	association: null,
	verification: null
} as const

const host = fc.oneof(
	fc.stringMatching(/^[a-z]{1,3}\.(com|bet)$/),
	// Code units stored in one, two and three bytes, at the edges between them, and a lone surrogate.
	fc.string({
		unit: fc.constantFrom('a', 'b', '.', '-', '\u007f', '\u0080', 'é', 'ÿ', 'ж', '\u07ff', '\u0800', '€', '\ud83d', '\uffff'),
		minLength: 1,
		maxLength: 6
	})
)
const link = fc.record({
	hostname: host,
	registrable: host,
	operator: fc.nat(2),
	licensed: fc.boolean(),
	status: fc.constantFrom('active', 'delisted'),
	association: fc.constantFrom('direct', null),
	listedAt: fc.option(fc.nat(), { nil: null }),
	page: fc.option(fc.webUrl(), { nil: null })
})

/** Any UTF-16 code units, lone surrogates included. */
const anyKey = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 12 })

describe('KeyTable', () => {
	test('numbers each distinct key once, finds it by any equal string and gives its code units back unchanged', () => {
		fc.assert(
			fc.property(fc.array(anyKey, { maxLength: 2000 }), fc.array(anyKey, { maxLength: 50 }), (keys, probes) => {
				const table = new KeyTable()
				const expected = new Map<string, number>()
				for (const key of keys) {
					const number = table.numberOf(key)
					if (!expected.has(key)) expected.set(key, expected.size)
					expect(number).toBe(expected.get(key) as number)
				}
				expect(table.size).toBe(expected.size)
				for (const [key, number] of expected) expect(table.keyAt(number)).toBe(key)
				for (const key of [...keys, ...probes]) expect(table.find(key)).toBe(expected.get(key) ?? -1)
			}),
			{ numRuns: 60 }
		)
	})

	test('a table given the keys it will hold never grows while they and a quarter more are added', () => {
		const table = new KeyTable(100_000)
		const slots = table.capacity
		expect(slots).toBeGreaterThanOrEqual(2 * 125_000)
		for (let n = 0; n < 125_000; n++) table.numberOf(`host${n}.bet`)
		expect(table.size).toBe(125_000)
		expect(table.capacity).toBe(slots)
	})

	test('numbers and finds keys alike whether it was sized ahead or grew on the way', () => {
		const sized = new KeyTable(40_000)
		const grown = new KeyTable()
		for (let n = 0; n < 50_000; n++) expect(sized.numberOf(`host${n % 45_000}.bet`)).toBe(grown.numberOf(`host${n % 45_000}.bet`))
		expect(grown.capacity).toBeGreaterThan(new KeyTable().capacity)
		for (let n = 0; n < 46_000; n++) expect(sized.find(`host${n}.bet`)).toBe(grown.find(`host${n}.bet`))
		expect(sized.find('host45000.bet')).toBe(-1)
	})
})

describe('LinkKeyChains', () => {
	test('gives back every link under its keys, in the order added, as a Map of entry lists would, across table growth', () => {
		fc.assert(
			fc.property(fc.array(link, { maxLength: 3000 }), fc.array(host, { maxLength: 20 }), (links, probes) => {
				const columns = new LinkColumns('UKGC')
				const hostChains = new LinkKeyChains(columns, columns.hostnames)
				const registrableChains = new LinkKeyChains(columns)
				const expectedByHost = new Map<string, object[]>()
				const expectedByRegistrable = new Map<string, object[]>()
				for (const row of links) {
					const entry = {
						hostname: row.hostname,
						operator: operators[row.operator] as OperatorEntry,
						licence: row.licensed ? licence : null,
						jurisdiction: 'UKGC',
						link_status: row.status,
						association: row.association,
						last_listed_at: row.listedAt,
						verification: row.page === null ? null : { url: row.page, page_status: null, page_read_at: null }
					} as const
					const id = columns.add(entry)
					hostChains.add(row.hostname, id)
					registrableChains.add(row.registrable, id)
					expectedByHost.set(row.hostname, [...(expectedByHost.get(row.hostname) ?? []), entry])
					expectedByRegistrable.set(row.registrable, [...(expectedByRegistrable.get(row.registrable) ?? []), entry])
				}
				for (const [index, expected] of [
					[hostChains.finish(), expectedByHost],
					[registrableChains.finish(), expectedByRegistrable]
				] as const) {
					expect(index.size).toBe(expected.size)
					expect([...index.keys()]).toEqual([...expected.keys()])
					for (const key of [...expected.keys(), ...probes]) {
						const want = expected.get(key)
						const got = index.get(key)
						expect(index.has(key)).toBe(want !== undefined)
						expect(got as unknown).toEqual(want === undefined ? undefined : want.length === 1 ? want[0] : want)
					}
				}
			}),
			{ numRuns: 60 }
		)
	})

	test('keys and links beyond one page of the arrays (16,384) and several table growths are all found', () => {
		const columns = new LinkColumns('UKGC')
		const hostChains = new LinkKeyChains(columns, columns.hostnames)
		const registrableChains = new LinkKeyChains(columns)
		for (let n = 0; n < 50_000; n++) {
			const hostname = `host-${n % 40_000}.example`
			const id = columns.add({ ...fields, hostname, last_listed_at: n })
			hostChains.add(hostname, id)
			if (n % 3 === 0) registrableChains.add(`site-${n % 5}.example`, id)
		}
		const byHost = hostChains.finish()
		const byRegistrable = registrableChains.finish()
		expect(byHost.size).toBe(40_000)
		expect(byHost.get('host-39999.example')).toMatchObject({ hostname: 'host-39999.example', last_listed_at: 39_999 })
		expect(byHost.get('host-7.example')).toEqual([
			expect.objectContaining({ hostname: 'host-7.example', last_listed_at: 7 }),
			expect.objectContaining({ hostname: 'host-7.example', last_listed_at: 40_007 })
		])
		expect(byHost.has('host-40000.example')).toBe(false)
		expect(byRegistrable.size).toBe(5)
		const underOne = byRegistrable.get('site-0.example') as readonly { last_listed_at: number | null }[]
		expect(underOne).toHaveLength(3334)
		expect(underOne.slice(0, 2).map((link) => link.last_listed_at)).toEqual([0, 15])
		expect(underOne.at(-1)?.last_listed_at).toBe(49_995)
	})

	test('a link filed after finish or a second finish is refused, so a finished lookup never changes', () => {
		const columns = new LinkColumns('UKGC')
		const chains = new LinkKeyChains(columns, columns.hostnames)
		chains.add('acme.com', columns.add({ ...fields, hostname: 'acme.com', last_listed_at: 1 }))
		const finished = chains.finish()
		expect(() => chains.add('acme.com', columns.add({ ...fields, hostname: 'acme.com', last_listed_at: 2 }))).toThrow('after finish')
		expect(() => chains.finish()).toThrow('finished twice')
		expect(finished.get('acme.com')).toMatchObject({ hostname: 'acme.com', last_listed_at: 1 })
	})
})
