import type { FetchedFile, ParsedAction, ParsedEnforcement, RegulatoryActionType } from '../types.ts'
import { parseEnforcementFiles } from '../shared/enforcement-files.ts'
import { findDatesInProse } from '../shared/dates.ts'
import { readHtml, textOf } from '../shared/html.ts'
import { findMoney } from '../shared/money.ts'
import { parseError } from '../shared/parse-error.ts'
import { UKGC_LICENCE_NUMBER_IN_PROSE } from './licence-number.ts'

type Kind = { actionType: RegulatoryActionType; statusEffect: ParsedAction['statusEffect'] }

/** Ordered: the strongest measure named in an entry decides its type. */
const KINDS: [RegExp, Kind][] = [
	[/\brevok(?:ed|es|e|ing)\b|\brevocation\b/i, { actionType: 'revocation', statusEffect: 'revoked' }],
	[/\bsuspend(?:ed|s|ing)?\b|\bsuspension\b/i, { actionType: 'licence_suspension', statusEffect: 'suspended' }],
	[/\bin lieu of a financial penalty\b|\bregulatory settlement\b/i, { actionType: 'settlement', statusEffect: null }],
	[/\bfinancial penalty\b|\bfined\b/i, { actionType: 'fine', statusEffect: null }],
	[/\bpublic statement\b/i, { actionType: 'public_warning', statusEffect: null }],
	[/\bwarning\b/i, { actionType: 'warning', statusEffect: null }]
]

function keyPart(value: string): string {
	return value
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
}

/**
 * Parses the UKGC regulatory-actions print page: one block per entry, headed by the licensee's
 * name (individuals as "Surname Forenames"), the rest prose. Type, amount, date and licence
 * numbers are read from the prose; the decision date is the first date it names.
 */
export function parseUkgcEnforcement(files: FetchedFile[]): ParsedEnforcement {
	return parseEnforcementFiles('UKGC', files, (file, sourceIndex, { actions, warnings }) => {
		const document = readHtml(file)
		const main = document.querySelector('main') ?? document.body
		if (
			!main ||
			!/regulatory action|public statement/i.test(textOf(document.querySelector('h1')) + textOf(document.querySelector('title')))
		) {
			throw parseError('unexpected_format', 'not a UKGC regulatory-actions page', file)
		}
		const headings = Array.from(main.querySelectorAll('h2'))
		for (const heading of headings) {
			const entityName = textOf(heading)
			const paragraphs: string[] = []
			for (let node = heading.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling)
				paragraphs.push(textOf(node))
			if (heading.parentElement && heading.parentElement !== main && paragraphs.length === 0) {
				for (const node of Array.from(heading.parentElement.children)) if (node !== heading) paragraphs.push(textOf(node))
			}
			const summary = paragraphs.filter((p) => p !== '').join(' ')
			const kind = KINDS.find(([pattern]) => pattern.test(summary))?.[1]
			if (entityName === '' || !kind) {
				warnings.push(`${file.url}: entry "${entityName}" names no measure, skipped`)
				continue
			}
			const money = kind.actionType === 'fine' || kind.actionType === 'settlement' ? findMoney(summary) : null
			const decisionDate = findDatesInProse(summary)[0]?.date ?? null
			const licenseNumbers = [...summary.matchAll(UKGC_LICENCE_NUMBER_IN_PROSE)].map((m) => m[0])
			actions.push({
				upstreamKey: `${keyPart(entityName)}|${decisionDate ?? 'undated'}|${kind.actionType}`,
				entityName,
				licenseNumbers,
				actionType: kind.actionType,
				amountMinorUnits: money?.amountMinorUnits ?? null,
				currency: money?.currency ?? null,
				decisionDate,
				summary,
				statusEffect: kind.statusEffect,
				sourceIndex
			})
		}
	})
}
