import type { FetchedFile, ParsedAction, ParsedEnforcement, RegulatoryActionType } from '../types.ts'
import { parseEnforcementFiles } from '../shared/enforcement-files.ts'
import { findDatesInProse, parseRegisterDate } from '../shared/dates.ts'
import { readHtml, textOf } from '../shared/html.ts'
import { findMoney } from '../shared/money.ts'
import { parseError } from '../shared/parse-error.ts'
import { MGA_NUMBER_IN_PROSE } from './licence-number.ts'

type Kind = { actionType: RegulatoryActionType; statusEffect: ParsedAction['statusEffect'] }

/** Ordered: the strongest measure named in a notice decides its type. */
const KINDS: [RegExp, Kind][] = [
	[/\bcancel(?:led|ed|lation)\b|\brevok(?:ed|e)\b|\brevocation\b/i, { actionType: 'revocation', statusEffect: 'revoked' }],
	[/\bsuspend(?:ed|s)?\b|\bsuspension\b/i, { actionType: 'licence_suspension', statusEffect: 'suspended' }],
	[/\bregulatory settlement\b/i, { actionType: 'settlement', statusEffect: null }],
	[/\badministrative (?:penalty|fine)\b|\bfined?\b|\bpenalty\b/i, { actionType: 'fine', statusEffect: null }],
	[/\bwarning\b/i, { actionType: 'warning', statusEffect: null }]
]

const SUFFIX = String.raw`(?:Ltd|Limited|p\.l\.c\.|plc|PLC|N\.V\.|B\.V\.|s\.r\.o\.|S\.A\.|AB|LLC|Inc)\.?`
// A company name: capitalised words (or &) ending in a company-form suffix, after the verb's preposition.
const NAMED_COMPANY = new RegExp(
	String.raw`\b(?:awarded to|on|held by|with|against|to)\s+((?:(?:[A-Z0-9][\w'’.-]*|&)\s+){0,8}?${SUFFIX})(?=[\s,(]|$)`
)

function keyPart(value: string): string {
	return value
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
}

function noticeBlocks(root: ParentNode): { heading: string; dateText: string; body: string }[] {
	const notices = Array.from(root.querySelectorAll('.enforcement-notice, article'))
	if (notices.length > 0) {
		return notices.map((notice) => ({
			heading: textOf(notice.querySelector('h2, h3, h4')),
			dateText: textOf(notice.querySelector('.notice-date, time')),
			body: Array.from(notice.querySelectorAll('p:not(.notice-date)')).map(textOf).join(' ')
		}))
	}
	return Array.from(root.querySelectorAll('h3')).map((heading) => {
		const parts: string[] = []
		for (let node = heading.nextElementSibling; node && node.tagName !== 'H3'; node = node.nextElementSibling) parts.push(textOf(node))
		return { heading: textOf(heading), dateText: '', body: parts.join(' ') }
	})
}

/**
 * Parses the MGA enforcement register (narrative notices). The entity is the company the prose
 * names after the measure's preposition ("awarded to", "on", "held by", "with"), else the
 * heading's part after its dash. The decision date is the effective date when the notice states one, else the
 * notice's date, else the first date in the prose.
 */
export function parseMgaEnforcement(files: FetchedFile[]): ParsedEnforcement {
	return parseEnforcementFiles('MGA', files, (file, sourceIndex, { actions, warnings }) => {
		const document = readHtml(file)
		if (!/enforcement/i.test(textOf(document.querySelector('h1')) + textOf(document.querySelector('title')))) {
			throw parseError('unexpected_format', 'not the MGA enforcement register', file)
		}
		for (const notice of noticeBlocks(document.querySelector('main') ?? document)) {
			const text = `${notice.heading}. ${notice.body}`
			const kind = KINDS.find(([pattern]) => pattern.test(text))?.[1]
			const entityName = NAMED_COMPANY.exec(notice.body)?.[1]?.trim() ?? /\s[–-]\s(.+)$/.exec(notice.heading)?.[1]?.trim() ?? ''
			if (!kind || entityName === '') {
				warnings.push(`${file.url}: notice "${notice.heading}" names no measure or entity, skipped`)
				continue
			}
			const effective = /\b(?:effective (?:as of|from)|with effect from)\s+([^,;()]+?\d{4})/i.exec(notice.body)?.[1]
			const decisionDate =
				parseRegisterDate(effective) ?? parseRegisterDate(notice.dateText) ?? findDatesInProse(notice.body)[0]?.date ?? null
			const money = kind.actionType === 'fine' || kind.actionType === 'settlement' ? findMoney(notice.body) : null
			actions.push({
				upstreamKey: `${keyPart(entityName)}|${decisionDate ?? 'undated'}|${kind.actionType}`,
				entityName,
				licenseNumbers: [...notice.body.matchAll(MGA_NUMBER_IN_PROSE)].map((m) => m[0]),
				actionType: kind.actionType,
				amountMinorUnits: money?.amountMinorUnits ?? null,
				currency: money?.currency ?? null,
				decisionDate,
				summary: notice.body,
				statusEffect: kind.statusEffect,
				sourceIndex
			})
		}
	})
}
