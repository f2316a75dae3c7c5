export * from './rows.ts'
export * from './index-model.ts'
export * from './result.ts'
export {
	beginJurisdiction,
	buildIndex,
	prepareNameScan,
	replaceJurisdiction,
	type JurisdictionBuild,
	type JurisdictionRows
} from './build-index.ts'
export { licenseNumberKey } from './license-number-key.ts'
export { parseAsOf, reconstructAsOf, type ParsedAsOf } from './as-of.ts'
export { checkDomain } from './check-domain.ts'
export { type AnswerBytes, batchRowBytes, checkDomainBytes } from './answer-bytes.ts'
export { checkLicenseNumber } from './check-license-number.ts'
export { batchEnvelope, batchRow, checkBatch } from './check-batch.ts'
export type { CheckOptions } from './envelope.ts'
export { isFresh, registerMeta, staleJurisdictions } from './freshness.ts'
export { AnswerMemo, nextFreshnessChangeMs } from './answer-memo.ts'
export { Recent } from './recent.ts'
export { GENERIC_FILLER_WORDS, GENERIC_GAMBLING_WORDS, isGenericGamblingLabel } from './generic-terms.ts'
export { jaroWinkler, labelKey } from './names.ts'
export { NAME_MATCH_LOW, NAME_MATCH_MEDIUM } from './name-matching.ts'
