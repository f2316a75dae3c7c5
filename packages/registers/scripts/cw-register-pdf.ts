/**
 * Builds the CW register fixture: the CGA's licensee register as a 2-page PDF table (numbered
 * rows; a name wrapping onto a second line inside its cell; a sentence in the expiry column for
 * revoked, suspended and under-assessment rows). Column headings are assumed (REGISTERS.md: NOT FOUND).
 * Run: bun packages/registers/scripts/cw-register-pdf.ts
 */
import { writeFileSync } from 'node:fs'
import { buildTextPdf, type PlacedText } from './text-pdf.ts'

export type CwRegisterRow = {
	number: string
	/** The name as it wraps in its cell, one entry per line. */
	nameLines: string[]
	type: string
	companyNumber: string
	issued: string
	/** The expiry column: a date, a sentence, or both. */
	expiry: string[]
}

export const CW_REGISTER_ROWS: CwRegisterRow[][] = [
	[
		{
			number: 'OGL/2024/251/0130',
			nameLines: ['Halcyon Reach N.V.'],
			type: 'B2C',
			companyNumber: '156493',
			issued: 'February 28, 2026',
			expiry: ['August 28, 2026']
		},
		{
			number: 'OGL/2024/312/0201',
			nameLines: ['Marlpit Software B.V'],
			type: 'B2B',
			companyNumber: '148220',
			issued: 'March 14, 2026',
			expiry: ['September 14, 2026']
		},
		{
			number: 'OGL/2024/1161/044',
			nameLines: ['Lantern Bay Interactive', 'Holdings N.V.'],
			type: 'B2C & B2B',
			companyNumber: '158812',
			issued: 'January 5, 2026',
			expiry: ['July 5, 2026']
		},
		{
			number: 'OGL/2023/587/0612',
			nameLines: ['Tidewater Ventures N.V,'],
			type: 'B2C',
			companyNumber: '151007',
			issued: 'June 24, 2025',
			expiry: ['December 24, 2025', 'Assessment in progress']
		},
		{
			number: 'OGL/2024/733/0342',
			nameLines: ['Corvina Gaming N.V.'],
			type: 'B2C',
			companyNumber: '153390',
			issued: 'November 3, 2025',
			expiry: ['License revoked by the CGA on', 'April 7, 2026']
		},
		{
			number: 'OGL/2024/802/0418',
			nameLines: ['Jack’s Harbour B.V.'],
			type: 'B2C',
			companyNumber: '149951',
			issued: 'December 1, 2025',
			expiry: ['License revoked']
		},
		{
			number: 'OGL/2024/887/0618',
			nameLines: ['Pinecrest Media N.V.'],
			type: 'B2C',
			companyNumber: '150284',
			issued: 'October 10, 2025',
			expiry: ['License suspended']
		}
	],
	[
		{
			number: 'OGL/2024/905/0702',
			nameLines: ['Saffron Isle N.V.'],
			type: 'B2C',
			companyNumber: '157120',
			issued: 'November 19, 2025',
			expiry: ['May19, 2026']
		},
		{
			number: 'OGL/2024/921/0733',
			nameLines: ['InterMarlin (Curaçao) N.V'],
			type: 'B2C',
			companyNumber: '157733',
			issued: 'March 26, 2026',
			expiry: ['September 26 ,2026']
		},
		{
			number: 'OGL/2024/940/0755',
			nameLines: ['Halcyon Reach N.V.'],
			type: 'B2B',
			companyNumber: '156493',
			issued: 'March 1, 2026',
			expiry: ['September 1, 2026']
		},
		{
			number: 'OGL/2024/960/0781',
			nameLines: ['Obsidian Bay N.V.'],
			type: 'B2C',
			companyNumber: '158101',
			issued: 'May 2, 2026',
			expiry: ['License revoked by the CGA on', 'April 30, 2026']
		},
		{
			number: 'OGL/2025/102/0911',
			nameLines: ['Northwind Play N.V.'],
			type: 'B2C',
			companyNumber: '159340',
			issued: 'September 1, 2026',
			expiry: ['March 1, 2027', 'Assessment in progress']
		}
	]
]

const COLUMNS = { no: 36, number: 66, name: 170, type: 385, companyNumber: 450, issued: 530, expiry: 640 }

function pageItems(rows: CwRegisterRow[], firstRowNumber: number, pageNumber: number, pageCount: number): PlacedText[] {
	const items: PlacedText[] = [
		{ x: 36, y: 550, text: 'CURAÇAO GAMING AUTHORITY', bold: true, size: 12 },
		{
			x: 36,
			y: 534,
			text:
				pageNumber === 1 ? 'Register of Licensees – Online Gaming Licences' : 'Register of Licensees – Online Gaming Licences (continued)',
			size: 10
		},
		{ x: COLUMNS.no, y: 510, text: 'No.', bold: true },
		{ x: COLUMNS.number, y: 510, text: 'License Number', bold: true },
		{ x: COLUMNS.name, y: 510, text: 'Company Name', bold: true },
		{ x: COLUMNS.type, y: 510, text: 'Type', bold: true },
		{ x: COLUMNS.companyNumber, y: 510, text: 'Company Reg. No.', bold: true },
		{ x: COLUMNS.issued, y: 510, text: 'Date of Issue', bold: true },
		{ x: COLUMNS.expiry, y: 510, text: 'Date of Expiry / Status', bold: true }
	]
	let y = 490
	rows.forEach((row, index) => {
		items.push({ x: COLUMNS.no, y, text: `${firstRowNumber + index}.` }, { x: COLUMNS.number, y, text: row.number })
		row.nameLines.forEach((line, lineIndex) => items.push({ x: COLUMNS.name, y: y - lineIndex * 10, text: line }))
		items.push(
			{ x: COLUMNS.type, y, text: row.type },
			{ x: COLUMNS.companyNumber, y, text: row.companyNumber },
			{ x: COLUMNS.issued, y, text: row.issued }
		)
		row.expiry.forEach((line, lineIndex) => items.push({ x: COLUMNS.expiry, y: y - lineIndex * 10, text: line }))
		y -= 12 + 10 * Math.max(row.nameLines.length, row.expiry.length)
	})
	items.push({ x: 380, y: 30, text: `Page ${pageNumber} of ${pageCount}`, size: 7 })
	return items
}

/** The register PDF for the given pages of rows (rows are numbered on across pages). */
export function buildCwRegisterPdf(pages: CwRegisterRow[][] = CW_REGISTER_ROWS): Uint8Array {
	let next = 1
	const laidOut = pages.map((rows, index) => {
		const items = pageItems(rows, next, index + 1, pages.length)
		next += rows.length
		return items
	})
	return buildTextPdf(laidOut, {
		title: 'Register of Licensees',
		producer: 'Microsoft® Word for Microsoft 365',
		created: '20261002091500Z'
	})
}

if (import.meta.main) {
	const target = new URL('../fixtures/cw/register.pdf', import.meta.url)
	writeFileSync(target, buildCwRegisterPdf())
	console.log(`wrote ${target.pathname}`)
}
