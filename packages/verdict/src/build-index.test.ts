import { describe, expect, test } from 'bun:test'
import { heapStats } from 'bun:jsc'
import { beginJurisdiction, buildIndex, replaceJurisdiction } from './build-index.ts'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import { scoreNames } from './name-matching.ts'
import { isLinkList, linksAroundSite, linksForHostname, linksForRegistrable } from './lookup.ts'
import type { DomainLinkRow, LicenceRow, OperatorRow } from './rows.ts'
import { HOUR, JURISDICTIONS, licence, link, NOW, operator, READ_AT, rows } from './test-support/index-rows.ts'

const options = { now: NOW }

describe('buildIndex', () => {
	test('indexes links by hostname and registrable domain, licences by number key and operator', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010', license_number_key: 'stale-key-from-an-old-reader' })
		const shard = buildIndex(
			rows({ operators: [owner], licences: [held], links: [link(owner, 'shop.acme.co.uk', held, { registrable_domain: 'wrong.example' })] })
		).shards.get('UKGC')
		expect(shard?.linksByHostname.get('shop.acme.co.uk')).toMatchObject({ hostname: 'shop.acme.co.uk', operator: { id: owner.id } })
		// The registrable domain is recomputed from the hostname, not taken from the row.
		expect(shard?.linksBelowRegistrable.get('acme.co.uk')).toMatchObject({ hostname: 'shop.acme.co.uk' })
		expect(shard?.linksBelowRegistrable.has('wrong.example')).toBe(false)
		expect(shard?.licencesByNumberKey.get('000102R317976010')?.[0]?.id).toBe(held.id)
		expect(shard?.licencesByOperator.get(owner.id)).toHaveLength(1)
	})

	test('orders jurisdictions by position and keeps times as epoch milliseconds', () => {
		const built = buildIndex(rows({}))
		expect(built.order).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		expect(built.shards.get('KH')?.jurisdiction.last_successful_read_at).toBe(READ_AT.getTime())
	})

	test('rows whose operator is missing are skipped rather than indexed half-built', () => {
		const ghost: OperatorRow = { id: 'missing', slug: 'ghost', display_name: 'Ghost', registered_name: 'Ghost' }
		const held = licence(ghost, { license_number: 'X-1' })
		const built = buildIndex(rows({ licences: [held], links: [link(ghost, 'ghost.com', held)] }))
		expect(built.shards.get('UKGC')?.licences.size).toBe(0)
		expect(built.shards.get('UKGC')?.linksByHostname.size).toBe(0)
	})
})

describe('domain link storage', () => {
	const owner = operator('acme', 'Acme Play')
	const other = operator('other', 'Other Play')
	const held = licence(owner, { license_number: 'A-1' })
	const otherHeld = licence(other, { license_number: 'O-1' })

	test('a host listed once is stored as the link itself; a second listing of the same host makes a list', () => {
		const shard = buildIndex(
			rows({
				operators: [owner, other],
				licences: [held, otherHeld],
				links: [link(owner, 'acme.com', held), link(owner, 'shared.com', held), link(other, 'shared.com', otherHeld)]
			})
		).shards.get('UKGC')
		expect(Array.isArray(shard?.linksByHostname.get('acme.com'))).toBe(false)
		expect(shard?.linksByHostname.get('shared.com')).toHaveLength(2)
	})

	test('links on the registrable domain itself and on hosts below it are all found by registrable domain, once each', () => {
		const mga = licence(owner, { license_number: 'M-1', jurisdiction_code: 'MGA' })
		const built = buildIndex(
			rows({
				operators: [owner, other],
				licences: [held, otherHeld, mga],
				links: [
					link(owner, 'acme.co.uk', held),
					link(owner, 'www.acme.co.uk', held),
					link(other, 'shop.acme.co.uk', otherHeld),
					link(owner, 'acme.co.uk', mga),
					link(owner, 'acmeco.uk', held)
				]
			})
		)
		const found = linksForRegistrable(built, 'acme.co.uk').map((entry) => `${entry.jurisdiction} ${entry.hostname}`)
		expect(found.sort()).toEqual(['MGA acme.co.uk', 'UKGC acme.co.uk', 'UKGC shop.acme.co.uk', 'UKGC www.acme.co.uk'])
		// A host that is not itself registrable never answers for the registrable domain spelled like it.
		expect(linksForRegistrable(built, 'co.uk')).toEqual([])
		// The same read gives the links on the registrable domain itself, as a lookup by hostname does.
		const around = linksAroundSite(built, 'acme.co.uk')
		expect(around.onSite).toEqual(linksForRegistrable(built, 'acme.co.uk'))
		expect(around.atSite).toEqual(linksForHostname(built, 'acme.co.uk'))
		expect(around.atSite.map((entry) => `${entry.jurisdiction} ${entry.hostname}`)).toEqual(['UKGC acme.co.uk', 'MGA acme.co.uk'])
	})
})

