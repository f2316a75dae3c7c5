import { Elysia } from 'elysia'
import { issueApiKey, revokeApiKey } from '@lv/accounts'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import { type KeysView, keysPage } from '../pages/keys-page.ts'
import { listAccountKeys } from '../store/keys.ts'
import { UUID, formField, hasControlCharacters } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

export const KEY_LABEL_MAX_LENGTH = 100

const NOTICES: Record<string, string> = {
	revoked: 'Key revoked. Requests using it now fail with 401 auth_revoked.'
}

function readLabel(raw: string | undefined): { label: string } | { error: string } {
	const label = (raw ?? '').trim()
	if (label.length === 0) return { error: 'Give the key a label, for example where it will be used.' }
	if (label.length > KEY_LABEL_MAX_LENGTH) return { error: `Use at most ${KEY_LABEL_MAX_LENGTH} characters for the label.` }
	if (hasControlCharacters(label)) return { error: 'Use letters, numbers, spaces and punctuation only in the label.' }
	return { label }
}

export function keyRoutes(deps: DashboardDeps, web: WebContext) {
	const { sql, clock, logger } = deps

	const page = async (session: Session, view: Partial<KeysView>, status = 200) =>
		htmlResponse(
			keysPage({ session, csrf: web.csrfFor(session), now: clock.now(), keys: await listAccountKeys(sql, session.accountId), ...view }),
			{ status }
		)
	const expired = (session: Session) => page(session, { error: 'This form expired. Please submit it again.' }, 403)

	return new Elysia()
		.get('/keys', async ({ request, query }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, { notice: typeof query.notice === 'string' ? NOTICES[query.notice] : undefined })
		})

		.post('/keys', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return expired(session)
			const checked = readLabel(formField(body, 'label'))
			if ('error' in checked) return page(session, { error: checked.error, label: formField(body, 'label') }, 400)
			const issued = await issueApiKey(sql, clock, session.accountId, checked.label)
			logger.info('api key created', { account_id: session.accountId, key_id: issued.id })
			// Shown in this response only: no redirect, since the key must never be stored to survive one.
			return page(session, { created: { key: issued.key, label: issued.label } }, 201)
		})

		.post('/keys/:id/revoke', async ({ request, body, params }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return expired(session)
			const revoked = UUID.test(params.id) && (await revokeApiKey(sql, clock, session.accountId, params.id))
			if (!revoked) return page(session, { error: 'That key does not exist or is already revoked.' }, 404)
			logger.info('api key revoked', { account_id: session.accountId, key_id: params.id })
			return redirect('/keys?notice=revoked')
		})
}
