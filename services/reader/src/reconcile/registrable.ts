import { siteKey } from '@lv/hostnames'

/**
 * The registrable domain a link is stored with (siteKey: public suffix list, private section on).
 * A host of one or two labels is its own registrable domain whatever the list says (it is either a
 * name under a suffix or a suffix itself), so the list is consulted only for longer hosts: most
 * register hosts, at a fraction of the cost and without a second copy of each name.
 */
export function registrableOf(hostname: string): string {
	const firstDot = hostname.indexOf('.')
	if (firstDot === -1 || hostname.indexOf('.', firstDot + 1) === -1) return hostname
	const key = siteKey(hostname)
	return key === hostname ? hostname : key
}
