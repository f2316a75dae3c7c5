/**
 * One text field of a parsed form body. Anything else (a repeated field, a JSON object, a plain-text
 * body, no body) reads as absent, so a crafted request gets the form's own error, never a crash.
 */
export function formField(body: unknown, name: string): string | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
	const value = (body as Record<string, unknown>)[name]
	return typeof value === 'string' ? value : undefined
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Letters, marks, numbers, punctuation and spaces; no control or format characters. */
export const hasControlCharacters = (text: string) => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text)

export const EXPIRED_FORM = 'This form expired. Please submit it again.'
