import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { silentLogger } from '@lv/logger'
import { TMP_ROOT, startNats, waitFor } from '@lv/testing'
import { backoffDelay, retryWithBackoff, startHealthServer } from './index.ts'

test('backoff doubles from the initial delay up to the cap', () => {
	expect([1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, 250, 1500))).toEqual([250, 500, 1000, 1500, 1500])
})

test('retryWithBackoff keeps trying until the task succeeds, waiting the backoff between tries', async () => {
	const waits: number[] = []
	let calls = 0
	const result = await retryWithBackoff(
		'connect',
		async () => {
			calls++
			if (calls < 4) throw new Error('down')
			return 'up'
		},
		silentLogger,
		{ initialMs: 100, maxMs: 300, sleep: async (ms) => void waits.push(ms) }
	)
	expect(result).toBe('up')
	expect(waits).toEqual([100, 200, 300])
})

test('the health server answers /healthz always and /readyz only when ready', async () => {
	let ready = false
	const server = startHealthServer(0, () => ready, { hostname: '127.0.0.1' })
	try {
		const base = `http://127.0.0.1:${server.port}`
		expect((await fetch(`${base}/healthz`)).status).toBe(200)
		expect((await fetch(`${base}/readyz`)).status).toBe(503)
		ready = true
		expect((await fetch(`${base}/readyz`)).status).toBe(200)
	} finally {
		server.stop()
	}
})

test('a process watching its parent exits once the parent is gone', async () => {
	const dir = mkdtempSync(join(TMP_ROOT, 'orphan-'))
	try {
		const pidFile = join(dir, 'child.pid')
		const script = join(dir, 'child.ts')
		await Bun.write(
			script,
			`import { watchParent } from '${join(import.meta.dir, 'service.ts')}'\nwatchParent(() => process.exit(0), 50)\nawait Bun.write('${pidFile}', String(process.pid))\nsetInterval(() => {}, 1000)\n`
		)
		// The shell starts the watcher in the background and exits once it watches (its pid written), leaving it orphaned;
		// exiting after a fixed pause instead let a slow start see the shell already gone, with nothing left to notice.
		Bun.spawnSync(['sh', '-c', `bun ${script} & i=0; while [ ! -s ${pidFile} ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done`])
		const pid = Number(await waitFor(() => (Bun.file(pidFile).size > 0 ? readFileSync(pidFile, 'utf8') : undefined), { what: 'child pid' }))
		const alive = () => {
			try {
				process.kill(pid, 0)
				return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')
			} catch {
				return false
			}
		}
		await waitFor(() => !alive(), { what: 'the orphaned child to exit', timeoutMs: 10_000 })
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
})

test('a service whose NATS server went first stops with a warning, not a shutdown failure', async () => {
	const dir = mkdtempSync(join(TMP_ROOT, 'lost-nats-'))
	const nats = await startNats()
	try {
		const script = join(dir, 'service.ts')
		await Bun.write(
			script,
			[
				`import { connectBus } from '@lv/bus'`,
				`import { createLogger } from '@lv/logger'`,
				`import { handleShutdown } from '${join(import.meta.dir, 'service.ts')}'`,
				`const bus = await connectBus({ servers: '${nats.url}', name: 'lost-nats' })`,
				`handleShutdown({ stop: () => bus.drain() }, createLogger({ service: 'lost-nats' }), 10_000)`,
				`console.error('ready')`
			].join('\n')
		)
		const child = Bun.spawn(['bun', script], { cwd: import.meta.dir, stdout: 'pipe', stderr: 'pipe' })
		const output = new Response(child.stdout).text()
		// stderr says when the handler is in place
		await child.stderr.getReader().read()
		await nats.stop()
		child.kill('SIGTERM')
		const exitCode = await child.exited
		const lines = (await output)
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as { level: string; msg: string })
		expect({ exitCode, last: lines.at(-1) }).toMatchObject({
			exitCode: 0,
			last: { level: 'warn', msg: 'stopped without draining NATS: the connection to the server was already lost' }
		})
	} finally {
		await nats.stop()
		rmSync(dir, { recursive: true, force: true })
	}
})
