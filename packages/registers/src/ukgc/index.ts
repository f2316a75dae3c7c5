import type { RegisterAdapter } from '../types.ts'
import { classifyUkgcStatus } from './classify.ts'
import { discoverUkgc } from './discover.ts'
import { parseUkgcEnforcement } from './enforcement.ts'
import { parseUkgcRegister } from './register.ts'

export { parseUkgcLicenceNumber, stripAccountPadding, type UkgcLicenceNumber } from './licence-number.ts'
export { classifyUkgcStatus } from './classify.ts'

export const ukgcAdapter: RegisterAdapter = {
	code: 'UKGC',
	discover: discoverUkgc,
	parseRegister: parseUkgcRegister,
	classify: classifyUkgcStatus,
	parseEnforcement: parseUkgcEnforcement
}
