import { expect, test } from 'bun:test'
import { namesCurrentTag } from './if-none-match.ts'

test('If-None-Match names the tag when it lists it strong or weak, among others, or is *; otherwise it does not', () => {
	const cases: [string | null, boolean][] = [
		['"abc"', true],
		['W/"abc"', true],
		[' "x" , "abc" ', true],
		['"a,b", "abc"', true],
		['*', true],
		[null, false],
		['', false],
		['abc', false],
		['"abcd"', false],
		['"a,abc"', false],
		['"ABC"', false]
	]
	expect(cases.map(([header]) => [header, namesCurrentTag(header, 'abc')])).toEqual(cases)
})
