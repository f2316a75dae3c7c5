import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Repository root: packages/testing/src -> ../../.. */
export const REPO_ROOT = resolve(import.meta.dir, '..', '..', '..')
export const TMP_ROOT = join(REPO_ROOT, '.tmp')

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
	const dir = join(TMP_ROOT, `${prefix}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`)
	mkdirSync(dir, { recursive: true, mode: 0o755 })
	writeFileSync(join(dir, 'owner.pid'), String(process.pid))
	return dir
}

function sweepOrphans(prefix: string): void {
	for (const name of readdirSync(TMP_ROOT)) {
		if (!name.startsWith(`${prefix}-`)) continue
		const dir = join(TMP_ROOT, name)
		const ownerFile = join(dir, 'owner.pid')
		// a directory another process is still creating has no owner file yet: leave young ones alone
		if (!existsSync(ownerFile) && Date.now() - statSync(dir).mtimeMs < 60_000) continue
		const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : Number.NaN
		if (Number.isFinite(owner) && isAlive(owner)) continue
		const childFile = join(dir, 'child.pid')
		if (existsSync(childFile)) {
			const child = Number(readFileSync(childFile, 'utf8'))
			if (Number.isFinite(child) && isAlive(child)) {
				try {
					process.kill(child, 'SIGKILL')
				} catch {}
			}
		}
		rmSync(dir, { recursive: true, force: true })
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
