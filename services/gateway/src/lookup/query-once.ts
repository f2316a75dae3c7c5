import type { TObject } from '@sinclair/typebox'
import { invalidQuery } from '@lv/errors'

/**
 * Throws 400 invalid_query (invalid_input, the parameter as `field`) when the URL names one of `names`
 * more than once. SPEC leaves a repeated parameter open; the API refuses it on every route rather than
 * answer from one of the values the caller may not have meant (docs/errors.md).
 */
export function refuseRepeatedParameters(url: string, names: ReadonlySet<string>): void {
	const queryStart = url.indexOf('?')
	// One parameter cannot repeat: most calls skip parsing the URL.
	if (queryStart < 0 || !url.includes('&', queryStart)) return
	const seen = new Set<string>()
	for (const name of new URL(url).searchParams.keys()) {
		if (!names.has(name)) continue
		if (seen.has(name)) throw invalidQuery('invalid_input', `Send ${name} once.`, name)
		seen.add(name)
	}
}

/**
 * A route's query schema with the hook that refuses its parameters repeated, spread into the route's
 * options: `{ ...eachParameterOnce(PagingQuery), auth: … }`. The hook is the route's own, so routes
 * without a query pay nothing.
 */
export function eachParameterOnce<Query extends TObject>(query: Query) {
	const names: ReadonlySet<string> = new Set(Object.keys(query.properties))
	return {
		query,
		beforeHandle({ request }: { request: Request }) {
			refuseRepeatedParameters(request.url, names)
		}
	}
}
