import type { RegisterAdapter } from '../types.ts'
import { classifyIomStatus } from './classify.ts'
import { discoverIomFiles, parseIomRegister } from './parse.ts'

export { parseIomRegister, discoverIomFiles, IOM_REFERENCE_PREFIX } from './parse.ts'
export { classifyIomStatus } from './classify.ts'

/** Isle of Man: the accordion register page plus its newest dated OGRA XLSX; no numbers, references IOM/OGRA/<company key>. */
export const iomAdapter: RegisterAdapter = {
	code: 'IOM',
	discover: (file, kind) => (kind === 'register' ? discoverIomFiles(file) : []),
	parseRegister: parseIomRegister,
	classify: (upstreamStatus) => classifyIomStatus(upstreamStatus)
}
