import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const REPO_ROOT = join(import.meta.dir, '../../..')
const SOURCES = ['packages/*/src/**/*', 'services/checker/src/**/*', 'bun.lock', 'patches/*']
const TEST_FILE = /\.test\.ts$/

/**
 * A digest of the code a checker answers with: the runtime's build (its JSON, number formatting and
 * collation data are part of every answer), every non-test file of the packages, the checker's own
 * and the lockfile. Replicas of different builds report different answer states (ADR 0048), so a
 * gateway never serves one build's bytes for another's.
 */
export function codeFingerprintOf(runtime: string, root = REPO_ROOT): string {
	const files = SOURCES.flatMap((pattern) => [...new Bun.Glob(pattern).scanSync({ cwd: root, onlyFiles: true })])
		.filter((path) => !TEST_FILE.test(path))
		.sort()
	const hasher = new Bun.CryptoHasher('sha256')
	hasher.update(runtime)
	for (const path of files) {
		hasher.update(path)
		hasher.update(readFileSync(join(root, path)))
	}
	return hasher.digest('base64url').slice(0, 22)
}

/** This process's code fingerprint, hashed once. */
export const codeFingerprint = (() => {
	let fingerprint: string | undefined
	return (): string => {
		fingerprint ??= codeFingerprintOf(`bun ${Bun.version} ${Bun.revision}`)
		return fingerprint
	}
})()
