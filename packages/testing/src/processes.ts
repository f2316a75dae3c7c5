import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Repository root: packages/testing/src -> ../../.. */
export const REPO_ROOT = resolve(import.meta.dir, '..', '..', '..')
export const TMP_ROOT = join(REPO_ROOT, '.tmp')

/**
 * Servers (PostgreSQL, nats-server) run in their own process group: a terminal's Ctrl-C reaches the
 * program that started them, which stops them after whatever uses them (the stack stops its services
 * first), never at the same moment.
 */
export const OWN_PROCESS_GROUP = true

export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

/**
 * A throwaway directory under .tmp/ owned by this process. Directories left by a process that
 * died without cleaning up are removed (with whatever they started) the next time one is made.
 */
export function makeOwnedTempDir(prefix: string): string {
	mkdirSync(TMP_ROOT, { recursive: true, mode: 0o755 })
	sweepOrphans(prefix)
	const name = `${prefix}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`
	// built under a name no sweeper matches, then renamed: a sweeper never sees it without its owner file
	const staging = join(TMP_ROOT, `.staging-${name}`)
	mkdirSync(staging, { recursive: true, mode: 0o755 })
	writeFileSync(join(staging, 'owner.pid'), String(process.pid))
	const dir = join(TMP_ROOT, name)
	renameSync(staging, dir)
	return dir
}

function sweepOrphans(prefix: string): void {
	for (const name of readdirSync(TMP_ROOT)) {
		if (!name.startsWith(`${prefix}-`)) continue
		const dir = join(TMP_ROOT, name)
		const ownerFile = join(dir, 'owner.pid')
		const owner = readPid(ownerFile)
		if (owner !== undefined && isAlive(owner)) continue
		const child = readPid(join(dir, 'child.pid'))
		if (child !== undefined && isAlive(child)) {
			try {
				process.kill(child, 'SIGKILL')
			} catch {}
		}
		rmSync(dir, { recursive: true, force: true })
	}
}

/** The pid in a file, or undefined when the file is gone (another sweeper got there first) or unreadable. */
function readPid(file: string): number | undefined {
	try {
		const pid = Number(readFileSync(file, 'utf8'))
		return Number.isInteger(pid) && pid > 0 ? pid : undefined
	} catch {
		return undefined
	}
}

type Cleanup = () => void
const cleanups = new Set<Cleanup>()
let hooked = false

/** Registers a synchronous cleanup that runs on normal exit, SIGINT and SIGTERM. */
export function onProcessExit(cleanup: Cleanup): () => void {
	cleanups.add(cleanup)
	if (!hooked) {
		hooked = true
		const runAll = () => {
			for (const fn of [...cleanups]) {
				cleanups.delete(fn)
				try {
					fn()
				} catch {}
			}
		}
		process.on('exit', runAll)
		for (const signal of ['SIGINT', 'SIGTERM'] as const) {
			process.on(signal, () => {
				// a program with its own handler (the stack) shuts down in order and calls stop() itself
				if (process.listenerCount(signal) > 1) return
				runAll()
				process.exit(130)
			})
		}
	}
	return () => cleanups.delete(cleanup)
}

/**
 * Makes `child` belong to the owned temp directory `dir`: its pid is written there (so a later
 * sweep kills it if this process dies first), and it is killed and the directory removed when this
 * process exits. `kill` does that now; `unhook` forgets the exit cleanup.
 */
export function adoptChild(
	dir: string,
	child: { pid: number; kill(signal?: number | NodeJS.Signals): void }
): { kill(): void; unhook(): void } {
	writeFileSync(join(dir, 'child.pid'), String(child.pid))
	const kill = () => {
		try {
			child.kill('SIGKILL')
		} catch {}
		rmSync(dir, { recursive: true, force: true })
	}
	return { kill, unhook: onProcessExit(kill) }
}

export function findBinary(candidates: string[]): string | undefined {
	for (const candidate of candidates) {
		if (candidate.includes('/')) {
			if (existsSync(candidate)) return candidate
			continue
		}
		const found = Bun.which(candidate)
		if (found) return found
	}
	return undefined
}
