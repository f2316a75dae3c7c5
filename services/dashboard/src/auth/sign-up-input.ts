import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.ts'

export const EMAIL_MAX_LENGTH = 254
export const ACCOUNT_NAME_MAX_LENGTH = 100

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/** Stored and compared lowercase (the column's CHECK insists), surrounding spaces dropped. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export type SignUpInput = { email: string; password: string; accountName: string }
export type SignUpFieldErrors = Partial<Record<'email' | 'password' | 'account_name', string>>

/** Checks the sign-up form; returns the cleaned input or a message per bad field. */
export function readSignUp(raw: {
	email?: string
	password?: string
	accountName?: string
}): { input: SignUpInput } | { errors: SignUpFieldErrors } {
	const errors: SignUpFieldErrors = {}
	const email = normaliseEmail(raw.email ?? '')
	const accountName = (raw.accountName ?? '').trim()
	const password = raw.password ?? ''
	if (email.length === 0) errors.email = 'Enter your email address.'
	else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) errors.email = 'Enter an email address like name@example.com.'
	if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`
	else if (password.length > PASSWORD_MAX_LENGTH) errors.password = `Use at most ${PASSWORD_MAX_LENGTH} characters.`
	if (accountName.length === 0) errors.account_name = 'Enter a name for the account (your company or project).'
	else if (accountName.length > ACCOUNT_NAME_MAX_LENGTH) errors.account_name = `Use at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`
	else if (CONTROL.test(accountName)) errors.account_name = 'Use letters, numbers, spaces and punctuation only.'
	return Object.keys(errors).length > 0 ? { errors } : { input: { email, password, accountName } }
}
