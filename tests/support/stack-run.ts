import { rmSync } from 'node:fs'
import { REPO_ROOT, freePort, makeOwnedTempDir, waitFor } from '@lv/testing'
import { type ProcessEntry, descendantsOf, readProcess } from './process-tree.ts'

export type StackPortsEnv = Record<
	'STACK_PG_PORT' | 'STACK_NATS_PORT' | 'STACK_API_PORT' | 'STACK_API_REPLICA_PORT' | 'STACK_DASHBOARD_PORT' | 'STACK_REGISTERS_PORT',
	number
>

/** Same pid, same program, not a zombie: a recorded process that is still there. */
const stillRunning = (entry: ProcessEntry) => {
	const now = readProcess(entry.pid)
	return now !== null && now.state !== 'Z' && now.name === entry.name
}

/** The services the stack said it started (the register server is a dev tool that logs no `stopped`). */
const startedServices = (output: string) =>
	[...output.matchAll(/\[stack\] (\S+) started/g)].map((match) => match[1] ?? '').filter((name) => name !== 'register-server')

/** A free port for each of the stack's listeners. */
async function freeStackPorts(): Promise<StackPortsEnv> {
	return {
		STACK_PG_PORT: await freePort(),
		// the cluster's nodes take this port and the next two
		STACK_NATS_PORT: await freePort(),
		STACK_API_PORT: await freePort(),
		STACK_API_REPLICA_PORT: await freePort(),
		STACK_DASHBOARD_PORT: await freePort(),
		STACK_REGISTERS_PORT: await freePort()
	}
}

/** `bun scripts/stack.ts <args>` in its own process group, like a terminal's foreground job: Ctrl-C reaches the group, not this test. */
function spawnStack(args: string[], dataDir: string, ports: StackPortsEnv) {
	let output = ''
	const child = Bun.spawn(['bun', 'scripts/stack.ts', ...args], {
		cwd: REPO_ROOT,
		detached: true,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '/root',
			// info: each service's `stopped` line shows its shutdown finished
			LOG_LEVEL: 'info',
			STACK_DATA_DIR: dataDir,
			...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)]))
		},
		stdout: 'pipe',
		stderr: 'pipe'
	})
	for (const stream of [child.stdout, child.stderr]) {
		void (async () => {
			for await (const chunk of stream) output += new TextDecoder().decode(chunk)
		})()
	}
	return { child, output: () => output }
}

/**
 * `bun scripts/stack.ts <args>` as a developer runs it, on free ports with data in a throwaway
 * directory; resolves once it printed its demo key.
 */
export async function runStack(args: string[] = []) {
	const dataDir = makeOwnedTempDir('stack-smoke')
	const ports = await freeStackPorts()
	const { child, output: outputSoFar } = spawnStack(args, dataDir, ports)
	let started: ProcessEntry[] = []
	const run = {
		child,
		ports,
		dataDir,
		output: outputSoFar,
		key: '',
		/** GET on a gateway (the first unless `apiPort`) with the demo key. */
		async get(path: string, apiPort = ports.STACK_API_PORT) {
			const response = await fetch(`http://127.0.0.1:${apiPort}${path}`, { headers: { authorization: `Bearer ${run.key}` } })
			return { status: response.status, body: (await response.json()) as Record<string, any> }
		},
		/** Every process the stack has started so far (remembered, so they can be checked after it stopped). */
		processes() {
			started = [...started, ...descendantsOf(child.pid).filter((entry) => !started.some((known) => known.pid === entry.pid))]
			return started
		},
		/**
		 * Ctrl-C (SIGINT to the whole process group, as a terminal sends it): the exit code (or 'still
		 * running'), whatever it started that is still running, the services that did not log `stopped`
		 * and any error line logged while stopping.
		 */
		async interrupt() {
			run.processes()
			const before = outputSoFar().length
			process.kill(-child.pid, 'SIGINT')
			const exitCode = await Promise.race([child.exited, Bun.sleep(25_000).then(() => 'still running' as const)])
			await waitFor(() => started.every((entry) => !stillRunning(entry)), {
				what: 'every process the stack started to end',
				timeoutMs: 5_000,
				intervalMs: 100
			}).catch(() => {})
			const stopping = outputSoFar().slice(before).split('\n')
			return {
				exitCode,
				leftRunning: started.filter(stillRunning).map((entry) => `${entry.name} ${entry.pid}`),
				notStopped: startedServices(outputSoFar()).filter(
					(name) => !stopping.some((line) => line.startsWith(`${name.padEnd(15)} | `) && line.includes('"msg":"stopped"'))
				),
				errorLines: stopping.filter((line) => line.includes('"level":"error"'))
			}
		},
		/** After a failure: the stack gets its own Ctrl-C first, then whatever is still running is killed by pid. */
		async cleanUp() {
			if (child.exitCode === null) {
				run.processes()
				child.kill('SIGINT')
				await Promise.race([child.exited, Bun.sleep(20_000)])
				if (child.exitCode === null) child.kill('SIGKILL')
			}
			for (const entry of started) if (stillRunning(entry)) process.kill(entry.pid, 'SIGKILL')
			rmSync(dataDir, { recursive: true, force: true })
		}
	}
	run.key = await Promise.race([
		waitFor(() => /Demo API key\s+(lvk_[A-Za-z0-9]{32})\s/.exec(outputSoFar())?.[1] ?? false, {
			what: 'the stack to print its demo key',
			timeoutMs: 90_000,
			intervalMs: 100
		}),
		child.exited.then((code) => Promise.reject(new Error(`the stack exited with ${code}`)))
	]).catch(async (error) => {
		const seen = outputSoFar()
		await run.cleanUp()
		throw new Error(`${error}\n${seen.slice(-3000)}`)
	})
	return run
}

export type StackRun = Awaited<ReturnType<typeof runStack>>
