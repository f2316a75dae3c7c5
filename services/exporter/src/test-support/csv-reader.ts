/**
 * A small RFC 4180 reader for tests (quoted fields, doubled quotes, CRLF records), written apart
 * from the writer so a test reading an export proves the file, not the writer's own idea of it.
 */
export function readCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let field = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const c = text[i]
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				field += '"'
				i++
			} else if (c === '"') quoted = false
			else field += c
		} else if (c === '"') quoted = true
		else if (c === ',') {
			record.push(field)
			field = ''
		} else if (c === '\r' && text[i + 1] === '\n') {
			record.push(field)
			records.push(record)
			record = []
			field = ''
			i++
		} else field += c
	}
	if (field !== '' || record.length > 0) throw new Error('CSV text does not end with CRLF')
	return records
}

/** Header + records as objects keyed by column name. */
export function readCsvObjects(text: string): Record<string, string>[] {
	const [header, ...records] = readCsv(text)
	if (!header) return []
	return records.map((record) => {
		if (record.length !== header.length) throw new Error(`record has ${record.length} fields, header ${header.length}`)
		return Object.fromEntries(header.map((name, i) => [name, record[i] ?? '']))
	})
}

export const readNdjson = (text: string): Record<string, unknown>[] =>
	text
		.split('\n')
		.filter((line, i, lines) => line !== '' || i !== lines.length - 1)
		.map((line) => JSON.parse(line) as Record<string, unknown>)
