import { anAdapter } from './an/index.ts'
import { cwAdapter } from './cw/index.ts'
import { iomAdapter } from './iom/index.ts'
import { khAdapter } from './kh/index.ts'
import { mgaAdapter } from './mga/index.ts'
import { tgcAdapter } from './tgc/index.ts'
import type { JurisdictionCode, RegisterAdapter } from './types.ts'
import { ukgcAdapter } from './ukgc/index.ts'

export * from './types.ts'

/** Every jurisdiction's register adapter, by code. */
export const adapters: Record<JurisdictionCode, RegisterAdapter> = {
	UKGC: ukgcAdapter,
	MGA: mgaAdapter,
	CW: cwAdapter,
	KH: khAdapter,
	AN: anAdapter,
	TGC: tgcAdapter,
	IOM: iomAdapter
}
export { REGULATOR_HOSTS, isRegulatorUrl, regulatorUrlRefusal, type RegulatorHosts } from './regulator-hosts.ts'
