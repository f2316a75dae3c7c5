import type { FetchedFile, ParsedAction, ParsedEnforcement, RegulatoryActionType } from '../types.ts'
import { parseEnforcementFiles } from '../shared/enforcement-files.ts'
import { parseRegisterDate } from '../shared/dates.ts'
import { readHtml, textOf } from '../shared/html.ts'
import { parseError } from '../shared/parse-error.ts'
import { OGL_NUMBER, cwNumberKey } from './licence-number.ts'

type Column = 'licensee' | 'number' | 'measure' | 'date' | 'remarks'

const COLUMN_BY_HEADING: [RegExp, Column][] = [
	[/licen[cs]ee|company|name/i, 'licensee'],
	[/licen[cs]e\s*(?:number|no)|number/i, 'number'],
	[/measure|action|status/i, 'measure'],
	[/date/i, 'date'],
	[/remark|note|reason/i, 'remarks']
]

/** Withdrawn is the CGA taking the licence away (the register lists enforcement outcomes): read as a revocation. */
function measureKind(measure: string): { actionType: RegulatoryActionType; statusEffect: ParsedAction['statusEffect'] } | null {
	if (/revok|withdraw/i.test(measure)) return { actionType: 'revocation', statusEffect: 'revoked' }
	if (/suspen/i.test(measure)) return { actionType: 'licence_suspension', statusEffect: 'suspended' }
	if (/fine|penalt/i.test(measure)) return { actionType: 'fine', statusEffect: null }
	if (/warning/i.test(measure)) return { actionType: 'warning', statusEffect: null }
	return null
}

function cellLines(cell: Element): string[] {
	const html = cell.innerHTML.replace(/<br\s*\/?>/gi, '\n')
	return html
		.replace(/<[^>]*>/g, ' ')
		.split('\n')
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter((line) => line !== '')
}

/**
 * Parses the CGA enforcement register (layout assumed: one table, columns `Licensee`,
 * `License Number`, `Measure`, `Effective Date`, `Remarks`; see fixtures/cw/README.md). Cells may be merged
 * down (rowspan), missing at the end of a row, or hold several numbers on separate lines.
 */
export function parseCwEnforcement(files: FetchedFile[]): ParsedEnforcement {
	return parseEnforcementFiles('CW', files, (file, sourceIndex, { actions, warnings }) => {
		const document = readHtml(file)
		const table = Array.from(document.querySelectorAll('table')).find(
			(t) => /measure|revoked|suspended/i.test(textOf(t.querySelector('thead, tr'))) || t.classList.contains('enforcement-register')
		)
		if (!table) throw parseError('unexpected_format', 'no enforcement table on the page', file)
		const headerRow = table.querySelector('thead tr') ?? table.querySelector('tr')
		const columns = Array.from(headerRow?.children ?? []).map(
			(th) => COLUMN_BY_HEADING.find(([pattern]) => pattern.test(textOf(th)))?.[1] ?? null
		)
		if (!columns.includes('licensee') || !columns.includes('measure'))
			throw parseError('unexpected_format', 'the enforcement table lacks Licensee or Measure columns', file)
		const carried = new Map<number, { cell: Element; left: number }>()
		const bodyRows = Array.from(table.querySelectorAll('tr')).filter((row) => row !== headerRow && row.querySelector('td'))
		for (const row of bodyRows) {
			const cells: (Element | null)[] = []
			const own = Array.from(row.children).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
			for (let column = 0, next = 0; column < columns.length; column++) {
				const carry = carried.get(column)
				if (carry && carry.left > 0) {
					cells.push(carry.cell)
					carry.left--
					continue
				}
				const cell = own[next++] ?? null
				cells.push(cell)
				const span = Math.min(Number(cell?.getAttribute('rowspan') ?? '1') || 1, 1000)
				if (cell && span > 1) carried.set(column, { cell, left: span - 1 })
			}
			const value = (name: Column) => {
				const cell = cells[columns.indexOf(name)]
				return cell ? textOf(cell) : ''
			}
			const numberCell = cells[columns.indexOf('number')]
			const licenseNumbers = numberCell ? cellLines(numberCell).flatMap((line) => [...line.matchAll(OGL_NUMBER)].map((m) => m[0])) : []
			const entityName = value('licensee')
			const measure = value('measure')
			const kind = measureKind(measure)
			if (entityName === '' || !kind) {
				warnings.push(`${file.url}: row "${textOf(row)}" has no licensee or an unknown measure "${measure}", skipped`)
				continue
			}
			const dateText = value('date')
			const decisionDate = parseRegisterDate(dateText)
			if (dateText !== '' && !decisionDate) warnings.push(`${file.url}: date "${dateText}" unreadable`)
			const subject = licenseNumbers.map(cwNumberKey).join('+') || entityName.toLowerCase()
			actions.push({
				upstreamKey: `${subject}|${kind.actionType}|${decisionDate ?? 'undated'}`,
				entityName,
				licenseNumbers,
				actionType: kind.actionType,
				amountMinorUnits: null,
				currency: null,
				decisionDate,
				summary: [measure, value('remarks')].filter((part) => part !== '').join(': '),
				statusEffect: kind.statusEffect,
				sourceIndex
			})
		}
	})
}
