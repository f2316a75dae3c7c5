/**
 * Operations on accounts and keys until the dashboard does them:
 *
 *   bun scripts/ops.ts create-account --name "Acme" --plan starter   -> account id (and a first key with --key)
 *   bun scripts/ops.ts issue-key --account <id> [--label "ci"]        -> the key, shown once
 *   bun scripts/ops.ts revoke-key --account <id> --key <key id>
 *   bun scripts/ops.ts list-keys --account <id>
 *   bun scripts/ops.ts set-plan --account <id> --plan pro [--status active|canceled]
 *   bun scripts/ops.ts plans
 *   bun scripts/ops.ts reencrypt-webhook-secrets                    -> { checked, reencrypted, unreadable }
 *
 * Reads DATABASE_URL; reencrypt-webhook-secrets also WEBHOOK_SECRET_KEY (the key that encrypts from now on)
 * and WEBHOOK_SECRET_PREVIOUS_KEYS (comma-separated retired keys that still decrypt). Output is one JSON object per line.
 */
import {
	PLAN_CODES,
	type PlanCode,
	awaitKeyChangesApplied,
	createAccount,
	currentKeyRevision,
	issueApiKey,
	revokeApiKey
} from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { T, loadConfigOrExit, splitList } from '@lv/config'
import { type Sql, createSql } from '@lv/db'
import { secretKeyring } from '@lv/webhooks'
import { reencryptWebhookSecrets } from './reencrypt-webhook-secrets.ts'

const USAGE =
	'usage: ops <create-account|issue-key|revoke-key|list-keys|set-plan|await-key-changes|plans|reencrypt-webhook-secrets> [--name N] [--plan P] [--account ID] [--key ID] [--label L] [--status S]'

function flags(argv: string[]): Record<string, string> {
	const out: Record<string, string> = {}
	for (let index = 0; index < argv.length; index++) {
		const name = argv[index]
		if (name?.startsWith('--')) {
			const value = argv[index + 1]
			out[name.slice(2)] = value === undefined || value.startsWith('--') ? 'true' : value
			if (value !== undefined && !value.startsWith('--')) index++
		}
	}
	return out
}

function required(options: Record<string, string>, name: string): string {
	const value = options[name]
	if (!value) fail(`--${name} is required`)
	return value
}

function fail(message: string): never {
	console.error(JSON.stringify({ error: message, usage: USAGE }))
	process.exit(2)
}

function plan(value: string): PlanCode {
	if (!(PLAN_CODES as readonly string[]).includes(value)) fail(`--plan must be one of ${PLAN_CODES.join(', ')}`)
	return value as PlanCode
}

const print = (value: unknown) => console.log(JSON.stringify(value))

async function run(sql: Sql, command: string | undefined, options: Record<string, string>): Promise<void> {
	switch (command) {
		case 'create-account': {
			const account = await createAccount(sql, systemClock, { name: required(options, 'name'), plan: plan(options.plan ?? 'starter') })
			print({ account_id: account.id, plan: options.plan ?? 'starter' })
			if (options.key === 'true') {
				const issued = await issueApiKey(sql, systemClock, account.id, options.label ?? 'default')
				print({ key_id: issued.id, key: issued.key, display_prefix: issued.displayPrefix, note: 'shown once; store it now' })
			}
			return
		}
		case 'issue-key': {
			const accountId = required(options, 'account')
			const issued = await issueApiKey(sql, systemClock, accountId, options.label ?? 'default')
			print({
				key_id: issued.id,
				key: issued.key,
				display_prefix: issued.displayPrefix,
				label: issued.label,
				note: 'shown once; store it now'
			})
			return
		}
		case 'revoke-key': {
			const revoked = await revokeApiKey(sql, systemClock, required(options, 'account'), required(options, 'key'))
			if (!revoked) fail('no such unrevoked key on that account')
			print({ revoked: true, key_id: options.key })
			return
		}
		case 'list-keys': {
			const rows = await sql`
				SELECT id AS key_id, display_prefix, label, created_at, last_used_at, revoked_at
				FROM api_keys WHERE account_id = ${required(options, 'account')} ORDER BY created_at`
			for (const row of rows) print(row)
			return
		}
		case 'set-plan': {
			const status = options.status ?? 'active'
			if (status !== 'active' && status !== 'canceled') fail('--status must be active or canceled')
			const rows = await sql`
				UPDATE accounts SET plan_code = ${plan(required(options, 'plan'))}, plan_status = ${status}
				WHERE id = ${required(options, 'account')} RETURNING id`
			if (rows.length === 0) fail('no such account')
			// Returns once every gateway replica answering keys under a lease applies the new plan (ADR 0031).
			await awaitKeyChangesApplied(sql, systemClock)
			print({ account_id: options.account, plan: options.plan, status })
			return
		}
		case 'await-key-changes': {
			// After a key, account or plan row written by hand in SQL: returns once every gateway replica applies it (ADR 0031).
			await awaitKeyChangesApplied(sql, systemClock)
			print({ applied: true, revision: await currentKeyRevision(sql) })
			return
		}
		case 'plans': {
			for (const row of await sql`SELECT * FROM plans ORDER BY rank`) print(row)
			return
		}
		case 'reencrypt-webhook-secrets': {
			const env = loadConfigOrExit(
				T.Object({ WEBHOOK_SECRET_KEY: T.String({ minLength: 43 }), WEBHOOK_SECRET_PREVIOUS_KEYS: T.String({ default: '' }) }),
				process.env
			)
			const report = await reencryptWebhookSecrets(sql, secretKeyring(env.WEBHOOK_SECRET_KEY, splitList(env.WEBHOOK_SECRET_PREVIOUS_KEYS)))
			print(report)
			if (report.unreadable.length > 0) process.exitCode = 1
			return
		}
		default:
			fail(command ? `unknown command ${command}` : 'no command')
	}
}

const config = loadConfigOrExit(T.Object({ DATABASE_URL: T.String({ minLength: 1 }) }), process.env)
const sql = createSql(config.DATABASE_URL, { max: 1, applicationName: 'ops' })
try {
	await run(sql, process.argv[2], flags(process.argv.slice(3)))
} finally {
	await sql.end({ timeout: 2 })
}
