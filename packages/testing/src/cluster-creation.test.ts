import { afterEach, beforeEach, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type CreationRun, createDataDir, creationFailure } from './cluster-creation.ts'
import { TMP_ROOT } from './processes.ts'
import { pgBinary, runAsPostgresUser } from './postgres.ts'

let parent: string
beforeEach(() => {
	parent = mkdtempSync(join(TMP_ROOT, 'cluster-creation-'))
})
afterEach(() => rmSync(parent, { recursive: true, force: true }))

/** A stand-in for initdb: a shell script run with the directory to create as $1. */
const script =
	(body: string) =>
	(directory: string): string[] => ['sh', '-c', body, 'fake-initdb', directory]

const spawned = (argv: string[]): CreationRun => {
	const ran = Bun.spawnSync(argv, { stdout: 'pipe', stderr: 'pipe' })
	return { exitCode: ran.exitCode, signalCode: ran.signalCode, stdout: ran.stdout.toString(), stderr: ran.stderr.toString() }
}

const errorOf = (create: () => void): string => {
	try {
		create()
	} catch (error) {
		return (error as Error).message
	}
	throw new Error('expected the creation to fail')
}

test("a failed initdb's error keeps its stdout and exit code, says its stderr was empty, and a real error is not tried again", () => {
	const tries = join(parent, 'tries')
	const dataDir = join(parent, 'data')
	const message = errorOf(() =>
		createDataDir(dataDir, 'initdb', script(`echo try >> ${tries}; echo 'creating directory ... ok'; exit 3`), spawned)
	)
	expect(message).toBe('initdb failed: exit code 3; stderr: (empty); stdout: creating directory ... ok')
	expect(readFileSync(tries, 'utf8')).toBe('try\n')
	expect(readdirSync(parent)).toEqual(['tries'])
})

test('initdb killed by a signal is tried once more in a fresh directory, whose cluster becomes the data directory', () => {
	const dataDir = join(parent, 'data')
	// The first try leaves a half-written directory behind and dies by SIGKILL; the second completes.
	const body = `if [ -e ${parent}/killed ]; then mkdir "$1" && echo 15 > "$1/PG_VERSION" && echo "second in $1"; else
touch ${parent}/killed; mkdir "$1"; echo half > "$1/half-written"; kill -9 $$; fi`
	const said: string[] = []
	createDataDir(dataDir, 'initdb', script(body), (argv) => {
		const run = spawned(argv)
		said.push(run.signalCode === undefined ? run.stdout : `killed by ${run.signalCode}`)
		return run
	})
	expect(said).toEqual(['killed by SIGKILL', `second in ${dataDir}.creating-2\n`])
	expect(readdirSync(dataDir)).toEqual(['PG_VERSION'])
	expect(readdirSync(parent).sort()).toEqual(['data', 'killed'])
})

test('a second transient failure is not tried a third time, and the error names both tries', () => {
	const tries = join(parent, 'tries')
	const message = errorOf(() =>
		createDataDir(
			join(parent, 'data'),
			'initdb',
			script(`echo try >> ${tries}; echo 'could not create semaphores: No space left on device' >&2; exit 1`),
			spawned
		)
	)
	expect(readFileSync(tries, 'utf8')).toBe('try\ntry\n')
	expect(message).toBe(
		'initdb failed: try 1: exit code 1; stderr: could not create semaphores: No space left on device; stdout: (empty) | try 2: exit code 1; stderr: could not create semaphores: No space left on device; stdout: (empty)'
	)
	expect(existsSync(join(parent, 'data'))).toBe(false)
})

test('a process killed under runuser (exit code 128 + signal) or a backend terminated by a signal is transient; a bad setting is not', () => {
	const run = (exitCode: number, stderr = ''): CreationRun => ({ exitCode, stdout: '', stderr })
	expect(creationFailure(run(0))).toBeUndefined()
	expect(creationFailure(run(137, 'Killed'))?.transient).toBe(true)
	expect(creationFailure(run(1, 'child process was terminated by signal 9: Killed'))?.transient).toBe(true)
	expect(creationFailure(run(1, 'FATAL:  could not create shared memory segment: No space left on device'))?.transient).toBe(true)
	expect(creationFailure(run(1, 'initdb: error: invalid locale name "xx_XX.nope"'))?.transient).toBe(false)
	expect(creationFailure({ exitCode: null, signalCode: 'SIGTERM', stdout: '', stderr: '' })).toEqual({
		description: 'killed by SIGTERM; stderr: (empty); stdout: (empty)',
		transient: true
	})
})

test("the real initdb's failure carries what it printed on stdout and stderr and its exit code", () => {
	const message = errorOf(() =>
		createDataDir(
			join(parent, 'data'),
			'initdb',
			(directory) => [pgBinary('initdb'), '-D', directory, '--locale=xx_XX.nope'],
			runAsPostgresUser
		)
	)
	expect(message).toStartWith('initdb failed: exit code 1; stderr: initdb: error: invalid locale name "xx_XX.nope"')
	expect(message).toContain('stdout: The files belonging to this database system will be owned by user')
})
