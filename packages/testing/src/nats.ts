import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { NATS_ROLES, type NatsRole, natsAuthorizationBlock } from '@lv/contracts'
import { OWN_PROCESS_GROUP, adoptChild, findBinary, makeOwnedTempDir } from './processes.ts'
import { waitFor } from './wait.ts'

export type NatsCredentials = { user: string; pass: string }
export type NatsUsers = Record<NatsRole, NatsCredentials>

export type NatsHandle = {
	url: string
	port: number
	storeDir: string
	/** With `monitor`: the monitoring endpoints' base URL (`/varz`, `/jsz`, `/healthz`). */
	monitorUrl: string | undefined
	/** With `users`: each service's own user, restricted to the permissions of its role. */
	credentials: NatsUsers | undefined
	stop(): Promise<void>
}

/** TLS on the client port; with `caFile`, clients must present a certificate that CA signed. */
export type NatsServerTls = { certFile: string; keyFile: string; caFile?: string }

const tlsBlock = (tls: NatsServerTls) =>
	[
		'tls {',
		`  cert_file: ${JSON.stringify(tls.certFile)}`,
		`  key_file: ${JSON.stringify(tls.keyFile)}`,
		...(tls.caFile ? [`  ca_file: ${JSON.stringify(tls.caFile)}`, '  verify: true'] : []),
		'}'
	].join('\n')

const credentialsForEveryRole = () =>
	Object.fromEntries(NATS_ROLES.map((role) => [role, { user: role, pass: randomBytes(18).toString('base64url') }])) as NatsUsers

/** A server's users: fresh ones for `true`, or another server's (so the nodes of a cluster share them), with their config block. */
export function natsUsersConfig(users: true | NatsUsers | undefined): { credentials: NatsUsers | undefined; config: string[] } {
	const credentials = users === true ? credentialsForEveryRole() : users
	const config = credentials
		? [
				natsAuthorizationBlock(
					Object.entries(credentials).map(([role, { user, pass }]) => ({ role: role as NatsRole, user, password: { literal: pass } }))
				)
			]
		: []
	return { credentials, config }
}

export const NATS_INSTALL_HINT =
	'nats-server not found: install it with `apt-get install -y nats-server` (or run `npm run stack`, which does).'

export function natsBinary(): string {
	const binary = findBinary(['nats-server', '/usr/sbin/nats-server', '/usr/bin/nats-server'])
	if (!binary) throw new Error(NATS_INSTALL_HINT)
	return binary
}

/**
 * A real `nats-server -js` on a random port with its own store directory. With `users: true` every
 * connection needs a user: one per service role with that role's subject permissions (fresh passwords,
 * or the `credentials` of another server, so the nodes of a cluster share them); with `tls` the client
 * port speaks TLS only; with `monitor` it serves its monitoring endpoints on a free port.
 */
export async function startNats(
	options: { storeDir?: string; port?: number; users?: true | NatsUsers; tls?: NatsServerTls; monitor?: boolean } = {}
): Promise<NatsHandle> {
	const binary = natsBinary()
	const dir = makeOwnedTempDir('nats')
	const storeDir = options.storeDir ?? join(dir, 'store')
	const configFile = join(dir, 'nats.conf')
	const { credentials, config: authorization } = natsUsersConfig(options.users)
	writeFileSync(
		configFile,
		[
			`listen: 127.0.0.1:${options.port ?? -1}`,
			...(options.monitor ? ['http: 127.0.0.1:-1'] : []),
			`ports_file_dir: "${dir}"`,
			`jetstream { store_dir: "${storeDir}" }`,
			...authorization,
			...(options.tls ? [tlsBlock(options.tls)] : [])
		].join('\n')
	)
	const child = Bun.spawn([binary, '-c', configFile], { stdout: 'ignore', stderr: 'pipe', detached: OWN_PROCESS_GROUP })
	const { kill, unhook } = adoptChild(dir, child)
	try {
		const ports = await waitFor(
			() => {
				if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`)
				const portsFile = readdirSync(dir).find((name) => name.endsWith('.ports'))
				if (!portsFile) return undefined
				const written = JSON.parse(readFileSync(join(dir, portsFile), 'utf8')) as { nats?: string[]; monitoring?: string[] }
				return written.nats?.[0] ? written : undefined
			},
			{ what: 'nats-server ports file', timeoutMs: 15_000 }
		)
		const url = ports.nats?.[0] ?? ''
		const port = Number(new URL(url).port)
		return {
			url,
			port,
			storeDir,
			monitorUrl: ports.monitoring?.[0],
			credentials,
			async stop() {
				unhook()
				child.kill('SIGTERM')
				await Promise.race([child.exited, Bun.sleep(3000)])
				kill()
			}
		}
	} catch (error) {
		const stderr = await new Response(child.stderr).text().catch(() => '')
		unhook()
		kill()
		throw new Error(`nats-server did not start: ${stderr.slice(0, 500)}`, { cause: error })
	}
}
