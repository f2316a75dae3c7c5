import type { JurisdictionCode } from '@lv/registers'

/**
 * Jurisdictions whose domain links come from per-licence certificate pages rather than the
 * register: the CW register PDF prints no domains (REGISTERS.md §3). Their register reads leave
 * the stored links alone; the certificate batch (certificates.ts) adds, updates and delists them.
 */
export const CERTIFICATE_LINKED: ReadonlySet<JurisdictionCode> = new Set(['CW'])
