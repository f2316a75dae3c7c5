import { verifyChallenge } from 'pkce-challenge'

/** RFC 7636: a verifier is 43-128 unreserved characters; an S256 challenge is 43 base64url characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

export const isS256Challenge = (challenge: string) => S256_CHALLENGE.test(challenge)

/** The verifier presented at the token endpoint matches the S256 challenge of the authorisation request. */
export async function pkceVerifierMatches(verifier: string, challenge: string): Promise<boolean> {
	if (!VERIFIER.test(verifier)) return false
	return verifyChallenge(verifier, challenge)
}
