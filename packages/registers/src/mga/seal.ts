import type { FetchedFile, ParsedVerificationPage } from '../types.ts'
import { hostnameFromRegisterValue } from '@lv/hostnames'
import { labelledCells, readCompleteHtml, textOf, type HtmlDocument } from '../shared/html.ts'
import { guardParse, parseError } from '../shared/parse-error.ts'
import { classifyMgaStatus } from './classify.ts'

export type MgaSeal = {
	holderName: string | null
	registrationNumber: string | null
	licences: { number: string; type: string; status: string }[]
	/** The Website Urls anchors as printed (href, or text when there is no href). */
	urls: string[]
	linkedCompanies: string[]
}

/** Whether a parsed page is an MGA Dynamic Seal page. */
export function isMgaSealPage(document: HtmlDocument): boolean {
	return (
		document.querySelector('table[id$="tblLicenses"]') !== null ||
		/dynamic seal of authorisation/i.test(textOf(document.querySelector('h1')) + textOf(document.querySelector('title')))
	)
}

/** Reads the seal's holder, licences table, Website Urls cell and linked companies. */
export function readMgaSeal(document: HtmlDocument): MgaSeal {
	const labels = labelledCells(document)
	const holderName = textOf(labels.get('licensee information') ?? null) || null
	const registrationNumber = textOf(labels.get('registration number') ?? null) || null
	const licences = Array.from(document.querySelectorAll('table[id$="tblLicenses"] tr'))
		.map((row) => ({
			number: textOf(row.querySelector('td.cell-license-number')),
			type: textOf(row.querySelector('td.cell-license-type')),
			status: textOf(row.querySelector('td.cell-license-status'))
		}))
		.filter((licence) => licence.number !== '')
	const urlHeading = Array.from(document.querySelectorAll('th')).find((th) => /website\s*urls?/i.test(textOf(th)))
	const urlCell = urlHeading?.nextElementSibling ?? null
	const urls = urlCell
		? Array.from(urlCell.querySelectorAll('a'))
				.map((anchor) => (anchor.getAttribute('href') ?? '').trim() || textOf(anchor))
				.filter((url) => url !== '')
		: []
	const linkedCompanies = Array.from(document.querySelectorAll('ul.linked-companies-list li'))
		.map((item) => textOf(item))
		.filter((name) => name !== '')
	return { holderName, registrationNumber, licences, urls, linkedCompanies }
}

/** A seal page as a verification page: the licence status verbatim, in force only when Licensed. */
export function parseMgaSealPage(file: FetchedFile): ParsedVerificationPage {
	return guardParse(() => {
		const document = readCompleteHtml(file)
		if (!isMgaSealPage(document)) throw parseError('unexpected_format', 'not an MGA Dynamic Seal page', file)
		const seal = readMgaSeal(document)
		const first = seal.licences[0]
		const pageStatus = first?.status || null
		const hostnames = seal.urls.map(hostnameFromRegisterValue).filter((host): host is string => host !== null)
		return {
			pageStatus,
			inForce: classifyMgaStatus(pageStatus).status === 'active',
			holderName: seal.holderName,
			licenseNumber: first?.number ?? null,
			domains: [...new Set(hostnames)]
		}
	}, file)
}
