import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { LicenceEntry, OperatorEntry } from './index-model.ts'
import { LinkColumns, LinkKeyIndex } from './link-table.ts'

const operators: OperatorEntry[] = [0, 1, 2].map((n) => ({ id: `op-${n}`, slug: `op-${n}`, name: `Op ${n}`, legal_name: `Op ${n} Ltd` }))
const licence = { id: 'lic-1', operator: operators[0] } as LicenceEntry

const host = fc.oneof(
	fc.stringMatching(/^[a-z]{1,3}\.(com|bet)$/),
	fc.string({ unit: fc.constantFrom('a', 'b', '.', 'é', 'ж', '-'), minLength: 1, maxLength: 6 })
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

describe('LinkKeyIndex', () => {
	test('gives back every link under its keys, in the order added, as a Map of entry lists would, across table growth', () => {
		fc.assert(
			fc.property(fc.array(link, { maxLength: 3000 }), fc.array(host, { maxLength: 20 }), (links, probes) => {
				const columns = new LinkColumns('UKGC')
				const byHost = new LinkKeyIndex(columns, columns.hostnames)
				const byRegistrable = new LinkKeyIndex(columns)
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
					byHost.add(row.hostname, id)
					byRegistrable.add(row.registrable, id)
					expectedByHost.set(row.hostname, [...(expectedByHost.get(row.hostname) ?? []), entry])
					expectedByRegistrable.set(row.registrable, [...(expectedByRegistrable.get(row.registrable) ?? []), entry])
				}
				for (const [index, expected] of [
					[byHost, expectedByHost],
					[byRegistrable, expectedByRegistrable]
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
		const byHost = new LinkKeyIndex(columns, columns.hostnames)
		const byRegistrable = new LinkKeyIndex(columns)
		const fields = {
			operator: operators[1] as OperatorEntry,
			licence: null,
			link_status: 'active',
			association: null,
			verification: null
		} as const
		for (let n = 0; n < 50_000; n++) {
			const hostname = `host-${n % 40_000}.example`
			const id = columns.add({ ...fields, hostname, last_listed_at: n })
			byHost.add(hostname, id)
			if (n % 3 === 0) byRegistrable.add(`site-${n % 5}.example`, id)
		}
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
})
