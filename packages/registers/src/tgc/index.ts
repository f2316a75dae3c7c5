import type { RegisterAdapter } from '../types.ts'
import { classifyTgcStatus } from './classify.ts'
import { discoverTgcPages, parseTgcRegister } from './parse.ts'
import { parseTgcVerificationPage } from './verification-page.ts'

export { parseTgcRegister, discoverTgcPages, TGC_SEAL_HOST } from './parse.ts'
export { parseTgcVerificationPage, isInForceSealWording } from './verification-page.ts'
export { classifyTgcStatus } from './classify.ts'

/** Tobique: a small paginated licensee list (synthetic layout) and per-domain validation seals; references TGC/B2C, TGC/B2B. */
export const tgcAdapter: RegisterAdapter = {
	code: 'TGC',
	discover: (file, kind) => (kind === 'register' ? discoverTgcPages(file) : []),
	parseRegister: parseTgcRegister,
	classify: (upstreamStatus) => classifyTgcStatus(upstreamStatus),
	parseVerificationPage: parseTgcVerificationPage
}
