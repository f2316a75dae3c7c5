import { type JWK, exportJWK, generateKeyPair, importJWK } from 'jose'

export const EVIDENCE_ALG = 'EdDSA'

/** A public Ed25519 key as /.well-known/jwks.json publishes it. */
export type PublicEvidenceJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: typeof EVIDENCE_ALG; use: 'sig' }
export type EvidenceJwks = { keys: PublicEvidenceJwk[] }

/** The key records are signed with now, and the public keys of earlier ones (still published so old records verify). */
export type EvidenceKeyring = { kid: string; privateKey: CryptoKey; jwks: EvidenceJwks }

const isEd25519 = (jwk: JWK): boolean => jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string'

function publicJwk(jwk: JWK, what: string): PublicEvidenceJwk {
	if (!isEd25519(jwk) || typeof jwk.kid !== 'string' || jwk.kid === '')
		throw new Error(`${what} must be an Ed25519 JWK (kty OKP, crv Ed25519) with a kid`)
	return { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, kid: jwk.kid, alg: EVIDENCE_ALG, use: 'sig' }
}

/**
 * The keyring from the signing key (a private Ed25519 JWK with `kid` and `d`) and the public JWKs
 * of retired keys. Error messages never quote the key material.
 */
export async function evidenceKeyring(signing: JWK, retired: readonly JWK[] = []): Promise<EvidenceKeyring> {
	const current = publicJwk(signing, 'the evidence signing key')
	if (typeof signing.d !== 'string') throw new Error('the evidence signing key has no private part (d)')
	const privateKey = (await importJWK({ ...signing, alg: EVIDENCE_ALG }, EVIDENCE_ALG)) as CryptoKey
	return {
		kid: current.kid,
		privateKey,
		jwks: { keys: publishedOnce([current, ...retired.map((jwk) => publicJwk(jwk, 'a retired evidence key'))]) }
	}
}

/**
 * Each kid once, the first listing kept: a key listed again (the current one among the retired, a
 * retired one twice) is dropped, since a verifier finding two keys under one kid refuses the record
 * (jose: JWKSMultipleMatchingKeys). Two different keys under one kid are refused: records signed by
 * one of them would stop verifying.
 */
function publishedOnce(keys: readonly PublicEvidenceJwk[]): PublicEvidenceJwk[] {
	const byKid = new Map<string, PublicEvidenceJwk>()
	for (const key of keys) {
		const seen = byKid.get(key.kid)
		if (seen && seen.x !== key.x) throw new Error(`two different evidence keys have kid ${key.kid}; give the new key a kid of its own`)
		if (!seen) byKid.set(key.kid, key)
	}
	return [...byKid.values()]
}

/** Reads a JWK JSON text (from the environment or a mounted file); one JWK or an array of them. */
export function parseJwks(text: string, what: string): JWK[] {
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch {
		throw new Error(`${what} is not JSON`)
	}
	const list = Array.isArray(value)
		? value
		: value !== null && typeof value === 'object' && Array.isArray((value as { keys?: unknown }).keys)
			? (value as { keys: unknown[] }).keys
			: [value]
	if (!list.every((entry) => entry !== null && typeof entry === 'object')) throw new Error(`${what} must hold JWK objects`)
	return list as JWK[]
}

/** A fresh signing key (private JWK with kid): `bun -e "import { generateEvidenceKey } from '@lv/evidence'; console.log(JSON.stringify(await generateEvidenceKey('2026-11')))"`. */
export async function generateEvidenceKey(kid: string): Promise<JWK> {
	const { privateKey } = await generateKeyPair(EVIDENCE_ALG, { crv: 'Ed25519', extractable: true })
	return { ...(await exportJWK(privateKey)), kid, alg: EVIDENCE_ALG, use: 'sig' }
}
