import type { FetchedFile, ParsedVerificationPage } from '../types.ts'
import { hostnameFromRegisterValue } from '@lv/hostnames'
import { readCompleteHtml, textOf } from '../shared/html.ts'
import { guardParse, parseError } from '../shared/parse-error.ts'
import { OGL_NUMBER } from './licence-number.ts'

/** Only these hosts publish CW verification pages; lookalikes (cert-gcb.cv, cert.cga.mba) copy the wording. */
const OFFICIAL_HOSTS = new Set(['cert.cga.cw', 'validator.antillephone.com'])

/**
 * What a licence's certificate page says about the licence's domains:
 * - `listed`: a certificate (B2C, B2B, Certificate of Operation, whatever status it quotes); the
 *   domains it prints are the licence's domains now;
 * - `removed`: the regulator says the domains were removed ("Not Active", "removed from the registry");
 * - `silent`: the page says nothing about them ("cannot be found or the token has expired", "Not
 *   Found"): the token may be wrong or stale, so no domain is taken as gone.
 */
export type CertificateListing = 'listed' | 'removed' | 'silent'

type Wording = { pattern: RegExp; inForce: boolean | 'when-active'; listing: CertificateListing }

/** Checked in order; the first wording found on the page is its status, quoted as printed. */
const WORDINGS: Wording[] = [
	{ pattern: /cannot be found or the token has expired/i, inForce: false, listing: 'silent' },
	{ pattern: /\bNot Active\b/, inForce: false, listing: 'removed' },
	{ pattern: /domain has been removed from the registry/i, inForce: false, listing: 'removed' },
	{ pattern: /cannot be found in our registry/i, inForce: false, listing: 'silent' },
	{ pattern: /wrong identification values/i, inForce: false, listing: 'silent' },
	{ pattern: /\bNot Found\b/, inForce: false, listing: 'silent' },
	{ pattern: /(?<=current status is\s+)[A-Za-z][A-Za-z -]*?(?=\s*(?:\.|$))/i, inForce: 'when-active', listing: 'listed' },
	{ pattern: /(?<=Operating status:\s*)[A-Za-z][A-Za-z -]*?(?=\s*(?:\.|$))/i, inForce: 'when-active', listing: 'silent' },
	{ pattern: /\bCertificate B2[BC]\b/, inForce: true, listing: 'listed' }
]

function domainsAfter(text: string, phrase: RegExp): string[] {
	const match = phrase.exec(text)
	if (!match) return []
	const hosts: string[] = []
	for (const token of text
		.slice((match.index ?? 0) + match[0].length)
		.trim()
		.split(/\s+/)) {
		const host = hostnameFromRegisterValue(token.replace(/[.,;]+$/, ''))
		if (!host) break
		hosts.push(host)
	}
	return hosts
}

export type CwCertificate = { page: ParsedVerificationPage; listing: CertificateListing }

function readPage(file: FetchedFile): CwCertificate {
	const document = readCompleteHtml(file)
	const text = textOf(document.body)
	if (text === '') throw parseError('empty', 'page has no text', file)
	let pageStatus: string | null = null
	let inForce = false
	let listing: CertificateListing = 'silent'
	for (const wording of WORDINGS) {
		const match = wording.pattern.exec(text)
		if (!match) continue
		pageStatus = match[0].trim()
		inForce = wording.inForce === 'when-active' ? /^(?:active|valid)$/i.test(pageStatus) : wording.inForce
		listing = wording.listing
		break
	}
	let host = ''
	try {
		host = new URL(file.url).hostname.toLowerCase()
	} catch {}
	if (!OFFICIAL_HOSTS.has(host)) inForce = false
	const holderName =
		(/is operated by\s+(.+?),\s+a company incorporated/i.exec(text) ?? /certify that\s+(.+?),\s+a company incorporated/i.exec(text))?.[1] ??
		null
	const ownDomain =
		/certify that\s+(\S+)\s+is operated by/i.exec(text)?.[1] ?? /licensing status of\s+(\S+?)[.,]?(?:\s|$)/i.exec(text)?.[1] ?? null
	const domains = [
		...domainsAfter(text, /following domains under its licen[cs]e:/i),
		...domainsAfter(text, /corporate website/i),
		...(ownDomain ? [hostnameFromRegisterValue(ownDomain)].filter((h): h is string => h !== null) : [])
	]
	const licenseNumber = new RegExp(OGL_NUMBER.source).exec(text)?.[0] ?? /\b\d{4}\/JAZ[\w-]*/.exec(text)?.[0] ?? null
	return { page: { pageStatus, inForce, holderName, licenseNumber, domains: [...new Set(domains)] }, listing }
}

/**
 * Reads a CW verification page: a cert.cga.cw certificate (B2C, B2B, Certificate of Operation, the
 * HTTP-200 "not found" and "Not Active" pages) or an Antillephone validator page. The status is
 * quoted verbatim; in force only for a certificate, "current status is Active" or a VALID
 * operating status, and only when read from an official host.
 */
export function parseCwCertificatePage(file: FetchedFile): ParsedVerificationPage {
	return guardParse(() => readPage(file).page, file)
}

/** Reads a licence's certificate page (as parseCwCertificatePage) and says what it tells about the licence's domains. */
export function readCwCertificate(file: FetchedFile): CwCertificate {
	return guardParse(() => readPage(file), file)
}

/**
 * The per-licence certificate page: `https://cert.cga.cw/token?id=<n>`, n being the last group of
 * the OGL number without its leading zeros (`OGL/2024/887/0618` -> 618; REGISTERS.md §3). Null for
 * numbers of another form (legacy master licences have no such page).
 */
export function cwCertificateUrl(licenseNumber: string): string | null {
	const match = /^OGL\/\d{4}\/\d{1,5}\/(\d{1,5})$/.exec(licenseNumber.replace(/\s+/g, '').toUpperCase())
	if (!match) return null
	return `https://cert.cga.cw/token?id=${(match[1] as string).replace(/^0+(?=\d)/, '')}`
}
