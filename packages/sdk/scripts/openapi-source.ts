import postgres from 'postgres'
import { systemClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { createApp } from '../../../services/gateway/src/app.ts'

export const SCHEMA_FILE = new URL('../src/schema.ts', import.meta.url).pathname

const HEADER = "// Generated from the gateway's /openapi.json by `bun run --cwd packages/sdk generate`. Do not edit.\n\n"

/**
 * The gateway's OpenAPI document, built from its route declarations without any server: the app is
 * created with a database client that never connects (postgres.js connects on first query) and no bus.
 */
export async function gatewayDocument(): Promise<Record<string, unknown>> {
	const sql = postgres('postgres://sdk-generate@127.0.0.1:1/none', { max: 1 })
	const app = createApp({
		sql,
		bus: {} as never,
		clock: systemClock,
		logger: silentLogger,
		config: {
			PUBLIC_BASE_URL: 'https://api.example.test',
			PRICING_URL: 'https://example.test/pricing',
			APP_URL: 'https://app.example.test',
			CHECKER_TIMEOUT_MS: 2_000,
			LIMITS_STORE_TIMEOUT_MS: 2_000,
			TRUSTED_PROXIES: ''
		}
	})
	const response = await app.handle(new Request('http://localhost/openapi.json'))
	if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`)
	return (await response.json()) as Record<string, unknown>
}

/**
 * openapi-typescript drives the TypeScript 5 compiler API; the project's own `typescript` is 7, which
 * has none. Its `import ts from 'typescript'` loads the `typescript-5` alias instead.
 */
async function loadOpenapiTypescript() {
	const compilerApi = require.resolve('typescript-5')
	const projectTypescript = require.resolve('typescript')
	const exactly = new RegExp(`^${projectTypescript.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
	Bun.plugin({
		name: 'typescript-5 for openapi-typescript',
		setup(build) {
			build.onLoad({ filter: exactly }, () => ({
				contents: `import ts from ${JSON.stringify(compilerApi)}\nexport default ts\n`,
				loader: 'js'
			}))
		}
	})
	return import('openapi-typescript')
}

/** The TypeScript types openapi-typescript writes for the current document (the content of src/schema.ts). */
export async function schemaTypes(): Promise<string> {
	const { default: openapiTS, astToString } = await loadOpenapiTypescript()
	const ast = await openapiTS((await gatewayDocument()) as never, { alphabetize: true })
	return HEADER + astToString(ast)
}
