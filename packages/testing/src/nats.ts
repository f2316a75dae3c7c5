import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { findBinary, makeOwnedTempDir, onProcessExit } from './processes.ts'
import { waitFor } from './wait.ts'

export type NatsHandle = { url: string; port: number; storeDir: string; stop(): Promise<void> }

export const NATS_INSTALL_HINT = 'nats-server not found: install it with `apt-get install -y nats-server` (or run `npm run stack`, which does).'

export function natsBinary(): string {
	const binary = findBinary(['nats-server', '/usr/sbin/nats-server', '/usr/bin/nats-server'])
	if (!binary) throw new Error(NATS_INSTALL_HINT)
	return binary
}

/** A real `nats-server -js` on a random port with its own store directory. */
export async function startNats(options: { storeDir?: string; port?: number } = {}): Promise<NatsHandle> {
	const binary = natsBinary()
	const dir = makeOwnedTempDir('nats')
	const storeDir = options.storeDir ?? join(dir, 'store')
	const configFile = join(dir, 'nats.conf')
	writeFileSync(
		configFile,
		[`listen: 127.0.0.1:${options.port ?? -1}`, `ports_file_dir: "${dir}"`, `jetstream { store_dir: "${storeDir}" }`].join('\n')
	)
	const child = Bun.spawn([binary, '-c', configFile], { stdout: 'ignore', stderr: 'pipe' })
	writeFileSync(join(dir, 'child.pid'), String(child.pid))
	const kill = () => {
		try {
			child.kill('SIGKILL')
		} catch {}
		rmSync(dir, { recursive: true, force: true })
	}
	const unhook = onProcessExit(kill)
	try {
		const url = await waitFor(
			() => {
				if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`)
				const portsFile = readdirSync(dir).find((name) => name.endsWith('.ports'))
				if (!portsFile) return undefined
				const ports = JSON.parse(readFileSync(join(dir, portsFile), 'utf8')) as { nats?: string[] }
				return ports.nats?.[0]
			},
			{ what: 'nats-server ports file', timeoutMs: 15_000 }
		)
		const port = Number(new URL(url).port)
		return {
			url,
			port,
			storeDir,
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
