import type { Column, Row } from '../datasets/columns.ts'
import { csvRecord, neutraliseFormula } from '@lv/csv'

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

/**
 * Line terminators JSON may hold raw but readers split at (Python's `str.splitlines`, older
 * JavaScript): NEL (a Windows-1252 ellipsis read as Latin-1), LINE and PARAGRAPH SEPARATOR.
 */
const LINE_SPLITTERS = /[\u0085\u2028\u2029]/g

/** One NDJSON line: the columns in their documented order, then a newline, and no other line break. */
export function ndjsonLine(columns: readonly Column[], row: Row): string {
	const out: Record<string, unknown> = {}
	for (const column of columns) out[column.name] = jsonValue(column, row[column.name])
	const json = JSON.stringify(out).replace(LINE_SPLITTERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
	return `${json}\n`
}
