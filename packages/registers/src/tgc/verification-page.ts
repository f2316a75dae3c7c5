import { hostnameFromRegisterValue } from '@lv/hostnames'
import { guardParse, labelledCells, parseError, readCompleteHtml, textOf } from '../shared/index.ts'
import type { FetchedFile, ParsedVerificationPage } from '../types.ts'

/** Wordings that state the licence is in force (compared lower-cased, trailing punctuation dropped). */
const IN_FORCE_WORDINGS = new Set(['valid', 'active', 'licensed', 'valid license', 'valid licence', 'license valid', 'licence valid'])

/** Whether the status wording, as a whole, is in-force wording ("not valid", "INVALID", "cannot verify … valid" are not). */
export function isInForceSealWording(wording: string | null): boolean {
	if (wording === null) return false
	return IN_FORCE_WORDINGS.has(
		wording
			.toLowerCase()
			.replace(/[.!\s]+$/, '')
			.trim()
	)
}

function bareHost(value: string | null): string | null {
	const host = value ? hostnameFromRegisterValue(value) : null
	return host ? host.replace(/^www\./, '') : null
}

/**
 * Reads a `validate.thetgc.ca/validate?domain=…&seal_id=…&stamp=…` page (layout assumed, see
 * fixtures/tgc/README.md). `pageStatus` is the printed result verbatim. `inForce` is true only
 * for in-force wording AND when the page names the domain that was queried: a seal that prints
 * "Valid" for another domain is a copied seal, not confirmation.
 */
export function parseTgcVerificationPage(file: FetchedFile): ParsedVerificationPage {
	return guardParse(() => {
		const document = readCompleteHtml(file)
		const result = document.querySelector('.validation-status') ?? document.querySelector('.validation-result')
		const details = labelledCells(document)
		const domainCell = details.get('domain') ?? details.get('domain name') ?? details.get('website')
		if (!result && !domainCell) throw parseError('unexpected_format', 'no validation result on the seal page', file)
		const pageStatus = textOf(result) || textOf(details.get('status')) || null
		const domains = domainCell ? [textOf(domainCell)].filter((value) => value !== '') : []
		const holderName = textOf(details.get('company') ?? details.get('licensee') ?? details.get('operator')) || null
		let queried: string | null = null
		try {
			queried = bareHost(new URL(file.url).searchParams.get('domain'))
		} catch {
			queried = null
		}
		const namesQueried = queried === null || domains.some((domain) => bareHost(domain) === queried)
		return { pageStatus, inForce: isInForceSealWording(pageStatus) && namesQueried, holderName, licenseNumber: null, domains }
	}, file)
}
