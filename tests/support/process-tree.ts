import { readFileSync, readdirSync } from 'node:fs'

export type ProcessEntry = { pid: number; ppid: number; name: string; state: string }

/** One process from /proc/<pid>/stat, or null once it is gone. The name is the kernel's comm (up to 15 characters). */
export function readProcess(pid: number): ProcessEntry | null {
	let stat: string
	try {
		stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
	} catch {
		return null
	}
	// "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ')'.
	const open = stat.indexOf('(')
	const close = stat.lastIndexOf(')')
	const [state = '', ppid = '0'] = stat.slice(close + 2).split(' ')
	return { pid, ppid: Number(ppid), name: stat.slice(open + 1, close), state }
}

/** Every live descendant of `root` (children, their children…), read from /proc. */
export function descendantsOf(root: number): ProcessEntry[] {
	const all: ProcessEntry[] = []
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue
		const entry = readProcess(Number(name))
		if (entry) all.push(entry)
	}
	const found: ProcessEntry[] = []
	const parents = new Set([root])
	let grew = true
	while (grew) {
		grew = false
		for (const entry of all) {
			if (parents.has(entry.ppid) && !parents.has(entry.pid)) {
				parents.add(entry.pid)
				found.push(entry)
				grew = true
			}
		}
	}
	return found
}

/** Still running: present in /proc and not a zombie waiting to be reaped (a zombie holds no resources and runs nothing). */
export function isRunning(pid: number): boolean {
	const entry = readProcess(pid)
	return entry !== null && entry.state !== 'Z'
}
