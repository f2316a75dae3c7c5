import type { RegisterAdapter } from '../types.ts'
import { classifyMgaStatus } from './classify.ts'
import { discoverMga } from './discover.ts'
import { parseMgaEnforcement } from './enforcement.ts'
import { parseMgaRegister } from './register.ts'
import { parseMgaSealPage } from './seal.ts'

export { classifyMgaStatus } from './classify.ts'
export { mgaNumberKey, isMgaNumber } from './licence-number.ts'

export const mgaAdapter: RegisterAdapter = {
	code: 'MGA',
	discover: discoverMga,
	parseRegister: parseMgaRegister,
	classify: classifyMgaStatus,
	parseEnforcement: parseMgaEnforcement,
	parseVerificationPage: parseMgaSealPage
}
