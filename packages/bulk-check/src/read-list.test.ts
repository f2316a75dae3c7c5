import { describe, expect, test } from 'bun:test'
import { readBulkList } from './read-list.ts'

describe('readBulkList', () => {
	test('skips the header, blank lines and duplicates, reduces URLs to hostnames and reports junk with its line', () => {
		const text =
			'Website,Notes\nhttps://www.AcmeBet.co.uk/promo?x=1,a\n\nacmebet.co.uk\nwww.acmebet.co.uk\n=cmd|"/C calc"!A0\nnot a domain\nbet.example:8443/x\n'
		const read = readBulkList(text, 100)
		if (!read.ok) throw new Error(read.message)
		expect(read.entries.map((entry) => entry.domain)).toEqual(['www.acmebet.co.uk', 'acmebet.co.uk', 'bet.example'])
		expect(read.entries[0]).toEqual({ line: 2, input: 'https://www.AcmeBet.co.uk/promo?x=1', domain: 'www.acmebet.co.uk' })
		expect(read.report).toMatchObject({ lines: 8, header: 'Website,Notes', blank: 1, duplicates: 1, urlsReduced: 2, junk: 2 })
		expect(read.report.junkSamples.map((junk) => junk.line)).toEqual([6, 7])
		expect(read.report.junkSamples[0]?.problem).toContain('formula')
	})

	test('a plain list without a header starts with its first line', () => {
		const read = readBulkList('a.example\r\nb.example', 10)
		expect(read.ok && read.entries.map((entry) => entry.line)).toEqual([1, 2])
	})

	test('a tab-separated list (cells copied from a spreadsheet) is read by its domain column, header and blank lines as in a CSV', () => {
		const read = readBulkList('\t\nWebsite\tNotes\nacmebet.co.uk\tmain brand, UK\n\t\nhttps://bet.example/x\tnote\n', 10)
		if (!read.ok) throw new Error(read.message)
		expect(read.entries).toEqual([
			{ line: 3, input: 'acmebet.co.uk', domain: 'acmebet.co.uk' },
			{ line: 5, input: 'https://bet.example/x', domain: 'bet.example' }
		])
		expect(read.report).toMatchObject({ lines: 5, header: 'Website,Notes', blank: 2, junk: 0 })
	})

	test('a list whose first line holds no tab is CSV, so a tab later in it stays in the cell', () => {
		const read = readBulkList('a.example,x\nb.example\tnote\n', 10)
		expect(read.ok && read.entries.map((entry) => entry.domain)).toEqual(['a.example'])
		expect(read.report.junk).toBe(1)
	})

	test('more distinct domains than the limit refuses the whole list', () => {
		const text = Array.from({ length: 11 }, (_, index) => `site${index}.example`).join('\n')
		const read = readBulkList(text, 10)
		expect(read.ok).toBe(false)
		if (!read.ok) expect(read.message).toContain('more than 10 distinct domains')
		expect(readBulkList(text, 11).ok).toBe(true)
	})

	test('a list with nothing to check is refused', () => {
		const read = readBulkList('domain\n\n=1+1\n', 10)
		expect(read.ok).toBe(false)
		if (!read.ok) expect(read.reason).toBe('no_entries')
	})

	test('a semicolon-separated CSV (Excel in locales with a decimal comma) is read by its domain column', () => {
		const read = readBulkList('Name;Domain\r\n"Acme; Ltd";acmebet.co.uk\r\nBeta, SA;https://bet.example/x\r\n', 10)
		if (!read.ok) throw new Error(read.message)
		expect(read.entries.map((entry) => entry.domain)).toEqual(['acmebet.co.uk', 'bet.example'])
		expect(read.report).toMatchObject({ header: 'Name,Domain', junk: 0 })
		const withoutHeader = readBulkList('acmebet.co.uk;Acme\nbet.example;Beta\n', 10)
		expect(withoutHeader.ok && withoutHeader.entries.map((entry) => entry.domain)).toEqual(['acmebet.co.uk', 'bet.example'])
	})

	test('a comma CSV whose first line has a semicolon inside quotes stays a comma CSV', () => {
		const read = readBulkList('"Acme; Ltd; Group",acmebet.co.uk\nbet.example,x\n', 10)
		expect(read.ok && read.entries.map((entry) => entry.domain)).toEqual(['bet.example'])
	})

	test('headers worded as spreadsheets word them (Domain name, Website URL, Web site) pick their column', () => {
		for (const header of ['Domain name', 'Website URL', 'Web site', 'domain_name', 'Site URL', 'Web address']) {
			const read = readBulkList(`Company,${header}\nAcme,acmebet.co.uk\n`, 10)
			expect(read.ok && read.entries.map((entry) => entry.domain)).toEqual(['acmebet.co.uk'])
		}
	})
})
