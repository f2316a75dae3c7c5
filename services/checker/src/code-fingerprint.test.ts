import { expect, test } from 'bun:test'
import { codeFingerprint, codeFingerprintOf } from './code-fingerprint.ts'

test('replicas of the same code on different runtime builds report different code fingerprints', () => {
	expect(codeFingerprintOf('bun 1.4.5 a7733435c')).not.toBe(codeFingerprintOf('bun 1.4.6 0000000'))
	expect(codeFingerprintOf('bun 1.4.5 a7733435c')).toBe(codeFingerprintOf('bun 1.4.5 a7733435c'))
})

test("this process's fingerprint covers its own runtime build", () => {
	expect(codeFingerprint()).toBe(codeFingerprintOf(`bun ${Bun.version} ${Bun.revision}`))
})
