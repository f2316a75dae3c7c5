import { invalidQuery } from '@lv/errors'

export const MAX_CURSOR_LENGTH = 512

/** The feed position: every event with a higher `seq` is still to come; `sinceMs` keeps the first call's filter. */
export type FeedCursor = { afterSeq: number; sinceMs: number | null }

const FORMAT = 1
/** The last instant of the year 9999: a `since` past it has no four-digit ISO-8601 form for the database to read. */
export const LAST_SINCE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** Opaque to clients: base64url of a small JSON document. */
export function encodeCursor(cursor: FeedCursor): string {
	return Buffer.from(JSON.stringify({ v: FORMAT, s: cursor.afterSeq, f: cursor.sinceMs }), 'utf8').toString('base64url')
}

const invalidCursor = () =>
	invalidQuery('invalid_cursor', 'The cursor cannot be decoded; pass next_cursor exactly as it was returned.', 'cursor', {
		suggestion: 'Start again with `since` (at most 30 days back).'
	})

/** Anything that is not a cursor this service wrote is 400 invalid_cursor. */
export function decodeCursor(text: string): FeedCursor {
	if (text.length === 0 || text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor()
	let parsed: unknown
	try {
		parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
	} catch {
		throw invalidCursor()
	}
	if (typeof parsed !== 'object' || parsed === null) throw invalidCursor()
	const { v, s, f } = parsed as { v?: unknown; s?: unknown; f?: unknown }
	if (v !== FORMAT || typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0) throw invalidCursor()
	if (f !== null && (typeof f !== 'number' || !Number.isSafeInteger(f) || f < 0 || f > LAST_SINCE_MS)) throw invalidCursor()
	return { afterSeq: s, sinceMs: f }
}
