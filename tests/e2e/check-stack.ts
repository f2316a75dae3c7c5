import { join } from 'node:path'
import { createAccount, issueApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { REPO_ROOT, freePort, waitFor } from '@lv/testing'

export type ServiceProcess = {
	name: string
	pid: number
	healthPort: number
	port: number
	stop(): Promise<number | null>
	output(): string
}

const START_ATTEMPTS = 3

/**
 * Starts one service's real main.ts as a child process and waits for its /readyz. A port chosen free
 * can be taken (by another process's outgoing connection) before the child binds it: a child that
 * exits on EADDRINUSE is started again on fresh ports.
 */
export async function startService(name: string, env: Record<string, string>, bunArgs: string[] = []): Promise<ServiceProcess> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startServiceOnce(name, env, bunArgs)
		} catch (error) {
			if (!(error instanceof PortTaken) || attempt === START_ATTEMPTS) throw error
		}
	}
}

class PortTaken extends Error {}

async function startServiceOnce(name: string, env: Record<string, string>, bunArgs: string[]): Promise<ServiceProcess> {
	const healthPort = await freePort()
	// A caller that must know the address before the start (a URL in another service's settings) passes PORT.
	const port = env.PORT ? Number(env.PORT) : await freePort()
	let output = ''
	const child = Bun.spawn(['bun', ...bunArgs, join(REPO_ROOT, 'services', name, 'src', 'main.ts')], {
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '/root',
			LOG_LEVEL: 'warn',
			HEALTH_PORT: String(healthPort),
			PORT: String(port),
			...env
		},
		stdout: 'pipe',
		stderr: 'pipe'
	})
	const outputRead = [child.stdout, child.stderr].map(async (stream) => {
		for await (const chunk of stream) output += new TextDecoder().decode(chunk)
	})
	// Ends as soon as the child is ready or has exited: an exit is not waited out to the deadline.
	const outcome = await waitFor(
		async () => {
			if (child.exitCode !== null) return 'exited' as const
			const status = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
				(r) => r.status,
				() => 0
			)
			return status === 200 && ('ready' as const)
		},
		{ what: `${name} to be ready`, timeoutMs: 30_000, intervalMs: 50 }
	).catch((error: unknown) => error)
	if (outcome !== 'ready') {
		child.kill('SIGKILL')
		await Promise.race([Promise.all(outputRead), Bun.sleep(1_000)])
		if (outcome === 'exited' && output.includes('EADDRINUSE')) throw new PortTaken(`${name}: a port was taken before it bound it`)
		if (outcome === 'exited') throw new Error(`${name} exited with ${child.exitCode}: ${output.slice(-2000)}`)
		throw new Error(`${name} did not become ready: ${output.slice(-2000)}`, { cause: outcome })
	}
	return {
		name,
		pid: child.pid,
		healthPort,
		port,
		output: () => output,
		async stop() {
			if (child.exitCode !== null) return child.exitCode
			child.kill('SIGTERM')
			const code = await Promise.race([child.exited, Bun.sleep(15_000).then(() => null)])
			if (code === null) child.kill('SIGKILL')
			return code
		}
	}
}

/** An account on `plan` with a fresh key, as the dashboard would issue it. */
export async function issueKey(sql: Sql, plan: 'starter' | 'pro' | 'business' | 'enterprise'): Promise<string> {
	const { id } = await createAccount(sql, systemClock, { name: `e2e ${crypto.randomUUID().slice(0, 8)}`, plan })
	return (await issueApiKey(sql, systemClock, id, 'e2e')).key
}
