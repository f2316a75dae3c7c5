import { beforeAll, describe, expect, test } from 'bun:test'
import { accountWithKey } from '../test-support/accounts.ts'
import { insertLicence, insertOperator, webhookAppPerFile } from '../test-support/webhooks.ts'

const env = webhookAppPerFile('repeated-parameters')
let key: string
let licenceId: string
let endpointId: string

beforeAll(async () => {
	const operatorId = await insertOperator(env.db.sql, env.clock.now(), 'acme-gaming')
	licenceId = await insertLicence(env.db.sql, env.clock.now(), operatorId, 'active')
	key = (await accountWithKey(env.db.sql, env.clock, 'enterprise')).key
	const created = await env.call(key, 'POST', '/v1/webhooks', { url: 'https://hooks.example.com/repeated', events: ['license.issued'] })
	endpointId = ((await created.json()) as { id: string }).id
})

/** Every route that takes a query, with a parameter given twice (both values valid on their own) and that parameter. */
const REPEATED = (): [path: string, field: string][] => [
	['/v1/check?domain=a.example&domain=b.example', 'domain'],
	['/v1/jurisdictions/MGA/operators?limit=1&limit=2', 'limit'],
	['/v1/operators/search?q=acme&q=gaming', 'q'],
	['/v1/operators/acme-gaming?as_of=2026-11-01&as_of=2026-11-02', 'as_of'],
	['/v1/operators/acme-gaming/licenses?include_history=true&include_history=false', 'include_history'],
	['/v1/operators/acme-gaming/regulatory-actions?offset=0&offset=1', 'offset'],
	[`/v1/licenses/${licenceId}?as_of=2026-11-01&as_of=2026-11-02`, 'as_of'],
	['/v1/usage?month=2026-10&month=2026-11', 'month'],
	['/v1/watchlist/operators?limit=1&limit=2', 'limit'],
	['/v1/watchlist/events?limit=1&limit=2', 'limit'],
	[`/v1/webhooks/${endpointId}/deliveries?limit=1&limit=2`, 'limit'],
	['/v1/export/licences?format=csv&format=json', 'format']
]

describe('a query parameter given twice', () => {
	test('is refused with 400 invalid_query naming it on every route that takes a query, never answered from one of the values', async () => {
		for (const [path, field] of REPEATED()) {
			const response = await env.call(key, 'GET', path)
			const body = (await response.json()) as { code?: string; details?: { reason?: string; field?: string } }
			expect({ path, status: response.status, code: body.code, reason: body.details?.reason, field: body.details?.field }).toEqual({
				path,
				status: 400,
				code: 'invalid_query',
				reason: 'invalid_input',
				field
			})
		}
	})

	test("given once, each of those calls passes its route's parameter rules (no checker or exporter runs here)", async () => {
		for (const [path] of REPEATED()) {
			const once = path.replace(/&[^&]*$/, '')
			const response = await env.call(key, 'GET', once)
			expect({ path: once, refused: response.status === 400 }).toEqual({ path: once, refused: false })
		}
	})
})
