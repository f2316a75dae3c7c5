import { describe, expect, test } from 'bun:test'
import { extractHostname, splitDomainCell } from './hostnames.ts'

describe('extractHostname', () => {
	const cases: [string, string | null][] = [
		['21.co.uk', '21.co.uk'],
		['https://www.Example.com/uk', 'www.example.com'],
		['\u200bkestrelbingo.co.uk', 'kestrelbingo.co.uk'],
		['kestrelbingo.co.uk%E2%80%8B', 'kestrelbingo.co.uk'],
		['https://at.example.com/#/home?_k=cj8mfc', 'at.example.com'],
		['example.com.', 'example.com'],
		['http://example.com:8080/path', 'example.com'],
		['bücher.de', 'xn--bcher-kva.de'],
		['localhost', null],
		['192.168.1.1', null],
		['not a domain', null],
		['-bad-.com', null]
	]
	for (const [value, expected] of cases) {
		test(`${JSON.stringify(value)} gives ${expected}`, () => expect(extractHostname(value)).toBe(expected))
	}
})

test('a cell with several values separated by spaces, commas or semicolons yields each', () => {
	expect(splitDomainCell('a.com, www.b.com;c.io  -').map((part) => part.hostname)).toEqual(['a.com', 'www.b.com', 'c.io'])
})
