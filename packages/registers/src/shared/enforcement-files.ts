import type { FetchedFile, JurisdictionCode, ParsedAction, ParsedEnforcement } from '../types.ts'
import { guardParse, parseError } from './parse-error.ts'

export type EnforcementSink = { actions: ParsedAction[]; warnings: string[] }

/** Reads every file of an enforcement publication with `readFile`; any failure is a RegisterParseError naming the file. */
export function parseEnforcementFiles(
	jurisdiction: JurisdictionCode,
	files: FetchedFile[],
	readFile: (file: FetchedFile, sourceIndex: number, sink: EnforcementSink) => void
): ParsedEnforcement {
	if (files.length === 0) throw parseError('empty', 'no files to parse')
	const sink: EnforcementSink = { actions: [], warnings: [] }
	files.forEach((file, sourceIndex) => guardParse(() => readFile(file, sourceIndex, sink), file))
	return { jurisdiction, ...sink }
}
