import { AppError, type ErrorCode } from '@lv/errors'

export type Paging = { limit: number; offset: number }
export type PagingRule = { defaultLimit: number; maxLimit: number; errorCode: Extract<ErrorCode, 'invalid_pagination' | 'invalid_query'> }

/** A non-negative safe integer written as plain decimal digits (no sign, exponent, hex or spaces); null otherwise. */
export const plainInteger = (text: string): number | null => {
	const value = /^[0-9]{1,16}$/.test(text) ? Number(text) : null
	return value !== null && Number.isSafeInteger(value) ? value : null
}

/**
 * `limit` 1–max (default per route) and `offset` ≥ 0, as sent in the query string; anything else
 * (out of range, or not a plain integer at all) is a 400 with the route's code (SPEC: jurisdiction
 * operators answer `invalid_pagination`, the other lists `invalid_query` / `invalid_pagination`),
 * never a clamp.
 */
export function parsePaging(query: { limit?: string; offset?: string }, rule: PagingRule): Paging {
	const limit = query.limit === undefined ? rule.defaultLimit : plainInteger(query.limit)
	const offset = query.offset === undefined ? 0 : plainInteger(query.offset)
	if (limit === null || limit < 1 || limit > rule.maxLimit)
		throw pagingError(rule, 'limit', `limit must be an integer from 1 to ${rule.maxLimit}.`)
	if (offset === null) throw pagingError(rule, 'offset', 'offset must be an integer of 0 or more.')
	return { limit, offset }
}

function pagingError(rule: PagingRule, field: 'limit' | 'offset', message: string): AppError {
	return rule.errorCode === 'invalid_pagination'
		? new AppError({ status: 400, code: 'invalid_pagination', reason: 'invalid_input', message, field })
		: new AppError({ status: 400, code: 'invalid_query', reason: 'invalid_pagination', message, field })
}
