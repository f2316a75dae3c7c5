import { PASSWORD_MIN_LENGTH } from '../auth/passwords.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedOutPage } from './layout.ts'

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

export type SignInView = { csrf: string; email?: string; error?: string; notice?: string; /** A same-site path to continue to after signing in (an assistant's authorisation request). */ next?: string }

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
