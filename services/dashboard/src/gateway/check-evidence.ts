import type { GatewayClient } from './gateway-client.ts'
import type { GatewayProblem } from './gateway-problem.ts'

const EVIDENCE_ID = /^ev_[0-9A-HJKMNP-TV-Z]{26}$/

export type EvidenceOutcome = { ok: true; response: Response } | { ok: false; problem: GatewayProblem }

const unreadableAnswer = (): GatewayProblem => ({
	status: null,
	message: 'The API answered the check without a signed record. Try again in a moment.',
	code: null,
	reason: null,
	resetAt: null
})

function evidenceIdOf(answer: unknown): string | null {
	const id = (answer as { evidence?: { id?: unknown } } | null)?.evidence?.id
	return typeof id === 'string' && EVIDENCE_ID.test(id) ? id : null
}

/** The download's name: the domain (a hostname, but the header gets only safe characters) and the record id. */
const fileNameOf = (domain: string, id: string) => `evidence-${domain.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 100)}-${id}.pdf`

/**
 * Checks the domain again, as the account, with `evidence=true`, then fetches the new record's
 * report from `GET /v1/evidence/{id}.pdf` and hands it on as a download: two calls, counted and
 * refused exactly as the API counts and refuses them (no plan, quota used up, no signing key). The
 * record states the instant of this check, not of any earlier answer the page shows.
 */
export async function downloadCheckEvidence(client: GatewayClient, accountId: string, domain: string): Promise<EvidenceOutcome> {
	const checked = await client.callAs(accountId, 'evidence', 'GET', `/v1/check?domain=${encodeURIComponent(domain)}&evidence=true`)
	if (!checked.ok) return checked
	const id = evidenceIdOf(await checked.response.json().catch(() => null))
	if (id === null) return { ok: false, problem: unreadableAnswer() }
	const report = await client.callAs(accountId, 'evidence', 'GET', `/v1/evidence/${id}.pdf`)
	if (!report.ok) return report
	const headers = new Headers({
		'content-type': 'application/pdf',
		'content-disposition': `attachment; filename="${fileNameOf(domain, id)}"`,
		'cache-control': 'no-store',
		'x-content-type-options': 'nosniff'
	})
	return { ok: true, response: new Response(report.response.body, { status: 200, headers }) }
}
