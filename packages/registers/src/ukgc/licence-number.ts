export type UkgcLicenceNumber = {
	/** Account part without zero padding, as the entity id. */
	account: string
	/** `R` remote, `N` non-remote, `A` ancillary remote. */
	letter: string
	/** The number without its version, zero-padded: the licence's identity across re-issues. */
	base: string
	/** The version counter as printed (`010`). */
	version: string
	/** The canonical full number: `039011-R-319371-004`. */
	canonical: string
}

/**
 * Reads a UKGC licence number in any form seen in the wild: the CSV form `039011-R-319371-004`,
 * the footer form with a `000-` prefix, stray spaces around the dashes (`055149- R-331499-002`),
 * and unpadded parts (`39011-R-319371-4`, padded here by policy). Null when it is no such number.
 */
export function parseUkgcLicenceNumber(raw: string): UkgcLicenceNumber | null {
	const compact = raw.replace(/[\s\u200b]+/g, '').toUpperCase()
	const match = /^(?:000-)?(\d{1,6})-([RNA])-(\d{1,6})-(\d{1,3})$/.exec(compact)
	if (!match) return null
	const [, account = '', letter = '', serial = '', version = ''] = match
	const base = `${account.padStart(6, '0')}-${letter}-${serial.padStart(6, '0')}`
	const paddedVersion = version.padStart(3, '0')
	return { account: stripAccountPadding(account), letter, base, version: paddedVersion, canonical: `${base}-${paddedVersion}` }
}

/** Account numbers are zero-padded differently in each file; the join key has no padding. */
export function stripAccountPadding(account: string): string {
	const trimmed = account.trim().replace(/^0+(?=\d)/, '')
	return trimmed
}

/** Licence numbers written in prose, stray spaces included (`055149- R-331499-002`, `000-039011-R-319371-004`). */
export const UKGC_LICENCE_NUMBER_IN_PROSE = /\b(?:000\s*-\s*)?\d{6}\s*-\s*[RNA]\s*-\s*\d{6}\s*-\s*\d{3}\b/g
