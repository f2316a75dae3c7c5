/** What the Authorization header holds, before any lookup; `grant`: a connector call made in this process for an OAuth grant's key (connector-calls.ts). */
export type Credentials = { kind: 'absent' } | { kind: 'malformed' } | { kind: 'key'; key: string } | { kind: 'grant' }

const BEARER = /^Bearer +(\S+) *$/i

/** SPEC: `Authorization: Bearer <API_KEY>`; anything else present is malformed_header. */
export function readCredentials(header: string | null): Credentials {
	if (header === null) return { kind: 'absent' }
	const match = BEARER.exec(header)
	const key = match?.[1]
	return key === undefined ? { kind: 'malformed' } : { kind: 'key', key }
}
