import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '@lv/testing'
import { stackMailDir } from '../../scripts/stack-services.ts'
import { type StackRun, runStack } from '../support/stack-run.ts'

/**
 * `bun scripts/stack.ts` as a developer runs it (on free ports, data in a throwaway directory):
 * it prints a demo key, the demo registers are read and answered through the gateway, a dashboard
 * sign-up's mail lands in a file with a working link, and Ctrl-C leaves no PostgreSQL, nats-server or service process behind.
 */
const JURISDICTIONS = ['AN', 'CW', 'IOM', 'KH', 'MGA', 'TGC', 'UKGC']
let stack: StackRun | undefined

afterAll(async () => {
	// Only after a failure is anything left running.
	await stack?.cleanUp()
}, 30_000)

describe('npm run stack', () => {
	test('prints a demo key that checks a demo-register host as licensed, writes sign-up mail to a file, prints the connector URL whose OAuth metadata is served; Ctrl-C (SIGINT to its process group) stops every service cleanly (each logs stopped, no error line) and every process it started', async () => {
		stack = await runStack()
		const { get, ports } = stack
		const output = stack.output
		const api = `http://127.0.0.1:${ports.STACK_API_PORT}`

		// The reader reads every register on start; the checker takes each read from registry.changed.
		await waitFor(async () => (await get('/v1/check?domain=kestrelbet.co.uk')).body.verdict === 'licensed', {
			what: 'the UKGC demo register to be read and checked',
			timeoutMs: 20_000,
			intervalMs: 200
		})
		const check = await get('/v1/check?domain=kestrelbet.co.uk')
		expect(check).toMatchObject({
			status: 200,
			body: { verdict: 'licensed', match: { jurisdiction: 'UKGC', operator_slug: 'kestrel-interactive-limited', status: 'active' } }
		})
		// The stack's gateway signs evidence with the key it made on first start.
		const signed = await get('/v1/check?domain=kestrelbet.co.uk&evidence=true')
		expect({ status: signed.status, id: typeof signed.body.evidence?.id, jws: typeof signed.body.evidence?.jws }).toEqual({
			status: 200,
			id: 'string',
			jws: 'string'
		})

		await waitFor(
			async () => {
				const coverage = (await get('/v1/health/coverage')).body.jurisdictions as
					| Record<string, { last_successful_scrape: string | null }>
					| undefined
				return coverage !== undefined && JURISDICTIONS.every((code) => coverage[code]?.last_successful_scrape)
			},
			{ what: 'every demo register to be read', timeoutMs: 15_000, intervalMs: 200 }
		)
		const coverage = await get('/v1/health/coverage')
		expect(coverage).toMatchObject({ status: 200, body: { status: 'healthy' } })
		expect(Object.keys(coverage.body.jurisdictions).sort()).toEqual(JURISDICTIONS)

		const openapi = await fetch(`${api}/openapi.json`)
		const document = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> }
		expect({ status: openapi.status, version: document.openapi.startsWith('3.1'), hasCheck: '/v1/check' in document.paths }).toEqual({
			status: 200,
			version: true,
			hasCheck: true
		})

		// The dashboard writes its mail to files: the sign-up link in one opens the confirmation page.
		const dashboard = `http://127.0.0.1:${ports.STACK_DASHBOARD_PORT}`
		const form = await fetch(`${dashboard}/sign-up`)
		const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? ''
		const signUp = await fetch(`${dashboard}/sign-up`, {
			method: 'POST',
			headers: { cookie: form.headers.getSetCookie()[0]?.split(';')[0] ?? '', 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ csrf, email: 'stack-smoke@example.com', password: 'correct horse battery staple', account_name: 'Smoke' })
		})
		expect(signUp.status).toBe(200)
		const mailDir = stackMailDir(stack.dataDir)
		const mails = readdirSync(mailDir).map((file) => readFileSync(join(mailDir, file), 'utf8'))
		const link = mails.map((mail) => /http:\/\/localhost:\d+\/sign-up\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0]).find(Boolean) ?? ''
		expect(link).toStartWith(`http://localhost:${ports.STACK_DASHBOARD_PORT}/sign-up/confirm?token=`)
		const confirmPage = await fetch(link.replace('//localhost:', '//127.0.0.1:'))
		expect({ status: confirmPage.status, confirms: (await confirmPage.text()).includes('stack-smoke@example.com') }).toEqual({
			status: 200,
			confirms: true
		})
		const connector = /Connector\s+(http:\/\/localhost:\d+\/mcp\/account)\s/.exec(output())?.[1]
		expect(connector).toBe(`http://localhost:${ports.STACK_API_PORT}/mcp/account`)
		const unauthorised = await fetch(`${api}/mcp/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
		expect({
			status: unauthorised.status,
			challenge: unauthorised.headers.get('www-authenticate')?.includes('resource_metadata=')
		}).toEqual({ status: 401, challenge: true })
		const resourceMetadata = (await (await fetch(`${api}/.well-known/oauth-protected-resource/mcp/account`)).json()) as {
			authorization_servers: string[]
		}
		const [authorizationServer] = resourceMetadata.authorization_servers
		const serverMetadata = await fetch(`${authorizationServer?.replace('localhost', '127.0.0.1')}/.well-known/oauth-authorization-server`)
		expect(((await serverMetadata.json()) as { code_challenge_methods_supported: string[] }).code_challenge_methods_supported).toEqual([
			'S256'
		])

		const started = stack.processes()
		const names = new Set(started.map((entry) => entry.name))
		expect({
			postgres: names.has('postgres'),
			nats: names.has('nats-server'),
			bun: started.filter((entry) => entry.name === 'bun').length >= 6
		}).toEqual({
			postgres: true,
			nats: true,
			bun: true
		})

		expect(await stack.interrupt()).toEqual({ exitCode: 0, leftRunning: [], notStopped: [], errorLines: [] })
		expect(output()).toContain('[stack] stopped')
	}, 90_000)
})
