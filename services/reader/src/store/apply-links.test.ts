import { beforeAll, describe, expect, test } from 'bun:test'
import type { LinkObservations } from '../reconcile/types.ts'
import { applyLinks } from './apply-links.ts'
import { inTransaction } from './transaction.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
const operator = crypto.randomUUID()
const day = (n: number) => new Date(Date.UTC(2026, 10, 2 + n, 6))

beforeAll(async () => {
	await env.db
		.sql`INSERT INTO operators (id, slug, display_name, registered_name, created_at, updated_at) VALUES (${operator}, 'harbour', 'Harbour', 'Harbour', now(), now())`
})
type Link = { hostname: string; registrable?: string; status?: 'active' | 'delisted'; value?: string; licenseId?: string | null }

function observations(links: Link[]): LinkObservations {
	return {
		operatorIds: links.map(() => operator),
		hostnames: links.map((link) => link.hostname),
		registrableDomains: links.map((link) => link.registrable ?? link.hostname),
		licenseIds: links.map((link) => link.licenseId ?? null),
		linkStatuses: links.map((link) => link.status ?? 'active'),
		associations: links.map(() => 'direct'),
		upstreamValues: links.map((link) => link.value ?? link.hostname),
		verificationUrls: links.map(() => null)
	}
}

const apply = (links: Link[], at: Date) => inTransaction(env.db.sql, (tx) => applyLinks(tx, observations(links), 'UKGC', at))
const stored = () =>
	env.db.sql<
		{
			id: string
			hostname: string
			registrable_domain: string
			link_status: string
			upstream_value: string
			first_seen_at: Date
			last_listed_at: Date | null
		}[]
	>`
		SELECT id, hostname, registrable_domain, link_status, upstream_value, first_seen_at, last_listed_at FROM domain_links ORDER BY hostname`

describe('applyLinks', () => {
	test('compares the listed links with the stored ones in PostgreSQL: inserts new, rewrites changed, delists gone, stamps every listed one', async () => {
		const first = await apply(
			[{ hostname: 'a.example' }, { hostname: 'b.example' }, { hostname: 'c.example', value: 'C.example\t"quoted"\\ \nnext line' }],
			day(0)
		)
		expect(first).toEqual({ inserted: 3, updated: 0, delisted: 0 })
		const before = await stored()
		expect(before.find((link) => link.hostname === 'c.example')?.upstream_value).toBe('C.example\t"quoted"\\ \nnext line')

		const same = await apply(
			[{ hostname: 'a.example' }, { hostname: 'b.example' }, { hostname: 'c.example', value: 'C.example\t"quoted"\\ \nnext line' }],
			day(1)
		)
		expect(same).toEqual({ inserted: 0, updated: 0, delisted: 0 })
		expect((await stored()).every((link) => link.last_listed_at?.getTime() === day(1).getTime())).toBe(true)

		const changed = await apply(
			[
				{ hostname: 'a.example', value: 'https://a.example/', registrable: 'other.example' },
				{ hostname: 'c.example' },
				{ hostname: 'd.example' }
			],
			day(2)
		)
		expect(changed).toEqual({ inserted: 1, updated: 2, delisted: 1 })
		const after = await stored()
		const a = after.find((link) => link.hostname === 'a.example')!
		const previousA = before.find((link) => link.hostname === 'a.example')!
		expect(a).toMatchObject({
			id: previousA.id,
			first_seen_at: previousA.first_seen_at,
			registrable_domain: 'a.example',
			upstream_value: 'https://a.example/'
		})
		expect(after.find((link) => link.hostname === 'b.example')).toMatchObject({ link_status: 'delisted', last_listed_at: null })
		expect(after.find((link) => link.hostname === 'd.example')).toMatchObject({ link_status: 'active', last_listed_at: day(2) })
	})

	test('a delisted link listed again is active with a listing time; one the register lists as delisted has none', async () => {
		const changes = await apply(
			[
				{ hostname: 'a.example', value: 'https://a.example/' },
				{ hostname: 'b.example' },
				{ hostname: 'c.example', status: 'delisted' },
				{ hostname: 'd.example' }
			],
			day(3)
		)
		expect(changes).toEqual({ inserted: 0, updated: 2, delisted: 0 })
		const after = await stored()
		expect(after.find((link) => link.hostname === 'b.example')).toMatchObject({ link_status: 'active', last_listed_at: day(3) })
		expect(after.find((link) => link.hostname === 'c.example')).toMatchObject({ link_status: 'delisted', last_listed_at: null })
	})

	test('a failed comparison leaves the stored links as they were', async () => {
		const before = await stored()
		const failed = inTransaction(env.db.sql, async (tx) => {
			await applyLinks(tx, observations([{ hostname: 'e.example' }]), 'UKGC', day(4))
			throw new Error('the run failed after the links were compared')
		})
		await expect(failed).rejects.toThrow('the run failed')
		expect(await stored()).toEqual(before)
	})
})
