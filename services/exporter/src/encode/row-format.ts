import type { Column, Row } from '../datasets/columns.ts'
import { csvRecord, neutraliseFormula } from './csv.ts'

export const LIST_SEPARATOR = '|'

const isoTimestamp = (value: unknown): string | null => {
	if (value === null || value === undefined) return null
	const date = value instanceof Date ? value : new Date(String(value))
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The value a column carries in NDJSON, normalised from what PostgreSQL returned. */
export function jsonValue(column: Column, raw: unknown): unknown {
	if (raw === null || raw === undefined) return column.kind === 'text_list' ? [] : null
	switch (column.kind) {
		case 'text':
		case 'date':
			return String(raw)
		case 'boolean':
			return Boolean(raw)
		case 'integer':
			return Number(raw)
		case 'timestamp':
			return isoTimestamp(raw)
		case 'text_list':
			return Array.isArray(raw) ? raw.map(String) : [String(raw)]
		case 'object':
			return raw
	}
}

/**
 * The text a column carries in CSV; null is the empty field. Text from the registers (text and list
 * cells) that a spreadsheet would run as a formula is neutralised; typed columns (integers, which may
 * one day be negative, booleans, dates, timestamps) and JSON objects are written as they are, since
 * none can start a formula other than a number's own minus sign.
 */
export function csvValue(column: Column, raw: unknown): string {
	const value = jsonValue(column, raw)
	if (value === null) return ''
	if (column.kind === 'text_list') return neutraliseFormula((value as string[]).join(LIST_SEPARATOR))
	if (column.kind === 'object') return JSON.stringify(value)
	if (column.kind === 'text') return neutraliseFormula(value as string)
	return String(value)
}

export const csvHeader = (columns: readonly Column[]) => csvRecord(columns.map((column) => column.name))

export const csvLine = (columns: readonly Column[], row: Row) => csvRecord(columns.map((column) => csvValue(column, row[column.name])))

/** One NDJSON line: the columns in their documented order, then a newline. */
export function ndjsonLine(columns: readonly Column[], row: Row): string {
	const out: Record<string, unknown> = {}
	for (const column of columns) out[column.name] = jsonValue(column, row[column.name])
	return `${JSON.stringify(out)}\n`
}
