import { hostnameFromRegisterValue, splitDomainCell } from '@lv/hostnames'
import { parseError, parseRegisterDate, readCompleteHtml, textOf, type HtmlElement } from '../shared/index.ts'
import type { FetchedFile } from '../types.ts'

export type IomPageEntry = {
	title: string
	companyName: string
	status: string | null
	validFrom: string
	validTo: string
	typeRaw: string
	domains: { value: string; hostname: string | null }[]
}

export type IomPage = { entries: IomPageEntry[]; lastUpdated: string | null }

const NO_DOMAIN = /^(?:-|–|—|none|n\/a|nil|tbc)$/i

/** Label variants seen: `Licence valid From`/`Licence Valid From`, `Website Domain`/`Website Domains`/`Website Domain(s)`, … */
function canonicalLabel(label: string): string | null {
	const text = label
		.toLowerCase()
		.replace(/licen[cs]e/g, 'licence')
		.replace(/[:\s]+$/, '')
		.replace(/\s+/g, ' ')
	if (text === 'company name' || text === 'company') return 'company'
	if (text === 'licence status' || text === 'status') return 'status'
	if (text.startsWith('licence valid from')) return 'validFrom'
	if (text.startsWith('licence valid to') || text.startsWith('licence valid until')) return 'validTo'
	if (text.includes('licence type')) return 'type'
	if (text.startsWith('website domain') || text.startsWith('website')) return 'domains'
	return null
}

/** Anchors (their text, else their href) and the plain text between them, split on spaces, commas, spaced dashes and NBSP. */
function domainsOf(cell: HtmlElement): { value: string; hostname: string | null }[] {
	const values: { value: string; hostname: string | null }[] = []
	let rest = textOf(cell)
	for (const anchor of Array.from(cell.querySelectorAll('a') as ArrayLike<HtmlElement>)) {
		const text = textOf(anchor)
		const href = anchor.getAttribute('href') ?? ''
		rest = rest.replace(text, ' ')
		const hostname = hostnameFromRegisterValue(text) ?? hostnameFromRegisterValue(href)
		if (text !== '' || hostname) values.push({ value: text || href, hostname })
	}
	const plain = rest.replace(/[–—]/g, ' ').replace(/\s-\s/g, ' ')
	for (const part of splitDomainCell(plain)) if (!NO_DOMAIN.test(part.value)) values.push(part)
	return values
}

/** Reads the accordion of the IOM online gambling licensee register page. */
export function readIomPage(file: FetchedFile): IomPage {
	const document = readCompleteHtml(file)
	const accordion = document.querySelector('ul.accordion')
	if (!accordion) throw parseError('unexpected_format', 'no ul.accordion licensee list on the page', file)
	const entries: IomPageEntry[] = []
	for (const item of Array.from(accordion.children as ArrayLike<HtmlElement>).filter((child) => child.tagName === 'LI')) {
		const title = textOf(item.querySelector('a.faq_title span.container') ?? item.querySelector('a.faq_title'))
		const fields = new Map<string, HtmlElement>()
		for (const row of Array.from((item.querySelector('.faq_text') ?? item).querySelectorAll('tr') as ArrayLike<HtmlElement>)) {
			const cells = Array.from(row.children as ArrayLike<HtmlElement>).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
			const label = canonicalLabel(textOf(cells[0]))
			if (label && cells[1] && !fields.has(label)) fields.set(label, cells[1])
		}
		const companyName = textOf(fields.get('company')) || title
		if (companyName === '') continue
		const domainCell = fields.get('domains')
		entries.push({
			title,
			companyName,
			status: textOf(fields.get('status')) || null,
			validFrom: textOf(fields.get('validFrom')),
			validTo: textOf(fields.get('validTo')),
			typeRaw: textOf(fields.get('type')),
			domains: domainCell ? domainsOf(domainCell) : []
		})
	}
	if (entries.length === 0) throw parseError('empty', 'the licensee accordion lists no company', file)
	const updated = /Last updated:?\s*([^.<]{6,40})/i.exec(textOf(document.body))
	return { entries, lastUpdated: parseRegisterDate(updated?.[1]?.trim()) }
}
