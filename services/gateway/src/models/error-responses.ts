import { ErrorEnvelopeModel } from './error.ts'

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 429 | 500 | 503

/** The error responses a route documents, each the SPEC envelope. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S): { [K in S[number]]: typeof ErrorEnvelopeModel } {
	return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeModel])) as { [K in S[number]]: typeof ErrorEnvelopeModel }
}

/** Every keyed route can answer these besides its own. */
export const KEYED_ERRORS = [400, 401, 402, 429, 500, 503] as const
/** Keyless-capable routes: a key is optional but validated when sent. */
export const KEYLESS_CAPABLE_ERRORS = [400, 401, 402, 429, 500, 503] as const
