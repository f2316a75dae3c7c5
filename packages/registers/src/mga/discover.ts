import type { FetchedFile, PublicationKind } from '../types.ts'
import { readHtml, resolveLink } from '../shared/html.ts'
import { isRegulatorUrl } from '../regulator-hosts.ts'

/**
 * From a register page: the next page (the paginator's next control when it carries an href
 * and is not disabled) and every Company Seal link, since domains are published only on seals;
 * both only on the MGA's own hosts.
 */
export function discoverMga(file: FetchedFile, kind: PublicationKind): string[] {
	if (kind !== 'register') return []
	let document: Document
	try {
		document = readHtml(file)
	} catch {
		return []
	}
	const links = new Set<string>()
	const next = document.querySelector('.mat-mdc-paginator-navigation-next[href], a[rel="next"][href]')
	if (next && !next.hasAttribute('disabled') && !next.classList.contains('mat-mdc-button-disabled')) {
		const url = resolveLink(next.getAttribute('href'), file.url)
		if (url && url !== file.url && isRegulatorUrl('MGA', url)) links.add(url)
	}
	for (const anchor of Array.from(document.querySelectorAll('mat-expansion-panel a[href], .mat-expansion-panel a[href]'))) {
		const url = resolveLink(anchor.getAttribute('href'), file.url)
		if (url && isRegulatorUrl('MGA', url) && /verification\.aspx/i.test(url)) links.add(url)
	}
	return [...links]
}
