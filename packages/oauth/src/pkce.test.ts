import { describe, expect, test } from 'bun:test'
import pkceChallenge from 'pkce-challenge'
import { isS256Challenge, pkceVerifierMatches } from './pkce.ts'

describe('PKCE S256', () => {
	test('the verifier of a challenge matches it; another verifier does not', async () => {
		const { code_verifier, code_challenge } = await pkceChallenge()
		expect(isS256Challenge(code_challenge)).toBe(true)
		expect(await pkceVerifierMatches(code_verifier, code_challenge)).toBe(true)
		const other = await pkceChallenge()
		expect(await pkceVerifierMatches(other.code_verifier, code_challenge)).toBe(false)
	})

	test('a plain challenge (the verifier itself) is not an S256 challenge and never matches', async () => {
		const { code_verifier } = await pkceChallenge(64)
		expect(isS256Challenge(code_verifier)).toBe(false)
		expect(await pkceVerifierMatches(code_verifier, code_verifier)).toBe(false)
	})
})
