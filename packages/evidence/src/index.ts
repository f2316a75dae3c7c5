export { canonicalJson } from './canonical-json.ts'
export {
	EVIDENCE_ALG,
	type EvidenceJwks,
	type EvidenceKeyring,
	type PublicEvidenceJwk,
	evidenceKeyring,
	generateEvidenceKey,
	parseJwks
} from './keys.ts'
export {
	EVIDENCE_RECORD_VERSION,
	type EvidenceAsOf,
	type EvidenceCheck,
	type EvidenceDomainLink,
	type EvidenceLicence,
	type EvidencePublication,
	type EvidenceRecord,
	evidenceCheckOf,
	jurisdictionsOf,
	snapshotsNamed
} from './record.ts'
export { type ReportLinks, evidenceReportPdf } from './report-pdf.ts'
export { EVIDENCE_TYP, signEvidence } from './sign.ts'
export { type EvidenceFailure, type EvidenceVerification, sha256Hex, verifyEvidence } from './verify.ts'
