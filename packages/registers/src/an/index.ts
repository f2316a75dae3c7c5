import type { RegisterAdapter } from '../types.ts'
import { classifyAnStatus } from './classify.ts'
import { parseAnRegister } from './parse.ts'

export { parseAnRegister } from './parse.ts'
export { classifyAnStatus } from './classify.ts'

/** Anjouan: one page whose register is JSON in `<script id="ag-licence-data">`; numbers `ALSI-…` as printed. */
export const anAdapter: RegisterAdapter = {
	code: 'AN',
	discover: () => [],
	parseRegister: parseAnRegister,
	classify: (upstreamStatus) => classifyAnStatus(upstreamStatus)
}
