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

/**
 * The number's runs of letters and digits, in order, as printed (Unicode-compatibility folded,
 * upper-cased, each run of other characters one `-`): `OGL/2024/116/1044` and `OGL/2024/1161/044`
 * share a key but not their groups. A query's groups pick, among licences sharing its key, the one
 * printed as sent.
 */
export function licenseNumberGroups(raw: string): string {
	return raw
		.normalize('NFKC')
		.toUpperCase()
		.split(/[^A-Z0-9]+/)
		.filter((group) => group.length > 0)
		.join('-')
}
