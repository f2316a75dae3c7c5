import { expect, test } from 'bun:test'
import { SCHEMA_FILE, schemaTypes } from '../scripts/openapi-source.ts'

test('the checked-in schema types are those of the current /openapi.json (run `bun run --cwd packages/sdk generate`)', async () => {
	expect(await Bun.file(SCHEMA_FILE).text()).toBe(await schemaTypes())
})
