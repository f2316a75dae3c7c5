import { expect, test } from 'bun:test'
import { MAX_LINES, longFunctions, longFunctionsOfRepository } from './long-functions.ts'

const body = (lines: number) => Array.from({ length: lines }, (_, index) => `\tconst v${index} = ${index}`).join('\n')

test('a function over the limit is listed with its name, first line and length; one at the limit is not', () => {
	const source = [
		`export function atLimit() {\n${body(78)}\n}`,
		`export const overLimit = () => {\n${body(79)}\n}`,
		`class Store {\n\tload() {\n${body(90)}\n\t}\n}`
	].join('\n')
	expect(longFunctions(source, 'planted.ts', 80)).toEqual([
		{ name: 'overLimit', line: 81, lines: 81, reason: null },
		{ name: 'load', line: 163, lines: 92, reason: null }
	])
})

test('a `Long:` line directly above a function, in a // comment or its JSDoc, is its reason; one elsewhere is not', () => {
	const source = [
		`// Long: one transaction\nexport function commented() {\n${body(81)}\n}`,
		`/**\n * Reads a thing.\n * Long: the phases share one try\n */\nexport const documented = async () => {\n${body(81)}\n}`,
		`// Long: this belongs to the constant above\nconst unrelated = 1\nexport function bare() {\n${body(81)}\n}`,
		`export function mentions() {\n\t// Long: inside the body is not above it\n${body(81)}\n}`
	].join('\n')
	expect(longFunctions(source, 'planted.ts', 80).map(({ name, reason }) => ({ name, reason }))).toEqual([
		{ name: 'commented', reason: 'one transaction' },
		{ name: 'documented', reason: 'the phases share one try' },
		{ name: 'bare', reason: null },
		{ name: 'mentions', reason: null }
	])
})

test(`no function outside the tests is over ${MAX_LINES} lines without a Long: reason above it`, async () => {
	const unreasoned = (await longFunctionsOfRepository(`${import.meta.dir}/..`, MAX_LINES, false))
		.filter((row) => row.reason === null)
		.map((row) => `${row.path}:${row.line} ${row.name} (${row.lines} lines)`)
	expect(unreasoned).toEqual([])
})
