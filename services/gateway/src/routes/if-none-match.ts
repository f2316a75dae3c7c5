/**
 * RFC 9110 §13.1.2, `If-None-Match` on a GET: true when the header names the current representation's
 * entity tag, compared weakly (`W/"x"` names `"x"`), or is `*` (the representation exists), so the answer
 * is 304 Not Modified. Tags are read as quoted strings, so a comma inside one does not split it; an
 * unquoted value names nothing.
 */
export function namesCurrentTag(ifNoneMatch: string | null, opaqueTag: string): boolean {
	if (ifNoneMatch === null) return false
	if (ifNoneMatch.trim() === '*') return true
	for (const [, tag] of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g)) if (tag === opaqueTag) return true
	return false
}
