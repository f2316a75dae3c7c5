import { PASSWORD_MIN_LENGTH } from '../auth/passwords.ts'
import type { Session } from '../auth/sessions.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage, signedOutPage } from './layout.ts'

export type FieldErrors = Partial<Record<string, string>>

const fieldError = (errors: FieldErrors, name: string) =>
	errors[name] ? html`<p class="field-error" id="${name}-error">${errors[name]}</p>` : ''

const invalid = (errors: FieldErrors, name: string) => (errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : '')

export type SignUpView = { csrf: string; email?: string; accountName?: string; error?: string; fieldErrors?: FieldErrors }

export function signUpPage(view: SignUpView): SafeHtml {
	const errors = view.fieldErrors ?? {}
	return signedOutPage(
		'Create an account',
		html`<section class="card">
<h1>Create an account</h1>
<p class="muted">New accounts start on the Starter plan: 10,000 requests a month, free for founding members.</p>
${view.error ? callout('error', view.error) : ''}
<form method="post" action="/sign-up" class="stack" novalidate>
${csrfField(view.csrf)}
<label for="account_name">Account name</label>
<input id="account_name" name="account_name" autocomplete="organization" maxlength="100" required value="${view.accountName ?? ''}"${invalid(errors, 'account_name')}>
${fieldError(errors, 'account_name')}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${view.email ?? ''}"${invalid(errors, 'email')}>
${fieldError(errors, 'email')}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required${invalid(errors, 'password')}>
${errors.password ? fieldError(errors, 'password') : html`<p class="hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>`}
<button type="submit" class="primary">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/sign-in">Sign in</a></p>
</section>`
	)
}

export type SignInView = {
	csrf: string
	email?: string
	error?: string
	notice?: string /** A same-site path to continue to after signing in (an assistant's authorisation request). */
	next?: string
}

export function signInPage(view: SignInView): SafeHtml {
	return signedOutPage(
		'Sign in',
		html`<section class="card">
<h1>Sign in</h1>
${view.notice ? callout('success', view.notice) : ''}
${view.error ? callout('error', view.error) : ''}
<form method="post" action="/sign-in" class="stack" novalidate>
${csrfField(view.csrf)}
${view.next ? html`<input type="hidden" name="next" value="${view.next}">` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" maxlength="254" required value="${view.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Sign in</button>
</form>
<p class="switch">No account yet? <a href="/sign-up">Create one</a></p>
</section>`
	)
}

/** After a sign-up, whether or not the address already had an account: the page never tells. */
export function checkEmailPage(view: { email: string; validHours: number }): SafeHtml {
	return signedOutPage(
		'Check your email',
		html`<section class="card" data-check-email>
<h1>Check your email</h1>
<p>We sent a mail to <strong>${view.email}</strong>. Open the link in it within ${view.validHours} hours to finish creating your account.</p>
<p class="muted">Nothing arrived? Look in the spam folder, or sign up again in a few minutes.</p>
<p class="switch">Already have an account? <a href="/sign-in">Sign in</a></p>
</section>`
	)
}

export type ConfirmSignUpView = { csrf: string; token: string; email: string; accountName: string }

/** The link opens this page; the account is created by its button, so a mail scanner fetching the link creates nothing. */
export function confirmSignUpPage(view: ConfirmSignUpView): SafeHtml {
	return signedOutPage(
		'Confirm your account',
		html`<section class="card">
<h1>Confirm your account</h1>
<p>Create the account <strong>${view.accountName}</strong> for <strong>${view.email}</strong> on the Starter plan.</p>
<form method="post" action="/sign-up/confirm" class="stack">
${csrfField(view.csrf)}
<input type="hidden" name="token" value="${view.token}">
<button type="submit" class="primary">Create account</button>
</form>
</section>`
	)
}

export type PasswordView = { session: Session; csrf: string; error?: string; notice?: string; fieldErrors?: FieldErrors }

export function passwordPage(view: PasswordView): SafeHtml {
	const errors = view.fieldErrors ?? {}
	return signedInPage({
		title: 'Change password',
		session: view.session,
		csrf: view.csrf,
		section: null,
		content: html`<div class="narrow"><section class="card">
<h1>Change password</h1>
${view.notice ? callout('success', view.notice) : ''}
${view.error ? callout('error', view.error) : ''}
<form method="post" action="/account/password" class="stack" novalidate>
${csrfField(view.csrf)}
<label for="current_password">Current password</label>
<input id="current_password" name="current_password" type="password" autocomplete="current-password" required${invalid(errors, 'current_password')}>
${fieldError(errors, 'current_password')}
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required${invalid(errors, 'new_password')}>
${errors.new_password ? fieldError(errors, 'new_password') : html`<p class="hint">At least ${PASSWORD_MIN_LENGTH} characters. Every other session of yours is signed out.</p>`}
<button type="submit" class="primary">Change password</button>
</form>
</section>
<section class="card">
<h2>Sign out everywhere</h2>
<p>Ends every session of yours on every device, this one included, and every assistant connection you approved.</p>
<form method="post" action="/sign-out-everywhere" class="stack">
${csrfField(view.csrf)}
<button type="submit">Sign out everywhere</button>
</form>
</section></div>`
	})
}
