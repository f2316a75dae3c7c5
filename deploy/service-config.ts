/**
 * Runs a service's own config reader (services/<name>/src/config.ts, the one its main.ts uses) on an
 * environment a deployment file gives it, with the secrets it names filled by stand-ins.
 */
import { join } from 'node:path'
import { REPO_ROOT } from '@lv/testing'

type ConfigReader = (env: Record<string, string | undefined>) => unknown

/** Stand-ins for the values a deployment takes from its secret store; each has the shape the service expects. */
export const SECRET_STAND_INS: Record<string, string> = {
	DATABASE_URL: 'postgres://lv:secret@postgres.internal:5432/lv',
	WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
	WEBHOOK_SECRET_PREVIOUS_KEYS: Buffer.alloc(32, 6).toString('base64'),
	NATS_PASSWORD: 'nats-password',
	DASHBOARD_MAIL_URL: 'smtps://mailer:secret@smtp.example:465',
	OAUTH_TOKEN_SECRET: 'a-connector-token-secret-of-32-characters-or-more',
	EVIDENCE_SIGNING_KEY: '{"kty":"OKP","crv":"Ed25519","x":"stand-in","d":"stand-in","kid":"2026-11","alg":"EdDSA","use":"sig"}',
	EVIDENCE_PUBLIC_KEYS: '[]'
}

/** The service an entry file (`services/<name>/src/main.ts`) starts. */
export function serviceOfEntry(entry: string): string {
	const match = /^services\/([a-z]+)\/src\/main\.ts$/.exec(entry)
	if (!match?.[1]) throw new Error(`not a service entry: ${entry}`)
	return match[1]
}

/** Reads the environment with the service's own reader; the error message when it refuses, undefined when it accepts. */
export async function configProblem(entry: string, env: Record<string, string>): Promise<string | undefined> {
	const module = (await import(join(REPO_ROOT, 'services', serviceOfEntry(entry), 'src', 'config.ts'))) as Record<string, unknown>
	const reader = Object.entries(module).find(([name, value]) => /^read[A-Z][a-z]+Config$/.test(name) && typeof value === 'function')?.[1] as
		| ConfigReader
		| undefined
	if (!reader) throw new Error(`services/${serviceOfEntry(entry)}/src/config.ts exports no read…Config`)
	try {
		reader(env)
		return undefined
	} catch (error) {
		return error instanceof Error ? error.message : String(error)
	}
}

/**
 * Connections a service opens besides its pool of `DATABASE_POOL_MAX`: the gateway's keyed counting
 * connection (ADR 0032).
 */
export const extraConnections = (service: string): number => (service === 'gateway' ? 1 : 0)

/**
 * Connections the PostgreSQL exporter holds: its server's pool and its collectors' pool, one connection each
 * (`SetMaxOpenConns(1)` on both in prometheus-community/postgres_exporter).
 */
export const POSTGRES_EXPORTER_CONNECTIONS = 2
