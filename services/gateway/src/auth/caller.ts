import type { AppError } from '@lv/errors'
import type { Plan } from '../limits/plan.ts'

/** How a route takes keys: `required` (401 without one), `optional` (keyless-capable: per-IP cap without a key), `none` (a key is ignored). */
export type AuthMode = 'required' | 'optional' | 'none'

/**
 * The `auth` route option. `readOnly: true` declares a route with no side effects: when the caller
 * is very likely admitted, its handler runs while the call is being counted, and the answer waits
 * for the admission (a refusal replaces it). Never for a call that writes or spends a cap, nor on a
 * route whose parse hook holds body refusals (`jsonBodyWithin`: they are thrown after an admission the
 * transform step waited for): a route whose calls write only sometimes passes a test of the request
 * instead (true: this call only reads).
 * `refuse` answers a call from the request alone, before its key is read or anything is counted
 * (undefined: go on); it runs only on its route, where a hook on arrival would cost every request.
 */
export type AuthOption =
	| AuthMode
	| { mode: AuthMode; readOnly?: true | ((request: Request) => boolean); refuse?: (request: Request) => AppError | undefined }

/** Who is calling, as handlers see it. `trial` is a legacy trial key; `keyless` has no account. */
export type Caller =
	| { tier: 'keyless'; accountId: null; keyId: null; plan: null; clientAddress: string }
	| { tier: 'keyed' | 'trial'; accountId: string; keyId: string; plan: Plan; clientAddress: string }

export type KeyedCaller = Extract<Caller, { tier: 'keyed' | 'trial' }>
