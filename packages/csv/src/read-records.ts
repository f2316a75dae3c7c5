/**
 * RFC 4180 records of a text, with the 1-based line each starts on. Fields are split on `separator`
 * (a comma; a semicolon, as Excel writes CSV where the decimal separator is a comma; or a tab for
 * tab-separated text; all quote alike). Quoted fields may hold the separator, doubled quotes and line breaks; CRLF, LF and CR all end a record. A quote left open runs
 * to the end.
 */
export function* readCsvRecords(text: string, separator: ',' | ';' | '\t' = ','): Generator<{ line: number; fields: string[] }> {
	let fields: string[] = []
	let field = ''
	let quoted = false
	let line = 1
	let recordLine = 1
	let index = 0
	const finish = () => {
		fields.push(field)
		const record = { line: recordLine, fields }
		fields = []
		field = ''
		return record
	}
	while (index < text.length) {
		const character = text[index] as string
		if (quoted) {
			if (character === '"' && text[index + 1] === '"') {
				field += '"'
				index += 2
				continue
			}
			if (character === '"') quoted = false
			else {
				if (character === '\n') line++
				field += character
			}
			index++
			continue
		}
		if (character === '"' && field === '') quoted = true
		else if (character === separator) {
			fields.push(field)
			field = ''
		} else if (character === '\r' || character === '\n') {
			if (character === '\r' && text[index + 1] === '\n') index++
			yield finish()
			line++
			recordLine = line
		} else field += character
		index++
	}
	if (field !== '' || fields.length > 0) yield finish()
}
