import { describe, expect, test } from 'bun:test'

const ROOT = `${import.meta.dir}/../..`

/**
 * Calls whose result follows the process's default locale, which no answer state describes (ADR 0057):
 * localeCompare (use `@lv/string-order`), toLocale…() without a locale, and Intl objects made without one.
 */
const LOCALE_DEPENDENT = [/\.localeCompare\(/, /\.toLocale[A-Za-z]*\(\s*\)/, /\bIntl\.[A-Za-z]+\((?!\s*')/]

async function productionSources(): Promise<{ path: string; text: string }[]> {
	const files: { path: string; text: string }[] = []
	for (const top of ['packages', 'services']) {
		for await (const path of new Bun.Glob(`${top}/*/src/**/*.ts`).scan({ cwd: ROOT })) {
			if (path.endsWith('.test.ts') || path.includes('/test-support/') || path.startsWith('packages/testing/')) continue
			files.push({ path, text: await Bun.file(`${ROOT}/${path}`).text() })
		}
	}
	return files
}

/** `path:line: text` for every line that calls a locale-dependent comparison or format. */
function localeDependentCalls(files: readonly { path: string; text: string }[]): string[] {
	return files.flatMap(({ path, text }) =>
		text
			.split('\n')
			.flatMap((line, i) => (LOCALE_DEPENDENT.some((pattern) => pattern.test(line)) ? [`${path}:${i + 1}: ${line.trim()}`] : []))
	)
}

describe('locale-free answers and files', () => {
	test('no production code compares or formats strings with the process locale', async () => {
		expect(localeDependentCalls(await productionSources())).toEqual([])
	})

	test('the scan finds localeCompare, a bare toLocaleString and an Intl object without a locale', () => {
		const text = [
			'rows.sort((a, b) => a.slug.localeCompare(b.slug))',
			'const shown = count.toLocaleString()',
			'const order = new Intl.Collator()',
			"const pinned = new Intl.Collator('en', { sensitivity: 'variant' })",
			"const shown = count.toLocaleString('en-GB')"
		].join('\n')
		expect(localeDependentCalls([{ path: 'x.ts', text }]).map((found) => found.split(':')[1])).toEqual(['1', '2', '3'])
	})
})
