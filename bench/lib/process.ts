import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, waitFor } from '@lv/testing'

/**
 * BENCH_PROFILE_DIR=dir writes a CPU profile of each server into dir when it stops: markdown, and the
 * .cpuprofile (Chrome's format: its `nodes` and `samples` give the sample count of each stack).
 */
export const profileArgs = () =>
	process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []

/**
 * A checker's extra arguments and environment: its CPU profile (BENCH_PROFILE_DIR), and with
 * BENCH_CHECKER_TRACE=path/prefix the NATS loop's timings of bench/lib/checker-trace.ts, written to
 * `prefix-<pid>.json` when it exits.
 */
export const checkerArgs = () =>
	process.env.BENCH_CHECKER_TRACE ? [...profileArgs(), '--preload', join(REPO_ROOT, 'bench/lib/checker-trace.ts')] : profileArgs()
export const checkerTraceEnv = (): Record<string, string> =>
	process.env.BENCH_CHECKER_TRACE ? { BENCH_CHECKER_TRACE: process.env.BENCH_CHECKER_TRACE } : {}

export type ServerProcess = { pid: number; port: number; stop(): Promise<void> }

/** Starts a server script that listens on PORT and waits until it answers on `readyPath`. */
export async function startServer(entry: string, port: number, env: Record<string, string>, readyPath: string): Promise<ServerProcess> {
	const child = Bun.spawn(['bun', ...profileArgs(), entry], {
		env: { ...process.env, ...env, PORT: String(port) },
		stdout: 'ignore',
		stderr: 'inherit'
	})
	await waitFor(
		async () => {
			if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`)
			return fetch(`http://127.0.0.1:${port}${readyPath}`).then(
				(response) => response.status < 500,
				() => false
			)
		},
		{ what: `${entry} to listen`, timeoutMs: 30_000, intervalMs: 100 }
	)
	return {
		pid: child.pid,
		port,
		async stop() {
			child.kill('SIGTERM')
			await Promise.race([child.exited, Bun.sleep(5000)])
			if (child.exitCode === null) child.kill('SIGKILL')
		}
	}
}

const rssKb = (pid: number) => {
	const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
	return match ? Number(match[1]) : 0
}

/** Samples a process's resident set every 50 ms while `work` runs; returns the peak in MB. */
export async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
	let peak = rssKb(pid)
	const timer = setInterval(() => {
		try {
			peak = Math.max(peak, rssKb(pid))
		} catch {}
	}, 50)
	try {
		const result = await work()
		peak = Math.max(peak, rssKb(pid))
		return { result, peakRssMb: Math.round(peak / 102.4) / 10 }
	} finally {
		clearInterval(timer)
	}
}

type ProcessTicks = { name: string; ticks: number }

/**
 * CPU time (user + system, in clock ticks) of every process now, by pid. Kernel workers rename
 * themselves after the work they run, so the name is only a label: keying by it would count a
 * renamed worker's whole lifetime as this run's.
 */
function cpuTicksByProcess(): Map<string, ProcessTicks> {
	const byPid = new Map<string, ProcessTicks>()
	for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
			const nameEnd = stat.lastIndexOf(')')
			const fields = stat.slice(nameEnd + 2).split(' ')
			byPid.set(pid, { name: stat.slice(stat.indexOf('(') + 1, nameEnd), ticks: Number(fields[11]) + Number(fields[12]) })
		} catch {}
	}
	return byPid
}

/** While `work` runs: each process's share of one CPU (0.5 = half a core), the busiest first, those above 2 %. */
export async function cpuSharesDuring<T>(work: () => Promise<T>): Promise<{ result: T; shares: { process: string; share: number }[] }> {
	const before = cpuTicksByProcess()
	const started = performance.now()
	const result = await work()
	const seconds = (performance.now() - started) / 1000
	const shares = [...cpuTicksByProcess()]
		.map(([pid, now]) => ({ process: `${pid} ${now.name}`, share: (now.ticks - (before.get(pid)?.ticks ?? 0)) / 100 / seconds }))
		.filter((entry) => entry.share > 0.02)
		.sort((a, b) => b.share - a.share)
	return { result, shares }
}

type TreeProcess = { pid: number; parent: number; name: string; ticks: number }

/** A PostgreSQL process by its role ("postgres: walwriter", "postgres backend" for a client's connection); any other by its name. */
function roleOf(pid: string, name: string): string {
	if (name !== 'postgres') return name
	const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
	if (!title.startsWith('postgres: ')) return name
	return title.includes('(') ? 'postgres backend' : title.replace(/^postgres: (\S+( launcher| worker)?).*$/, 'postgres: $1')
}

/** Every process now with its parent and its CPU ticks, its reaped children's included (so a child that exits in between is not lost). */
function processTable(): TreeProcess[] {
	const table: TreeProcess[] = []
	for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
			const nameEnd = stat.lastIndexOf(')')
			const fields = stat.slice(nameEnd + 2).split(' ')
			const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
			table.push({ pid: Number(pid), parent: Number(fields[1]), name: roleOf(pid, stat.slice(stat.indexOf('(') + 1, nameEnd)), ticks })
		} catch {}
	}
	return table
}

/**
 * CPU seconds used so far by the descendants of this process, by label: a pid named in `labels`
 * under its label (and its own descendants with it), any other process under its command name.
 */
export function cpuSecondsOfChildren(labels: ReadonlyMap<number, string>): Map<string, number> {
	const table = processTable()
	const byPid = new Map(table.map((entry) => [entry.pid, entry]))
	const labelOf = (entry: TreeProcess): string | null => {
		let label: string | null = null
		for (let current: TreeProcess | undefined = entry; current; current = byPid.get(current.parent)) {
			if (current.pid === process.pid) return label ?? entry.name
			label ??= labels.get(current.pid) ?? null
		}
		return null
	}
	const seconds = new Map<string, number>()
	for (const entry of table) {
		const label = entry.pid === process.pid ? null : labelOf(entry)
		if (label !== null) seconds.set(label, (seconds.get(label) ?? 0) + entry.ticks / 100)
	}
	return seconds
}

/** CPU seconds per label used since `before` (a cpuSecondsOfChildren reading). */
export function cpuSecondsSince(labels: ReadonlyMap<number, string>, before: ReadonlyMap<string, number>): Map<string, number> {
	const seconds = new Map<string, number>()
	for (const [label, now] of cpuSecondsOfChildren(labels)) seconds.set(label, now - (before.get(label) ?? 0))
	return seconds
}
