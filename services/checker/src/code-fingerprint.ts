import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const REPO_ROOT = join(import.meta.dir, '../../..')
const SOURCES = ['packages/*/src/**/*', 'services/checker/src/**/*', 'bun.lock', 'patches/*']
const TEST_FILE = /\.test\.ts$/

/**
 * A digest of the code a checker answers with: every non-test file of the packages, the checker's own
 * and the lockfile, hashed once per process. Replicas of different builds report different answer
 * states (ADR 0048), so a gateway never serves one build's bytes for another's.
 */
export const codeFingerprint = (() => {
	let fingerprint: string | undefined
	return (): string => {
		if (fingerprint !== undefined) return fingerprint
		const files = SOURCES.flatMap((pattern) => [...new Bun.Glob(pattern).scanSync({ cwd: REPO_ROOT, onlyFiles: true })])
			.filter((path) => !TEST_FILE.test(path))
			.sort()
		const hasher = new Bun.CryptoHasher('sha256')
		for (const path of files) {
			hasher.update(path)
			hasher.update(readFileSync(join(REPO_ROOT, path)))
		}
		fingerprint = hasher.digest('base64url').slice(0, 22)
		return fingerprint
	}
})()
