import { unescapeOoxml } from './xml-text.ts'
import { walkXml } from './xml-events.ts'

/** The shared strings table: each `<si>`'s text runs joined; phonetic guides (`<rPh>`) left out. */
export function readSharedStrings(part: Uint8Array): string[] {
	const strings: string[] = []
	let current: string | null = null
	let inText = false
	let phonetic = 0
	walkXml(part, {
		open(name) {
			if (name === 'si') current = ''
			else if (name === 'rPh') phonetic++
			else if (name === 't' && phonetic === 0) inText = true
		},
		close(name) {
			if (name === 'si') {
				strings.push(unescapeOoxml(current ?? ''))
				current = null
			} else if (name === 'rPh') phonetic--
			else if (name === 't') inText = false
		},
		text(text) {
			if (inText && current !== null) current += text
		}
	})
	return strings
}
