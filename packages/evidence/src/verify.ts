import { compactVerify, createLocalJWKSet, decodeProtectedHeader, errors } from 'jose'
import { canonicalJson } from './canonical-json.ts'
import { EVIDENCE_ALG, type EvidenceJwks } from './keys.ts'
import { EVIDENCE_RECORD_VERSION, type EvidenceRecord } from './record.ts'

/** Why a record did not verify; each a stable value the API and the SDK report as `details.reason`. */
export type EvidenceFailure =
	| 'evidence_malformed'
	| 'evidence_unknown_key'
	| 'evidence_signature_invalid'
	| 'evidence_not_canonical'
	| 'evidence_unsupported_version'
	| 'snapshot_hash_mismatch'
	| 'snapshot_not_named'

export type EvidenceVerification =
	| { ok: true; record: EvidenceRecord; kid: string }
	| { ok: false; reason: EvidenceFailure; message: string }

const fail = (reason: EvidenceFailure, message: string): EvidenceVerification => ({ ok: false, reason, message })
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

/** Lowercase hex SHA-256 of some bytes (WebCrypto, so the same in Bun, Node and browsers). */
export const sha256Hex = async (bytes: Uint8Array): Promise<string> => hex(await crypto.subtle.digest('SHA-256', bytes as BufferSource))

function headerKid(jws: string): string | null {
	try {
		const header = decodeProtectedHeader(jws)
		return header.alg === EVIDENCE_ALG && typeof header.kid === 'string' ? header.kid : null
	} catch {
		return null
	}
}

/**
 * Checks a compact JWS against a JWKS (ours at /.well-known/jwks.json, or a saved copy), that its
 * payload is the canonical JSON of a record of a known version, and, for each snapshot given as
 * bytes by SHA-256, that the bytes hash to it and the record names it.
 */
export async function verifyEvidence(
	jws: string,
	jwks: EvidenceJwks,
	snapshots: ReadonlyMap<string, Uint8Array> = new Map()
): Promise<EvidenceVerification> {
	if (typeof jws !== 'string' || jws.split('.').length !== 3)
		return fail('evidence_malformed', 'The evidence is not a compact JWS (three dot-separated parts).')
	const kid = headerKid(jws)
	if (kid === null) return fail('evidence_malformed', 'The JWS header is not readable or lacks alg EdDSA and a kid.')
	if (!jwks.keys.some((key) => key.kid === kid)) return fail('evidence_unknown_key', `No published key has kid ${kid}.`)
	let payload: Uint8Array
	try {
		;({ payload } = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: [EVIDENCE_ALG] }))
	} catch (error) {
		if (error instanceof errors.JWSSignatureVerificationFailed)
			return fail('evidence_signature_invalid', 'The signature does not match the record: it was altered or signed by another key.')
		return fail('evidence_malformed', 'The JWS could not be read.')
	}
	const text = new TextDecoder().decode(payload)
	let record: EvidenceRecord
	try {
		record = JSON.parse(text) as EvidenceRecord
	} catch {
		return fail('evidence_malformed', 'The signed payload is not JSON.')
	}
	if (record === null || typeof record !== 'object' || record.version !== EVIDENCE_RECORD_VERSION || !Array.isArray(record.publications))
		return fail('evidence_unsupported_version', `The record is not an evidence record of version ${EVIDENCE_RECORD_VERSION}.`)
	if (canonicalJson(record) !== text) return fail('evidence_not_canonical', 'The signed payload is not in canonical JSON.')
	const named = new Set(record.publications.map((publication) => publication.sha256))
	for (const [sha256, bytes] of snapshots) {
		if (!named.has(sha256)) return fail('snapshot_not_named', `The record names no snapshot ${sha256}.`)
		if ((await sha256Hex(bytes)) !== sha256) return fail('snapshot_hash_mismatch', `The bytes given for ${sha256} do not hash to it.`)
	}
	return { ok: true, record, kid }
}
