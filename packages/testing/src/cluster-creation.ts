import { renameSync, rmSync } from 'node:fs'

/** What a finished initdb or pg_basebackup run left behind. */
export type CreationRun = {
	exitCode: number | null
	signalCode?: NodeJS.Signals | number
	stdout: string
	stderr: string
}

/** A run's failure: what it said and how it ended, and whether running it again may succeed. */
export type CreationFailure = { description: string; transient: boolean }

/** How much of each output stream a failure keeps. */
const OUTPUT_TAIL = 800

/**
 * Messages of failures that come from the machine rather than the cluster's settings: a process of the
 * run killed (the OOM killer, a test runner reaping a timed-out test's children), or System V shared
 * memory and semaphores used up for a moment by the other clusters on the machine.
 */
const TRANSIENT_STDERR =
	/terminated by signal|could not create shared memory segment|could not create semaphores|could not map anonymous shared memory/i

/** Exit codes 129-192 are a shell's or runuser's report of a child killed by signal (128 + its number). */
const killedThroughWrapper = (exitCode: number | null) => exitCode !== null && exitCode > 128 && exitCode <= 192

/** undefined for a run that succeeded; otherwise everything it said, its exit code or signal, and whether it is worth one more try. */
export function creationFailure(run: CreationRun): CreationFailure | undefined {
	if (run.exitCode === 0 && run.signalCode === undefined) return undefined
	const ending = run.signalCode !== undefined ? `killed by ${run.signalCode}` : `exit code ${run.exitCode}`
	const stderr = run.stderr.trim().slice(-OUTPUT_TAIL)
	const stdout = run.stdout.trim().slice(-OUTPUT_TAIL)
	const description = `${ending}; stderr: ${stderr === '' ? '(empty)' : stderr}; stdout: ${stdout === '' ? '(empty)' : stdout}`
	const transient = run.signalCode !== undefined || killedThroughWrapper(run.exitCode) || TRANSIENT_STDERR.test(run.stderr)
	return { description, transient }
}

/**
 * Creates a data directory at `dataDir` with `command(directory)` (initdb or pg_basebackup). Each try
 * writes into a staging directory of its own, renamed into place only once it succeeded, so a killed
 * try's leftovers (or a process of it still running) never meet the next one. A transient failure is
 * tried once more; any other failure, or a second transient one, throws with what each try said.
 */
export function createDataDir(
	dataDir: string,
	program: string,
	command: (directory: string) => string[],
	run: (argv: string[]) => CreationRun
): void {
	rmSync(dataDir, { recursive: true, force: true })
	const failures: string[] = []
	for (const attempt of [1, 2]) {
		const staging = `${dataDir}.creating-${attempt}`
		rmSync(staging, { recursive: true, force: true })
		const failure = creationFailure(run(command(staging)))
		if (failure === undefined) {
			renameSync(staging, dataDir)
			return
		}
		// Best effort: a killed try's process may still be writing there, and the error to report is the try's.
		try {
			rmSync(staging, { recursive: true, force: true })
		} catch {}
		failures.push(failure.description)
		if (!failure.transient) break
	}
	const tries = failures.length === 1 ? failures[0] : failures.map((text, i) => `try ${i + 1}: ${text}`).join(' | ')
	throw new Error(`${program} failed: ${tries}`)
}
