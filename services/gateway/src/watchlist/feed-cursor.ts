import { invalidQuery } from '@lv/errors'

export const MAX_CURSOR_LENGTH = 512

/**
 * The feed position: every event with a higher `seq` is still to come. `since` is the first call's
 * filter: it leaves out events emitted before `sinceMs` among those recorded up to `throughSeq` (the
 * head at the first call); an event recorded later is served whatever its emission time, since a
 * reader stamps an event with its run's time and it is recorded a while after that.
 */
export type FeedCursor = { afterSeq: number; since: SinceFilter | null }
export type SinceFilter = { sinceMs: number; throughSeq: number }

const FORMAT = 1
/** The last instant of the year 9999: a `since` past it has no four-digit ISO-8601 form for the database to read. */
export const LAST_SINCE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** Opaque to clients: base64url of a small JSON document. A `since` filter the position has passed is dropped. */
export function encodeCursor(cursor: FeedCursor): string {
	const since = cursor.since !== null && cursor.afterSeq < cursor.since.throughSeq ? cursor.since : null
	const document =
		since === null ? { v: FORMAT, s: cursor.afterSeq, f: null } : { v: FORMAT, s: cursor.afterSeq, f: since.sinceMs, h: since.throughSeq }
	return Buffer.from(JSON.stringify(document), 'utf8').toString('base64url')
}

const invalidCursor = () =>
	invalidQuery('invalid_cursor', 'The cursor cannot be decoded; pass next_cursor exactly as it was returned.', 'cursor', {
		suggestion: 'Start again with `since` (at most 30 days back).'
	})

const isPosition = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/**
 * Anything that is not a cursor this service wrote is 400 invalid_cursor. A cursor written before
 * `h` existed carries `f` alone: its filter is taken to end at its position, so nothing after it is left out.
 */
export function decodeCursor(text: string): FeedCursor {
	if (text.length === 0 || text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor()
	let parsed: unknown
	try {
		parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
	} catch {
		throw invalidCursor()
	}
	if (typeof parsed !== 'object' || parsed === null) throw invalidCursor()
	const { v, s, f, h } = parsed as { v?: unknown; s?: unknown; f?: unknown; h?: unknown }
	if (v !== FORMAT || !isPosition(s)) throw invalidCursor()
	if (f === null && h === undefined) return { afterSeq: s, since: null }
	if (!isPosition(f) || f > LAST_SINCE_MS || (h !== undefined && !isPosition(h))) throw invalidCursor()
	return { afterSeq: s, since: { sinceMs: f, throughSeq: h === undefined ? s : h } }
}
