import { expect, test } from 'bun:test'
import { longFunctions } from './long-functions.ts'

const body = (lines: number) => Array.from({ length: lines }, (_, index) => `\tconst v${index} = ${index}`).join('\n')

test('a function over the limit is listed with its name, first line and length; one at the limit is not', () => {
	const source = [
		`export function atLimit() {\n${body(78)}\n}`,
		`export const overLimit = () => {\n${body(79)}\n}`,
		`class Store {\n\tload() {\n${body(90)}\n\t}\n}`
	].join('\n')
	expect(longFunctions(source, 'planted.ts', 80)).toEqual([
		{ name: 'overLimit', line: 81, lines: 81 },
		{ name: 'load', line: 163, lines: 92 }
	])
})
