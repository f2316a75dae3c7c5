import { beforeAll, describe, expect, test } from 'bun:test'
import { bulkRegister } from './bulk-register.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()

beforeAll(async () => {
	await bulkRegister(env.db.sql, { operators: 40, licences: 300, domains: 350 }, new Date('2026-11-01T06:00:00Z'))
})

describe('bulkRegister', () => {
	test('writes the requested number of operators, licences, history events and links over every jurisdiction', async () => {
		const [counts] = await env.db.sql<
			{ operators: number; licences: number; history: number; links: number; codes: number; statuses: number }[]
		>`
			SELECT (SELECT count(*)::int FROM operators) AS operators, (SELECT count(*)::int FROM licenses) AS licences,
				(SELECT count(*)::int FROM license_history) AS history, (SELECT count(*)::int FROM domain_links) AS links,
				(SELECT count(DISTINCT jurisdiction_code)::int FROM licenses) AS codes, (SELECT count(DISTINCT status)::int FROM licenses) AS statuses`
		expect(counts).toEqual({ operators: 40, licences: 300, history: 300, links: 350, codes: 7, statuses: 8 })
	})
})