describe('beginJurisdiction', () => {
	const owner = operator('acme', 'Acme Play')
	const ukLicence = licence(owner, { license_number: '000102-R-317976-010' })
	const mgaLicence = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
	const ukLinks = Array.from({ length: 25 }, (_, i) =>
		link(owner, i % 3 === 0 ? `www.acme${i}.co.uk` : `acme${i}.co.uk`, ukLicence, { link_status: i % 5 === 0 ? 'delisted' : 'active' })
	)
	const base = buildIndex(rows({ operators: [owner], licences: [ukLicence, mgaLicence], links: [link(owner, 'acme.mt', mgaLicence)] }))

	test('links added in chunks give the same answers as replaceJurisdiction with every row at once', () => {
		const all = rows({ operators: [owner], licences: [ukLicence], links: ukLinks })
		const build = beginJurisdiction('UKGC', all)
		for (let from = 0; from < ukLinks.length; from += 7) build.addDomainLinks(ukLinks.slice(from, from + 7))
		expect(build.domainLinkCount).toBe(25)
		const chunked = build.finish(base)
		const whole = replaceJurisdiction(base, 'UKGC', all)
		for (const host of [...ukLinks.map((row) => row.hostname), 'acme3.co.uk', 'shop.acme4.co.uk', 'acme.mt', 'acme77.co.uk']) {
			expect(checkDomain(chunked, host, options)).toEqual(checkDomain(whole, host, options))
		}
	})

	test('the live index answers from its old shard while a rebuild takes links in, and still does after finish', () => {
		const live = buildIndex(
			rows({ operators: [owner], licences: [ukLicence, mgaLicence], links: [link(owner, 'old-acme.co.uk', ukLicence)] })
		)
		const build = beginJurisdiction('UKGC', rows({ operators: [owner], licences: [ukLicence], links: [] }))
		build.addDomainLinks(ukLinks.slice(0, 12))
		expect(checkDomain(live, 'old-acme.co.uk', options).verdict).toBe('licensed')
		expect(checkDomain(live, 'acme1.co.uk', options).verdict).not.toBe('licensed')
		build.addDomainLinks(ukLinks.slice(12))
		const next = build.finish(live)
		expect(checkDomain(live, 'old-acme.co.uk', options).verdict).toBe('licensed')
		expect(checkDomain(live, 'acme1.co.uk', options).verdict).not.toBe('licensed')
		expect(checkDomain(next, 'acme1.co.uk', options).verdict).toBe('licensed')
		expect(checkDomain(next, 'acme24.co.uk', options).verdict).toBe('licensed')
		expect(checkDomain(next, 'old-acme.co.uk', options).verdict).not.toBe('licensed')
	})

	test('finish swaps into the index it is given, keeping a jurisdiction replaced while the links were read', () => {
		const build = beginJurisdiction('UKGC', rows({ operators: [owner], licences: [ukLicence], links: [] }))
		build.addDomainLinks(ukLinks)
		const meanwhile = replaceJurisdiction(
			base,
			'MGA',
			rows({ operators: [owner], licences: [{ ...mgaLicence, status: 'revoked' }], links: [link(owner, 'acme.mt', mgaLicence)] })
		)
		const next = build.finish(meanwhile)
		expect(next.shards.get('MGA')).toBe(meanwhile.shards.get('MGA'))
		expect(checkDomain(next, 'acme.mt', options).verdict).toBe('licence_not_active')
		expect(checkDomain(next, 'acme1.co.uk', options).verdict).toBe('licensed')
		expect(() => build.addDomainLinks(ukLinks)).toThrow('links added after finish')
		expect(() => build.finish(next)).toThrow('finished twice')
	})
})

