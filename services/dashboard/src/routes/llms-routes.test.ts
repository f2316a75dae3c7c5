import { expect, test } from 'bun:test'
import { TEST_CONFIG } from '../test-support/harness.ts'
import { llmsRoutes } from './llms-routes.ts'

test('the dashboard serves /llms.txt naming the API, its OpenAPI document, the MCP connector and itself', async () => {
	const response = await llmsRoutes({ config: TEST_CONFIG }).handle(new Request('http://localhost/llms.txt'))
	expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
	const text = await response.text()
	for (const expected of [
		'GET http://api.localhost/v1/check?domain=',
		'(http://api.localhost/openapi.json)',
		'(http://api.localhost/mcp/account)',
		'[Dashboard](http://localhost)'
	])
		expect(text).toContain(expected)
})
