import { describe, expect, test } from 'bun:test'
import { americanNounsIn, findingsIn, markdownProse, typescriptProse } from './prose.ts'

const ROOT = `${import.meta.dir}/../..`
const SCANNED_DIRECTORIES = ['services', 'packages', 'tests', 'bench', 'scripts', 'docs']
/** Register fixtures quote the regulators' own wording; applied migrations must not change. */
const NOT_OURS = /(^|\/)(node_modules|fixtures|migrations)\//

async function treeFindings(): Promise<string[]> {
	const findings: string[] = []
	const files = ['README.md']
	for (const directory of SCANNED_DIRECTORIES) {
		for await (const path of new Bun.Glob(`${directory}/**/*.{ts,md}`).scan({ cwd: ROOT })) {
			if (!NOT_OURS.test(path)) files.push(path)
		}
	}
	for (const path of files) {
		const source = await Bun.file(`${ROOT}/${path}`).text()
		if (!/licens/i.test(source)) continue
		const spans = path.endsWith('.md') ? markdownProse(source) : typescriptProse(source, path)
		for (const finding of findingsIn(spans)) findings.push(`${path}:${finding.line}: ${finding.text}`)
	}
	return findings
}

describe('the noun licence in prose', () => {
	test('the American noun in a sentence is found, capitalised or plural', () => {
		expect(americanNounsIn('the operator holds a license from the MGA')).toEqual(['license'])
		expect(americanNounsIn('License numbers and licenses.')).toEqual(['License', 'licenses'])
		expect(americanNounsIn('the license.')).toEqual(['license'])
	})

	test('identifiers spelt the SPEC way and quoted wording are not prose', () => {
		for (const text of [
			'reads `license_number` and `licenses`',
			'license_number, licenseId, license_reference_is_ours',
			'sends license.status_changed, never license.* for that',
			'GET /v1/licenses/{license_id}',
			"the 'license' field",
			'check.license answers',
			'(license-register page)',
			'the licence and its licences are licensed; licensing',
			'a regulator may refuse to license a site'
		]) {
			expect(americanNounsIn(text)).toEqual([])
		}
	})

	test('comments, test names, log and error messages and page text are read; identifiers and SQL are not', () => {
		const source = [
			'// a license comment',
			'/** JSDoc about licenses */',
			"test('a license test', () => {})",
			"logger.warn('license lost', { license_id })",
			"throw new Error('no license')",
			'const page = html`<p>Your license</p>`',
			"const column = 'licenses'",
			'const rows = sql`SELECT * FROM licenses`'
		].join('\n')
		expect(findingsIn(typescriptProse(source)).map((finding) => finding.line)).toEqual([1, 2, 3, 4, 5, 6])
	})

	test('Markdown outside code fences is read', () => {
		const source = ['A license is held.', '```', 'SELECT * FROM licenses license', '```', 'See `license.issued`.'].join('\n')
		expect(findingsIn(markdownProse(source))).toEqual([{ line: 1, word: 'license', text: 'A license is held.' }])
	})

	test('no comment, test name, log or error message, page text or document in the tree uses the American noun `license` as prose', async () => {
		expect(await treeFindings()).toEqual([])
	}, 60_000)
})
