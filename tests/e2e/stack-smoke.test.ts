import { afterAll, describe, expect, test } from 'bun:test'
import { waitFor } from '@lv/testing'
import { type StackRun, runStack } from '../support/stack-run.ts'

/**
 * `bun scripts/stack.ts` as a developer runs it (on free ports, data in a throwaway directory):
 * it prints a demo key, the demo registers are read and answered through the gateway, and
 * Ctrl-C leaves no PostgreSQL, nats-server or service process behind.
 */
const JURISDICTIONS = ['AN', 'CW', 'IOM', 'KH', 'MGA', 'TGC', 'UKGC']
let stack: StackRun | undefined

afterAll(async () => {
	await stack?.cleanUp()
}, 30_000)

describe('npm run stack', () => {
	test('prints a demo key that checks a demo-register host as licensed; SIGINT stops every process it started', async () => {
		stack = await runStack()
		const { get } = stack

		// The reader reads every register on start; the checker takes each read from registry.changed.
		await waitFor(async () => (await get('/v1/check?domain=kestrelbet.co.uk')).body.verdict === 'licensed', {
			what: 'the UKGC demo register to be read and checked',
			timeoutMs: 20_000,
			intervalMs: 200
		})
		const check = await get('/v1/check?domain=kestrelbet.co.uk')
		expect(check).toMatchObject({ status: 200, body: { verdict: 'licensed', match: { jurisdiction: 'UKGC', operator_slug: 'kestrel-interactive-limited', status: 'active' } } })

		await waitFor(
			async () => {
				const coverage = (await get('/v1/health/coverage')).body.jurisdictions as Record<string, { last_successful_scrape: string | null }> | undefined
				return coverage !== undefined && JURISDICTIONS.every((code) => coverage[code]?.last_successful_scrape)
			},
			{ what: 'every demo register to be read', timeoutMs: 15_000, intervalMs: 200 }
		)
		const coverage = await get('/v1/health/coverage')
		expect(coverage).toMatchObject({ status: 200, body: { status: 'healthy' } })
		expect(Object.keys(coverage.body.jurisdictions).sort()).toEqual(JURISDICTIONS)

		const openapi = await fetch(`http://127.0.0.1:${stack.ports.STACK_API_PORT}/openapi.json`)
		const document = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> }
		expect({ status: openapi.status, version: document.openapi.startsWith('3.1'), hasCheck: '/v1/check' in document.paths }).toEqual({ status: 200, version: true, hasCheck: true })

		const started = stack.processes()
		const names = new Set(started.map((entry) => entry.name))
		expect({ postgres: names.has('postgres'), nats: names.has('nats-server'), bun: started.filter((entry) => entry.name === 'bun').length >= 6 }).toEqual({
			postgres: true,
			nats: true,
			bun: true
		})

		const stopped = await stack.interrupt()
		expect(stopped).toEqual({ exitCode: 0, leftRunning: [] })
		expect(stack.output()).toContain('[stack] stopped')
	}, 90_000)
})
