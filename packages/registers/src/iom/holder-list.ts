import { parseError, parseRegisterDate } from '../shared/index.ts'
import type { FetchedFile } from '../types.ts'
import { readHolderWorkbook } from './holder-workbook.ts'

export type IomListRow = {
	name: string
	firmStatus: string | null
	initialLicenceDate: string | null
	initialLicenceDateRaw: string
	licenceType: string
	row: number
}

/** `26-10-02-current-ogra-licence-holders.xlsx` -> `2026-10-02`. */
export function holderListDate(url: string): string | null {
	const match = /(\d{2})-(\d{2})-(\d{2})-current-ogra-licen[cs]e-holders\.xlsx/i.exec(url)
	return match ? parseRegisterDate(`20${match[1]}-${match[2]}-${match[3]}`) : null
}

/** An Excel date serial (1900 system) or a printed date, as `YYYY-MM-DD`. */
function excelDate(raw: string): string | null {
	if (/^\d{4,6}(?:\.\d+)?$/.test(raw)) {
		const serial = Math.floor(Number(raw))
		const date = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000)
		return parseRegisterDate(date.toISOString().slice(0, 10))
	}
	return parseRegisterDate(raw)
}

/** Reads the `Name | Firm Status | Initial Licence Date | Licence Type` workbook. */
export function readHolderList(file: FetchedFile): IomListRow[] {
	const rows = readHolderWorkbook(file)
	const headerIndex = rows.findIndex((row) => row.some((cell) => /^name$/i.test(cell.trim())))
	const header = (rows[headerIndex] ?? []).map((cell) => cell.trim().toLowerCase())
	const column = (label: string) => header.indexOf(label)
	const name = column('name')
	const type = column('licence type') === -1 ? column('license type') : column('licence type')
	if (headerIndex === -1 || type === -1) throw parseError('unexpected_format', 'XLSX has no Name | … | Licence Type header', file)
	const status = column('firm status')
	const date = column('initial licence date') === -1 ? column('initial license date') : column('initial licence date')
	const list: IomListRow[] = []
	for (const [offset, row] of rows.slice(headerIndex + 1).entries()) {
		const printed = (row[name] ?? '').replace(/[\s\u00a0]+/g, ' ').trim()
		if (printed === '') continue
		const dateRaw = date === -1 ? '' : (row[date] ?? '').trim()
		list.push({
			name: printed,
			firmStatus: status === -1 ? null : (row[status] ?? '').trim() || null,
			initialLicenceDate: dateRaw === '' ? null : excelDate(dateRaw),
			initialLicenceDateRaw: dateRaw,
			licenceType: (row[type] ?? '').trim(),
			row: headerIndex + offset + 2
		})
	}
	if (list.length === 0) throw parseError('empty', 'XLSX lists no licence holder', file)
	return list
}
