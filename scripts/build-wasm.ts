/**
 * Assembles the project's WebAssembly text into the TypeScript modules that carry its bytes:
 * `bun run build:wasm` after editing a .wat file. `wasm.test.ts` fails while the two differ.
 */
import wabtModule from 'wabt'

/** Each WebAssembly text and the module exporting its bytes. */
export const WASM_SOURCES = [
	{ source: 'packages/verdict/src/name-scan.wat', module: 'packages/verdict/src/name-scan-wasm.ts', name: 'nameScanWasm' }
] as const

const ROOT = new URL('..', import.meta.url).pathname

export async function assemble(source: string): Promise<Uint8Array> {
	const wabt = await wabtModule()
	const parsed = wabt.parseWat(source, await Bun.file(`${ROOT}${source}`).text(), { simd: true })
	try {
		parsed.validate()
		return new Uint8Array(parsed.toBinary({}).buffer)
	} finally {
		parsed.destroy()
	}
}

/** The module exporting `bytes` as `name`, laid out as the formatter leaves it. */
export function moduleText(name: string, source: string, bytes: Uint8Array): string {
	return [
		`// Assembled from ${source.split('/').pop()} by scripts/build-wasm.ts; do not edit.`,
		`export const ${name} = Uint8Array.from(`,
		'\tatob(',
		`\t\t'${Buffer.from(bytes).toString('base64')}'`,
		'\t),',
		'\t(c) => c.charCodeAt(0)',
		')',
		''
	].join('\n')
}

if (import.meta.main) {
	for (const { source, module, name } of WASM_SOURCES) {
		await Bun.write(`${ROOT}${module}`, moduleText(name, source, await assemble(source)))
		console.log(`${source} -> ${module}`)
	}
}
