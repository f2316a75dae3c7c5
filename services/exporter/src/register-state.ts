import type { ExportDataset } from '@lv/contracts'
import { registerStateRow } from '@lv/register-store'
import type { Queryable } from './queryable.ts'

/** The register state a file is built from: its identity for the cache and a number for people. */
export type RegisterState = { versionKey: string; dataVersion: number }

/**
 * Part of every file's cache identity: bumped whenever the bytes written for the same data change
 * (2: spreadsheet formulas neutralised in CSV text cells; 3: status_observed_at empty where
 * status_source_url is, and NEL and the Unicode line and paragraph separators escaped in NDJSON), so no file built the old way is served again.
 */
export const FILE_ENCODING_VERSION = 3

/**
 * Read inside the build's snapshot, so the key names exactly the data in the file. The key covers
 * every jurisdiction whatever the slice (operator names and slugs in any row can be changed by any
 * register's run) and each register's last successful read as well as its data_version (a run that
 * changes nothing still advances every listed licence's last_verified_at). Domain exports also
 * follow verification-page readings, which can move without a register run.
 */
export async function readRegisterState(tx: Queryable, dataset: ExportDataset): Promise<RegisterState> {
	const row = await registerStateRow(tx, dataset === 'domains')
	const state = `${FILE_ENCODING_VERSION};${row?.state ?? ''};${row?.links_changed_at ?? '-'}`
	return {
		versionKey: new Bun.CryptoHasher('sha256').update(state).digest('hex').slice(0, 24),
		dataVersion: Number(row?.data_version ?? 0)
	}
}
