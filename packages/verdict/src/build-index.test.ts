import { describe, expect, test } from 'bun:test'
import { heapStats } from 'bun:jsc'
import { buildIndex, replaceJurisdiction, withRegisterRead } from './build-index.ts'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { DomainLinkRow, LicenceRow, OperatorRow } from './rows.ts'
import { HOUR, JURISDICTIONS, licence, link, NOW, operator, READ_AT, rows } from './test-support.ts'

const options = { now: NOW }

describe('buildIndex', () => {
	test('indexes links by hostname and registrable domain, licences by number key and operator', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010', license_number_key: 'stale-key-from-an-old-reader' })
		const shard = buildIndex(rows({ operators: [owner], licences: [held], links: [link(owner, 'shop.acme.co.uk', held, { registrable_domain: 'wrong.example' })] })).shards.get('UKGC')
		expect(shard?.linksByHostname.get('shop.acme.co.uk')?.[0]?.registrable_domain).toBe('acme.co.uk')
		expect(shard?.linksByRegistrable.get('acme.co.uk')).toHaveLength(1)
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

describe('replaceJurisdiction', () => {
	const owner = operator('acme', 'Acme Play')
	const before = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
	const ukLicence = licence(owner, { license_number: '000102-R-317976-010' })
	const original = buildIndex(rows({ operators: [owner], licences: [before, ukLicence], links: [link(owner, 'acme.mt', before), link(owner, 'acme.co.uk', ukLicence)] }))

	test('returns a new index with the jurisdiction rebuilt and leaves the old index untouched', () => {
		const revoked = { ...before, status: 'revoked' as const, upstream_status: 'Cancelled' }
		const next = replaceJurisdiction(original, 'MGA', rows({ operators: [owner], licences: [revoked], links: [link(owner, 'acme.mt', revoked)] }))
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

	test('withRegisterRead moves freshness without touching data', () => {
		const stale = withRegisterRead(original, 'UKGC', new Date(NOW.getTime() - 30 * HOUR))
		expect(checkDomain(stale, 'acme.co.uk', options)._meta.register?.fresh).toBe(false)
		expect(checkDomain(original, 'acme.co.uk', options)._meta.register?.fresh).toBe(true)
		const sameMap = stale.shards.get('UKGC')?.linksByHostname === original.shards.get('UKGC')?.linksByHostname
		expect(sameMap).toBe(true)
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
		for (const shard of built.shards.values()) for (const list of shard.linksByHostname.values()) count += list.length
		expect(count).toBe(500_000)
		expect(used).toBeLessThan(200 * 1024 * 1024)
	}, 60_000)
})
