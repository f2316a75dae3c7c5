/**
 * The processes `npm run stack` starts, in order, with the environment each needs beyond the
 * common DATABASE_URL / NATS_URL / LOG_LEVEL. A service whose entry file does not exist yet is skipped.
 * With `--cluster`, services with `clusterReplicas` run that many processes.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { generateEvidenceKey } from '@lv/evidence'

export type StackPorts = {
	api: number
	dashboard: number
	registers: number /** the second gateway's, with --cluster */
	apiReplica: number
}

/** The stack gateway's evidence signing key (a private Ed25519 JWK), made on the first start and kept with the data. */
export const stackEvidenceKeyFile = (dataDir: string) => join(dataDir, 'evidence-signing-key.json')

export async function ensureStackEvidenceKey(dataDir: string): Promise<void> {
	const file = stackEvidenceKeyFile(dataDir)
	if (!existsSync(file)) writeFileSync(file, JSON.stringify(await generateEvidenceKey('stack-1')), { mode: 0o600 })
}

/** Where the stack's dashboard writes its mail, one .eml file per message. */
export const stackMailDir = (dataDir: string) => join(dataDir, 'mail')

export type StackService = {
	name: string
	entry: string
	/** `dataDir` is the stack's data directory (.tmp/stack unless STACK_DATA_DIR says otherwise); `replica` counts from 0, above 0 only for services with clusterReplicas. */
	env: (ports: StackPorts, dataDir: string, replica: number) => Record<string, string>
	clusterReplicas?: number
	/** The port whose /readyz (or / for non-services) tells the process is up. */
	readyUrl?: (ports: StackPorts, healthPort: number) => string
	/** Serves the services rather than being one: stopped only once they have stopped. */
	stopsAfterServices?: true
}

const JURISDICTIONS = 'UKGC,MGA,CW,KH,AN,TGC,IOM'

/** Demo only: the dashboard signs connector access tokens with it, the gateway verifies them. */
const OAUTH_TOKEN_SECRET = 'stack-demo-only-oauth-token-secret-0123456789'

export const STACK_SERVICES: StackService[] = [
	{
		name: 'register-server',
		entry: 'packages/register-server/src/main.ts',
		stopsAfterServices: true,
		env: (ports) => ({ PORT: String(ports.registers) })
	},
	{
		name: 'checker',
		entry: 'services/checker/src/main.ts',
		clusterReplicas: 2,
		env: () => ({})
	},
	{
		name: 'reader',
		entry: 'services/reader/src/main.ts',
		clusterReplicas: 2,
		env: (ports) => ({
			READER_JURISDICTIONS: JURISDICTIONS,
			READER_SOURCE_BASE_URL: `http://127.0.0.1:${ports.registers}`,
			READER_SOURCE_ALLOW_LIST: `127.0.0.1:${ports.registers}`,
			READER_RUN_ON_START: 'true'
		})
	},
	{
		name: 'notifier',
		entry: 'services/notifier/src/main.ts',
		clusterReplicas: 2,
		env: () => ({
			WEBHOOK_SECRET_KEY: 'c3RhY2stZGVtby1vbmx5LXdlYmhvb2sta2V5LTMyYiE=',
			WEBHOOK_ALLOW_LIST: ''
		})
	},
	{
		name: 'exporter',
		entry: 'services/exporter/src/main.ts',
		env: () => ({})
	},
	{
		name: 'gateway',
		entry: 'services/gateway/src/main.ts',
		clusterReplicas: 2,
		env: (ports, dataDir, replica) => ({
			PORT: String(replica === 0 ? ports.api : ports.apiReplica),
			PUBLIC_BASE_URL: `http://localhost:${ports.api}`,
			APP_URL: `http://localhost:${ports.dashboard}`,
			WEBHOOK_SECRET_KEY: 'c3RhY2stZGVtby1vbmx5LXdlYmhvb2sta2V5LTMyYiE=',
			WEBHOOK_ALLOW_LIST: '',
			OAUTH_TOKEN_SECRET,
			EVIDENCE_SIGNING_KEY_FILE: stackEvidenceKeyFile(dataDir)
		})
	},
	{
		name: 'dashboard',
		entry: 'services/dashboard/src/main.ts',
		env: (ports, dataDir) => ({
			PORT: String(ports.dashboard),
			APP_URL: `http://localhost:${ports.dashboard}`,
			API_BASE_URL: `http://localhost:${ports.api}`,
			// Sign-up mails become files a person opens to click the link; no mail leaves the machine.
			DASHBOARD_MAIL_URL: pathToFileURL(stackMailDir(dataDir)).href,
			OAUTH_TOKEN_SECRET
		})
	}
]
