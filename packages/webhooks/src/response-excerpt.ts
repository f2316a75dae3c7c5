/** Media types whose body is text a person may read back; anything else is never shown. */
const TEXT_TYPE = /^(text\/[a-z0-9.+-]+|application\/([a-z0-9.-]+\+)?(json|xml)|application\/x-www-form-urlencoded)$/

/** C0 and C1 controls, DEL, and the invisible format characters (bidi overrides, zero-width) that can disguise text. */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]+/gu

/**
 * What the webhook test shows of a receiver's answer: only a text body (a text, JSON or XML media
 * type, or none with no undecodable bytes), already cut to the caller's byte limit, with control
 * and format characters replaced by a space and trimmed; null for anything else. Enough to see a
 * receiver's error message, too little and too plain to read arbitrary documents back through it.
 */
export function responseExcerpt(body: string | null, contentType: string | null): string | null {
	if (body === null) return null
	const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
	if (mediaType === '' ? body.includes('\uFFFD') : !TEXT_TYPE.test(mediaType)) return null
	return body.replace(CONTROL_OR_FORMAT, ' ').trim()
}
