import type { RegisterAdapter } from '../types.ts'
import { classifyKhStatus } from './classify.ts'
import { parseKhRegister } from './parse.ts'

export { parseKhRegister, KH_CSPA_TYPE, KH_PERMIT_TYPE } from './parse.ts'
export { classifyKhStatus } from './classify.ts'

/** Kahnawà:ke: one page, two tables, no numbers, statuses or dates; references are minted (KH/IG, KH/CSPA). */
export const khAdapter: RegisterAdapter = {
	code: 'KH',
	discover: () => [],
	parseRegister: parseKhRegister,
	classify: (upstreamStatus) => classifyKhStatus(upstreamStatus)
}
