import type { FetchedFile, ParsedVerificationPage } from '../types.ts'
import { extractHostname } from '../shared/hostnames.ts'
import { readCompleteHtml, textOf } from '../shared/html.ts'
import { guardParse, parseError } from '../shared/parse-error.ts'
import { OGL_NUMBER } from './licence-number.ts'

/** Only these hosts publish CW verification pages; lookalikes (cert-gcb.cv, cert.cga.mba) copy the wording. */
const OFFICIAL_HOSTS = new Set(['cert.cga.cw', 'validator.antillephone.com'])

type Wording = { pattern: RegExp; inForce: boolean | 'when-active' }

/** Checked in order; the first wording found on the page is its status, quoted as printed. */
const WORDINGS: Wording[] = [
	{ pattern: /cannot be found or the token has expired/i, inForce: false },
	{ pattern: /\bNot Active\b/, inForce: false },
	{ pattern: /domain has been removed from the registry/i, inForce: false },
	{ pattern: /cannot be found in our registry/i, inForce: false },
	{ pattern: /wrong identification values/i, inForce: false },
	{ pattern: /\bNot Found\b/, inForce: false },
	{ pattern: /(?<=current status is\s+)[A-Za-z][A-Za-z -]*?(?=\s*(?:\.|$))/i, inForce: 'when-active' },
	{ pattern: /(?<=Operating status:\s*)[A-Za-z][A-Za-z -]*?(?=\s*(?:\.|$))/i, inForce: 'when-active' },
	{ pattern: /\bCertificate B2[BC]\b/, inForce: true }
]

function domainsAfter(text: string, phrase: RegExp): string[] {
	const match = phrase.exec(text)
	if (!match) return []
	const hosts: string[] = []
	for (const token of text.slice((match.index ?? 0) + match[0].length).trim().split(/\s+/)) {
		const host = extractHostname(token.replace(/[.,;]+$/, ''))
		if (!host) break
		hosts.push(host)
	}
	return hosts
}

/**
 * Reads a CW verification page: a cert.cga.cw certificate (B2C, B2B, Certificate of Operation, the
 * HTTP-200 "not found" and "Not Active" pages) or an Antillephone validator page. The status is
 * quoted verbatim; in force only for a certificate, "current status is Active" or a VALID
 * operating status, and only when read from an official host.
 */
export function parseCwCertificatePage(file: FetchedFile): ParsedVerificationPage {
	return guardParse(() => {
		const document = readCompleteHtml(file)
		const text = textOf(document.body)
		if (text === '') throw parseError('empty', 'page has no text', file)
		let pageStatus: string | null = null
		let inForce = false
		for (const wording of WORDINGS) {
			const match = wording.pattern.exec(text)
			if (!match) continue
			pageStatus = match[0].trim()
			inForce = wording.inForce === 'when-active' ? /^(?:active|valid)$/i.test(pageStatus) : wording.inForce
			break
		}
		let host = ''
		try {
			host = new URL(file.url).hostname.toLowerCase()
		} catch {}
		if (!OFFICIAL_HOSTS.has(host)) inForce = false
		const holderName = (/is operated by\s+(.+?),\s+a company incorporated/i.exec(text) ?? /certify that\s+(.+?),\s+a company incorporated/i.exec(text))?.[1] ?? null
		const ownDomain = /certify that\s+(\S+)\s+is operated by/i.exec(text)?.[1] ?? /licensing status of\s+(\S+?)[.,]?(?:\s|$)/i.exec(text)?.[1] ?? null
		const domains = [
			...domainsAfter(text, /following domains under its licen[cs]e:/i),
			...domainsAfter(text, /corporate website/i),
			...(ownDomain ? [extractHostname(ownDomain)].filter((h): h is string => h !== null) : [])
		]
		const licenseNumber = new RegExp(OGL_NUMBER.source).exec(text)?.[0] ?? /\b\d{4}\/JAZ[\w-]*/.exec(text)?.[0] ?? null
		return { pageStatus, inForce, holderName, licenseNumber, domains: [...new Set(domains)] }
	}, file)
}
