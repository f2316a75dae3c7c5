/** The named parameters of one OAuth request, each read once; `repeated` lists those sent more than once. */
export type OAuthParameters = { values: Record<string, string | undefined>; repeated: string[] }

/**
 * RFC 6749 §3.1: request parameters MUST NOT be included more than once, and one sent without a value is
 * treated as omitted. A repeated parameter reads as absent and is named in `repeated`, so no caller can
 * act on one of its values; parameters the endpoint does not read are ignored, as §3.1 requires.
 */
export function readOAuthParameters(names: readonly string[], valuesOf: (name: string) => string[]): OAuthParameters {
	const values: Record<string, string | undefined> = {}
	const repeated: string[] = []
	for (const name of names) {
		const given = valuesOf(name).filter((value) => value.length > 0)
		if (given.length > 1) repeated.push(name)
		values[name] = given.length === 1 ? given[0] : undefined
	}
	return { values, repeated }
}

/**
 * The OAuth error for repeated parameters: `invalid_request` (RFC 6749 §3.1); `invalid_target` when only
 * `resource` repeats, which RFC 8707 §2 allows and answers so when the server will not serve that set of
 * resources (there is one resource, and one audience per token).
 */
export function repeatedParametersError(
	repeated: readonly string[]
): { error: 'invalid_request' | 'invalid_target'; description: string } | null {
	if (repeated.length === 0) return null
	if (repeated.length === 1 && repeated[0] === 'resource')
		return { error: 'invalid_target', description: 'resource was sent more than once; a token is for one resource' }
	return { error: 'invalid_request', description: `${repeated.join(', ')} sent more than once (RFC 6749 §3.1)` }
}
