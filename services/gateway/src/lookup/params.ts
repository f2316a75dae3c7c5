import { AppError, invalidInput } from '@lv/errors'
import { holdsNul } from '../stored-text.ts'

const CODE = /^[A-Za-z0-9]{2,16}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Longest slug accepted in a path; longer is invalid_slug, not a lookup. */
export const MAX_SLUG_LENGTH = 128

const UNDECODABLE = 'The path value is not validly percent-encoded.'

const invalidJurisdictionCode = (message = 'A jurisdiction code is 2–16 letters or digits.') =>
	new AppError({
		status: 400,
		code: 'invalid_jurisdiction_code',
		reason: 'invalid_input',
		message,
		field: 'code'
	})

const invalidSlug = (field: string, message = `An operator slug is 1–${MAX_SLUG_LENGTH} characters, none of them NUL.`) =>
	new AppError({
		status: 400,
		code: 'invalid_slug',
		reason: 'invalid_input',
		message,
		field
	})

const invalidLicenseId = (message = 'license_id must be the licence UUID, not its number.') =>
	new AppError({
		status: 400,
		code: 'invalid_license_id',
		reason: 'invalid_input',
		message,
		field: 'license_id'
	})

/**
 * The refusal of a path parameter that could not even be decoded (a malformed percent-escape), by
 * its name: the same code as any other value of that parameter SPEC refuses; undefined for others.
 */
export function pathParameterRefusal(name: string | undefined): AppError | undefined {
	if (name === 'code') return invalidJurisdictionCode(UNDECODABLE)
	if (name === 'slug') return invalidSlug(name, UNDECODABLE)
	if (name === 'license_id') return invalidLicenseId(UNDECODABLE)
	return undefined
}

/** Path `code`: 2–16 letters or digits, any case; returned uppercase. */
export function parseJurisdictionCode(raw: string): string {
	if (!CODE.test(raw)) throw invalidJurisdictionCode()
	return raw.toUpperCase()
}

/** An operator slug (path `slug`, or the body field named `field`): 1–128 characters, no NUL; resolved in any letter case. */
export function parseSlug(raw: string, field = 'slug'): string {
	const slug = raw.trim()
	if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH || holdsNul(slug)) throw invalidSlug(field)
	return slug.toLowerCase()
}

/** Search `q` (its length is the schema's): a NUL is refused, as no stored name can hold one. */
export function parseSearchText(raw: string): string {
	if (holdsNul(raw)) throw invalidInput('q', '`q` cannot hold a NUL character.')
	return raw
}

/** Path `license_id`: the licence's UUID (not its number); returned lowercase. */
export function parseLicenseId(raw: string): string {
	if (!UUID.test(raw)) throw invalidLicenseId()
	return raw.toLowerCase()
}
