/**
 * One text field of a parsed form body. Anything else (a repeated field, a JSON object, a plain-text
 * body, no body) reads as absent, so a crafted request gets the form's own error, never a crash.
 */
export function formField(body: unknown, name: string): string | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
	const value = (body as Record<string, unknown>)[name]
	return typeof value === 'string' ? value : undefined
}

/** Every value of a repeated text field (checkboxes); a single value is a list of one, anything else none. */
export function formList(body: unknown, name: string): string[] {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return []
	const value = (body as Record<string, unknown>)[name]
	if (typeof value === 'string') return [value]
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Letters, marks, numbers, punctuation and spaces; no control or format characters. */
export const hasControlCharacters = (text: string) => /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text)

export const EXPIRED_FORM = 'This form expired. Please submit it again.'
