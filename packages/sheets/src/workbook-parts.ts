import { walkXml } from './xml-events.ts'

/** Where the first sheet and the shared strings of a workbook are, from workbook.xml and its relationships. */
export type WorkbookParts = { firstSheet: string; sharedStrings: string | null }

/** A relationship target as a path inside the package: relative to `xl/`, or absolute from the root. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`)

export function workbookParts(workbook: Uint8Array, relationships: Uint8Array | undefined): WorkbookParts {
	let firstSheetId: string | null = null
	walkXml(workbook, {
		open(name, attributes) {
			if (name === 'sheet' && firstSheetId === null)
				firstSheetId = attributes['r:id'] ?? Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? ''
		},
		close() {},
		text() {}
	})
	const targets = new Map<string, string>()
	let sharedStrings: string | null = null
	if (relationships) {
		walkXml(relationships, {
			open(name, attributes) {
				if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return
				targets.set(attributes.Id, partPath(attributes.Target))
				if (attributes.Type?.endsWith('/sharedStrings')) sharedStrings = partPath(attributes.Target)
			},
			close() {},
			text() {}
		})
	}
	const firstSheet = (firstSheetId !== null ? targets.get(firstSheetId) : undefined) ?? 'xl/worksheets/sheet1.xml'
	return { firstSheet, sharedStrings: sharedStrings ?? (relationships ? null : 'xl/sharedStrings.xml') }
}
