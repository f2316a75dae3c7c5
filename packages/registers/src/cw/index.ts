import type { FetchedFile, RegisterAdapter } from '../types.ts'
import { parseCwCertificatePage } from './certificate.ts'
import { classifyCwStatus } from './classify.ts'
import { parseCwEnforcement } from './enforcement.ts'
import { parseCwRegister, prepareCwRegisterFiles } from './register.ts'

export { classifyCwStatus } from './classify.ts'
export { cwNumberKey } from './licence-number.ts'
export { CW_EXTRACTED_TEXT_TYPE, prepareCwRegisterFiles, splitCwRows, type CwRow } from './register.ts'

/**
 * A RegisterAdapter with an optional async step the reader may run on the fetched files before
 * parseRegister (types.ts has no such hook; parseRegister also reads simple PDFs by itself).
 */
export type PreparingRegisterAdapter = RegisterAdapter & {
	prepareRegisterFiles?(files: FetchedFile[]): Promise<FetchedFile[]>
}

export const cwAdapter: PreparingRegisterAdapter = {
	code: 'CW',
	discover: () => [],
	parseRegister: parseCwRegister,
	classify: classifyCwStatus,
	parseEnforcement: parseCwEnforcement,
	parseVerificationPage: parseCwCertificatePage,
	prepareRegisterFiles: prepareCwRegisterFiles
}
