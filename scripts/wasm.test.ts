import { describe, expect, test } from 'bun:test'
import { assemble, moduleText, WASM_SOURCES } from './build-wasm.ts'

const ROOT = new URL('..', import.meta.url).pathname

describe('WebAssembly modules', () => {
	for (const { source, module, name } of WASM_SOURCES) {
		test(`${module} carries the bytes ${source} assembles to`, async () => {
			expect(await Bun.file(`${ROOT}${module}`).text()).toBe(moduleText(name, source, await assemble(source)))
		})
	}
})
