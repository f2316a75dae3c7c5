// UKGC footers print `000-039011-R-319371-004` for the CSV's `039011-R-319371-004`.
const UKGC_PREFIXED = /^000(\d{6}[A-Z]\d{9})$/

/**
 * The one key licence numbers are indexed and queried by: Unicode-compatibility folded,
 * upper-cased, every character that is not a letter or digit dropped (spaces, `/`, `-`, `.`),
 * and the `000-` prefix of UKGC footer forms removed. `KH/IG/<slug>`, `TGC/B2C/<slug>` and
 * `IOM/OGRA/<key>` references key the same way. The reader stores it in
 * `licenses.license_number_key` and `license_number_versions.license_number_key`.
 */
export function licenseNumberKey(raw: string): string {
	const key = raw
		.normalize('NFKC')
		.toUpperCase()
		.replace(/[^A-Z0-9]/g, '')
	const prefixed = UKGC_PREFIXED.exec(key)
	return prefixed?.[1] ?? key
}
