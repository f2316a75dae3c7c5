import { CompactSign } from 'jose'
import { canonicalJson } from './canonical-json.ts'
import { EVIDENCE_ALG, type EvidenceKeyring } from './keys.ts'
import type { EvidenceRecord } from './record.ts'

export const EVIDENCE_TYP = 'lv-evidence+jws'

/** The record as a compact JWS: header { alg: EdDSA, kid, typ }, payload its canonical JSON. */
export function signEvidence(keyring: EvidenceKeyring, record: EvidenceRecord): Promise<string> {
	return new CompactSign(new TextEncoder().encode(canonicalJson(record)))
		.setProtectedHeader({ alg: EVIDENCE_ALG, kid: keyring.kid, typ: EVIDENCE_TYP })
		.sign(keyring.privateKey)
}