describe('replaceJurisdiction', () => {
	const owner = operator('acme', 'Acme Play')
	const before = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
	const ukLicence = licence(owner, { license_number: '000102-R-317976-010' })
	const original = buildIndex(
		rows({
			operators: [owner],
			licences: [before, ukLicence],
			links: [link(owner, 'acme.mt', before), link(owner, 'acme.co.uk', ukLicence)]
		})
	)

	test('returns a new index with the jurisdiction rebuilt and leaves the old index untouched', () => {
		const revoked = { ...before, status: 'revoked' as const, upstream_status: 'Cancelled' }
		const next = replaceJurisdiction(
			original,
			'MGA',
			rows({ operators: [owner], licences: [revoked], links: [link(owner, 'acme.mt', revoked)] })
		)
		expect(next).not.toBe(original)
		expect(checkDomain(next, 'acme.mt', options).verdict).toBe('licence_not_active')
		expect(checkDomain(original, 'acme.mt', options).verdict).toBe('licensed')
		expect(next.shards.get('UKGC') === original.shards.get('UKGC')).toBe(true)
	})

	test('rows of other jurisdictions passed along are ignored', () => {
		const next = replaceJurisdiction(original, 'MGA', rows({ operators: [owner], licences: [before] }))
		expect(checkDomain(next, 'acme.co.uk', options).verdict).toBe('licensed')
		expect(checkDomain(next, 'acme.mt', options).verdict).not.toBe('licensed')
		expect(checkLicenseNumber(next, 'MGA/B2C/315/2015', options).verdict).toBe('licensed')
	})

	test('a rebuilt jurisdiction gets a scan of its own names', () => {
		const renamed = operator('acme', 'Acme Casino')
		const next = replaceJurisdiction(original, 'MGA', rows({ operators: [renamed], licences: [{ ...before, operator_id: renamed.id }] }))
		expect(next.nameScan).not.toBe(original.nameScan)
		expect(next.nameScan.sources).toEqual(next.order.flatMap((code) => next.shards.get(code)?.nameSearch ?? []))
		expect(scoreNames(next, 'acmecasino', 1).map(({ name }) => name.jurisdiction)).toEqual(['MGA'])
		expect(scoreNames(original, 'acmecasino', 1)).toEqual([])
	})

	test("a miss's scraped_at is the oldest register read of the index it is answered from", () => {
		const older = new Date(READ_AT.getTime() - 30 * HOUR)
		const before = checkDomain(original, 'nothing-like-it.example', options)._meta.scraped_at
		const read = replaceJurisdiction(original, 'UKGC', rows({ operators: [owner], licences: [ukLicence], readAt: { UKGC: older } }))
		const after = checkDomain(read, 'nothing-like-it.example', options)._meta.scraped_at
		expect(before).toBe(READ_AT.toISOString())
		expect(after).toBe(older.toISOString())
		expect(checkDomain(original, 'nothing-like-it.example', options)._meta.scraped_at).toBe(before)
	})
})

describe('index size', () => {
	test('500,000 domain links fit in well under 300 MB of heap', () => {
		Bun.gc(true)
		const baseline = heapStats().heapSize
		const built = (() => {
			const operators: OperatorRow[] = []
			const licences: LicenceRow[] = []
			const links: DomainLinkRow[] = []
			for (let o = 0; o < 50_000; o++) {
				const owner = operator(`operator-${o}`, `Operator ${o}`)
				const held = licence(owner, { jurisdiction_code: JURISDICTIONS[o % 7]?.code ?? 'UKGC', license_number: `L-${o}-001` })
				operators.push(owner)
				licences.push(held)
				for (let d = 0; d < 10; d++) {
					links.push(
						link(owner, d === 0 ? `operator-${o}-casino.com` : `m${d}.operator-${o}-casino.com`, held, {
							last_listed_at: '2026-10-31T06:00:00.000Z',
							verification_url: d === 0 ? `https://cert.cga.cw/certificate?id=${o}` : null
						})
					)
				}
			}
			return buildIndex(rows({ operators, licences, links }))
		})()
		Bun.gc(true)
		const used = heapStats().heapSize - baseline
		let count = 0
		for (const shard of built.shards.values())
			for (const listings of shard.linksByHostname.values()) count += isLinkList(listings) ? listings.length : 1
		expect(count).toBe(500_000)
		// About 120 MB with keys a byte per character and no per-key hash or last-link arrays (140 MB before),
		// and a few more for the name scan kernel's memory (ADR 0042: 145 MB while it stored 148 bytes of
		// character positions per name; it now lays them out per scored name from a byte of slot per character).
		expect(used).toBeLessThan(135 * 1024 * 1024)
	}, 60_000)
})
