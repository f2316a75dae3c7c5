/** Names that always mean "inside the network": the name itself or any name under it. */
const BLOCKED_SUFFIXES = [
	'localhost',
	'localdomain',
	'local',
	'internal',
	'intranet',
	'lan',
	'home',
	'corp',
	'private',
	'home.arpa',
	'test',
	'invalid',
	'onion'
]

/** Cloud instance-metadata names not already covered by a suffix above. */
const METADATA_NAMES = new Set(['metadata', 'metadata.goog', 'instance-data', 'metadata.tencentyun.com'])

/**
 * Why a (WHATWG-normalised, lower-case, punycode) hostname is refused by name, or null; any number of
 * trailing dots is ignored (WHATWG keeps them all, so `localhost..` must not slip past as another name).
 * Single-label names are refused too: they are completed by the resolver's search domains,
 * i.e. they name hosts on the caller's own network.
 */
export function blockedHostnameReason(hostname: string): string | null {
	const name = hostname.replace(/\.+$/, '')
	if (METADATA_NAMES.has(name)) return `${name} is a cloud metadata name`
	for (const suffix of BLOCKED_SUFFIXES) {
		if (name === suffix || name.endsWith(`.${suffix}`)) return `names under .${suffix} are not reachable from the internet`
	}
	if (!name.includes('.')) return 'a single-label name is not a public hostname'
	return null
}
