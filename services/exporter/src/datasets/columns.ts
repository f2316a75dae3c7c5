import type { ExportRow } from '@lv/register-store'

/**
 * How a column's value is written. CSV: null is an empty field, a list is its items joined with
 * `|`, an object is its JSON text. NDJSON: the typed value (null, boolean, number, string, array, object).
 */
export type ColumnKind = 'text' | 'boolean' | 'integer' | 'timestamp' | 'date' | 'text_list' | 'object'

export type Column = { name: string; kind: ColumnKind; description: string }

/** A row as the dataset query returns it: timestamps as Date, dates already `YYYY-MM-DD` text. */
export type Row = ExportRow

export const col = (name: string, kind: ColumnKind, description: string): Column => ({ name, kind, description })
