import { RegisterParseError, type FetchedFile } from '../types.ts'

type Reason = RegisterParseError['reason']

/** Builds a RegisterParseError that names the file it came from. */
export function parseError(reason: Reason, message: string, file?: Pick<FetchedFile, 'url'>): RegisterParseError {
	return new RegisterParseError(reason, file ? `${message} (${file.url})` : message, file?.url)
}

/**
 * Runs a parser and turns anything it throws that is not a RegisterParseError (a library's
 * TypeError on hostile bytes, a RangeError) into one, so callers only ever see RegisterParseError.
 */
export function guardParse<T>(run: () => T, file?: Pick<FetchedFile, 'url'>): T {
	try {
		return run()
	} catch (error) {
		if (error instanceof RegisterParseError) throw error
		const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
		throw parseError('malformed', `unreadable input: ${detail}`, file)
	}
}

/** Async twin of guardParse, for readers that have to await a library (unpdf). */
export async function guardParseAsync<T>(run: () => Promise<T>, file?: Pick<FetchedFile, 'url'>): Promise<T> {
	try {
		return await run()
	} catch (error) {
		if (error instanceof RegisterParseError) throw error
		const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
		throw parseError('malformed', `unreadable input: ${detail}`, file)
	}
}
