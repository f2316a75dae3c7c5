import type { FetchedFile, RegisterAdapter } from '../types.ts'
import { cwCertificateUrl, parseCwCertificatePage, readCwCertificate, type CwCertificate } from './certificate.ts'
import { classifyCwStatus } from './classify.ts'
import { parseCwEnforcement } from './enforcement.ts'
import { parseCwRegister, prepareCwRegisterFiles } from './register.ts'

export { classifyCwStatus } from './classify.ts'
export { cwNumberKey } from './licence-number.ts'
export { CW_EXTRACTED_TEXT_TYPE, prepareCwRegisterFiles, splitCwRows, type CwRow } from './register.ts'
export { cwCertificateUrl, readCwCertificate, type CertificateListing, type CwCertificate } from './certificate.ts'

/**
 * A RegisterAdapter with an optional async step the reader may run on the fetched files before
 * parseRegister (types.ts has no such hook; parseRegister also reads simple PDFs by itself).
 */
export type PreparingRegisterAdapter = RegisterAdapter & {
	prepareRegisterFiles?(files: FetchedFile[]): Promise<FetchedFile[]>
}

/**
 * An adapter whose domain links come from a certificate page per licence (the register prints no
 * domains): where the page of a licence number is, and what a fetched page lists.
 */
export type CertificateLinkedAdapter = RegisterAdapter & {
	certificateUrl(licenseNumber: string): string | null
	readCertificate(file: FetchedFile): CwCertificate
}

export const cwAdapter: PreparingRegisterAdapter & CertificateLinkedAdapter = {
	code: 'CW',
	discover: () => [],
	parseRegister: parseCwRegister,
	classify: classifyCwStatus,
	parseEnforcement: parseCwEnforcement,
	parseVerificationPage: parseCwCertificatePage,
	prepareRegisterFiles: prepareCwRegisterFiles,
	certificateUrl: cwCertificateUrl,
	readCertificate: readCwCertificate
}
