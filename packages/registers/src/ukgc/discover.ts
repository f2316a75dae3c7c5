import type { FetchedFile, PublicationKind } from '../types.ts'
import { readHtml, resolveLink } from '../shared/html.ts'
import { isRegulatorUrl } from '../regulator-hosts.ts'

const REGISTER_CSV = /\/business-licence-register-(?:businesses|licences|trading-names|domain-names)\.csv(?:$|\?)/

/** The download page links the four register CSVs (on the Commission's host only); every other file links nothing further. */
export function discoverUkgc(file: FetchedFile, kind: PublicationKind): string[] {
	if (kind !== 'register') return []
	let anchors: Element[]
	try {
		anchors = Array.from(readHtml(file).querySelectorAll('a[href]'))
	} catch {
		return []
	}
	const links = new Set<string>()
	for (const anchor of anchors) {
		const url = resolveLink(anchor.getAttribute('href'), file.url)
		if (url && isRegulatorUrl('UKGC', url) && REGISTER_CSV.test(new URL(url).pathname)) links.add(url)
	}
	return [...links]
}
