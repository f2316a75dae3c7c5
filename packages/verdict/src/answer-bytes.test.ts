import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { batchRowBytes, checkDomainBytes } from './answer-bytes.ts'
import { answerFragments } from './answer-fragments.ts'
import { buildIndex, replaceJurisdiction } from './build-index.ts'
import { batchRow } from './check-batch.ts'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { CheckIndex } from './index-model.ts'
import {
	type DomainLinkRow,
	LICENCE_STATUSES,
	LINK_STATUSES,
	type LicenceRow,
	type OperatorRow,
	type RegisterRows,
	type TradingNameRow
} from './rows.ts'
import { HOUR, JURISDICTIONS, licence, link, NOW, operator, rows } from './test-support/index-rows.ts'

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const CODES = JURISDICTIONS.map(({ code }) => code)
const WORDS = ['royal', 'lucky', 'star', 'spin', 'gold', 'vegas', 'crown', 'tiger', 'queen', 'hawk', 'bet', 'casino', 'win']
/** Text a JSON string must escape or carry as more than one byte a character. */
const AWKWARD = ['"', '\\', '\u0001', '\u2028', 'é', 'Kahnawà:ke', '€', '😀', '\t', '</script>']

const awkwardText = fc
	.array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...AWKWARD)), { minLength: 1, maxLength: 4 })
	.map((parts) => parts.join(' '))
const wordsName = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
const tradingStatus = fc.constantFrom('Active', 'Inactive', null)
/** Ways a register may print one trading name: each gives the same match key. */
const SPELLINGS = ['words', 'capitals', 'hyphens', 'joined'] as const
type Spelling = (typeof SPELLINGS)[number]
const spell = (words: readonly string[], spelling: Spelling) =>
	spelling === 'capitals'
		? words.join(' ').toUpperCase()
		: spelling === 'hyphens'
			? words.join('-')
			: spelling === 'joined'
				? words.join('')
				: words.join(' ')

type World = { rows: RegisterRows; operators: OperatorRow[]; licences: LicenceRow[] }

const worldArbitrary = fc
	.record({
		operators: fc.array(
			fc.record({
				words: wordsName,
				extra: fc.option(awkwardText, { nil: undefined }),
				trading: fc.array(
					fc.record({
						words: wordsName,
						extra: fc.option(awkwardText, { nil: undefined }),
						code: fc.constantFrom(...CODES),
						status: tradingStatus,
						spelling: fc.constantFrom(...SPELLINGS),
						// A last letter that makes names of one operator score alike against a query one letter off both.
						tail: fc.constantFrom('', 'q', 'w'),
						// The same name again under another spelling (case, punctuation): one match key, two rows.
						twin: fc.option(fc.record({ spelling: fc.constantFrom(...SPELLINGS), status: tradingStatus, printed: fc.boolean() }), {
							nil: null
						}),
						// False: a name the register's latest read no longer prints.
						printed: fc.boolean()
					}),
					{ maxLength: 3 }
				),
				licences: fc.array(
					fc.record({
						code: fc.constantFrom(...CODES),
						// A number another licence may carry too (another record of the register, another operator's).
						number: fc.constantFrom('own', 'shared'),
						listedHoursAgo: fc.constantFrom(1, 5),
						status: fc.constantFrom(...LICENCE_STATUSES),
						provisional: fc.boolean(),
						ours: fc.boolean(),
						upstream: fc.option(awkwardText, { nil: null }),
						sourceUrl: fc.option(fc.constant('https://register.example/"quoted"?a=1&b=é'), { nil: null }),
						expiry: fc.option(fc.constant('2027-03-01'), { nil: null }),
						listed: fc.option(fc.constantFrom(...LINK_STATUSES), { nil: null })
					}),
					{ maxLength: 2 }
				)
			}),
			{ minLength: 1, maxLength: 8 }
		),
		readHoursAgo: fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), { minLength: CODES.length, maxLength: CODES.length })
	})
	.map(({ operators: drawn, readHoursAgo }): World => {
		const operators: OperatorRow[] = []
		const licences: LicenceRow[] = []
		const tradingNames: TradingNameRow[] = []
		const links: DomainLinkRow[] = []
		drawn.forEach((drawnOperator, at) => {
			const name = [...drawnOperator.words, drawnOperator.extra ?? ''].join(' ').trim()
			const owner = operator(`op-${at}`, name, `${name} Holdings "${at}" Ltd`)
			operators.push(owner)
			for (const trading of drawnOperator.trading) {
				const words = [...trading.words.slice(0, -1), `${trading.words.at(-1)}${trading.tail}`]
				const spelled = (spelling: Spelling) => `${spell(words, spelling)} ${trading.extra ?? ''}`.trim()
				const add = (name: string, status: string | null, printed: boolean) => {
					const listed = { operator_id: owner.id, jurisdiction_code: trading.code }
					const not_listed_since = printed ? null : new Date(NOW.getTime() - 5 * HOUR)
					if (!tradingNames.some((row) => row.operator_id === owner.id && row.jurisdiction_code === trading.code && row.name === name))
						tradingNames.push({ ...listed, name, status, not_listed_since })
				}
				add(spelled(trading.spelling), trading.status, trading.printed)
				if (trading.twin) add(spelled(trading.twin.spelling), trading.twin.status, trading.twin.printed)
			}
			drawnOperator.licences.forEach((drawnLicence, number) => {
				const held = licence(owner, {
					jurisdiction_code: drawnLicence.code,
					license_number: drawnLicence.number === 'shared' ? `${drawnLicence.code}-SHARED` : `${drawnLicence.code}-${at}-${number}`,
					last_listed_at: new Date(NOW.getTime() - drawnLicence.listedHoursAgo * HOUR),
					status: drawnLicence.status,
					status_qualifier: drawnLicence.provisional ? 'provisional_under_assessment' : null,
					license_reference_is_ours: drawnLicence.ours,
					upstream_status: drawnLicence.upstream,
					status_source_url: drawnLicence.sourceUrl,
					expiry_date: drawnLicence.expiry,
					not_listed_since: drawnLicence.status === 'not_in_register' ? new Date(NOW.getTime() - 5 * HOUR) : null
				})
				licences.push(held)
				if (drawnLicence.listed) links.push(link(owner, `${drawnOperator.words.join('')}.com`, held, { link_status: drawnLicence.listed }))
			})
		})
		const readAt = Object.fromEntries(
			CODES.map((code, at) => {
				const hours = readHoursAgo[at]
				return [code, hours === null || hours === undefined ? null : new Date(NOW.getTime() - hours * HOUR)]
			})
		)
		return { rows: rows({ operators, licences, tradingNames, links, readAt }), operators, licences }
	})

/** Hosts near the world's names, listed hosts, generic terms, unicode and forms normalised with an input. */
const queryArbitrary = fc.oneof(
	wordsName.map((words) => `${words.join('')}.com`),
	wordsName.map((words) => `promo.${words.join('')}.com`),
	fc.tuple(wordsName, fc.constantFrom('x', 'zz', '1', '-online')).map(([words, typo]) => `${words.join('')}${typo}.net`),
	fc.tuple(wordsName, fc.constantFrom('.CO.UK.', 'É.com', '.com.')).map(([words, tail]) => `${words.join('').toUpperCase()}${tail}`),
	fc.constantFrom('casino.com', 'bet.org', 'www.royalgold.com', 'promo.luckystar.com', 'xn--brnd-loa.com', 'a.b', 'nothing-alike.org')
)

const asJson = (value: unknown) => decoder.decode(encoder.encode(JSON.stringify(value)))

/** The bytes both ways, or the error both ways throw. */
function checkBoth(index: CheckIndex, query: string, now: Date): { written: string; serialised: string } {
	let serialised: string
	try {
		serialised = asJson(checkDomain(index, query, { now }))
	} catch (error) {
		expect(() => checkDomainBytes(index, query, now)).toThrow(error as Error)
		return { written: '', serialised: '' }
	}
	const { bytes, verdict } = checkDomainBytes(index, query, now)
	expect(verdict).toBe(JSON.parse(serialised).verdict)
	return { written: decoder.decode(bytes), serialised }
}

function expectSameAnswers(index: CheckIndex, queries: readonly (string | number)[], now: Date): void {
	for (const query of queries) {
		if (typeof query === 'string') {
			const { written, serialised } = checkBoth(index, query, now)
			expect(written).toBe(serialised)
		}
		const row = batchRow(index, query, now)
		const written = batchRowBytes(index, query, now)
		expect(decoder.decode(written.bytes)).toBe(asJson(row))
		expect(written.verdict).toBe('verdict' in row ? row.verdict : undefined)
	}
}

describe('answers written from parts', () => {
	test('are the bytes of JSON.stringify of the answer, for every verdict, register state, instant and query', () => {
		fc.assert(
			fc.property(
				worldArbitrary,
				fc.array(fc.oneof(queryArbitrary, fc.constant(7)), { minLength: 1, maxLength: 12 }),
				fc.array(fc.integer({ min: -2, max: 80 }), { minLength: 1, maxLength: 4 }),
				(world, queries, hourOffsets) => {
					const index = buildIndex(world.rows)
					const listed = world.rows.domainLinks.flatMap(({ hostname }) => [hostname, `promo.${hostname}`])
					const asked = [...queries, ...listed]
					// Twice at each instant (parts kept are reused), and at instants across registers going stale, back and forth.
					for (const hours of hourOffsets) {
						const now = new Date(NOW.getTime() + hours * HOUR)
						expectSameAnswers(index, asked, now)
						expectSameAnswers(index, asked, now)
					}
				}
			),
			{ numRuns: 100 }
		)
	}, 60_000)

	test('after a snapshot swap are the new snapshot’s, never the parts kept for the one before', () => {
		fc.assert(
			fc.property(
				worldArbitrary,
				fc.array(queryArbitrary, { minLength: 1, maxLength: 10 }),
				fc.constantFrom(...CODES),
				fc.constantFrom(...LICENCE_STATUSES),
				(world, queries, code, status) => {
					const before = buildIndex(world.rows)
					expectSameAnswers(before, queries, NOW)
					// One register re-read with every licence in it at another status and operators renamed in it.
					const changed: RegisterRows = {
						...world.rows,
						licences: world.licences.map((held) =>
							held.jurisdiction_code === code ? { ...held, status, upstream_status: `now ${status} "é"` } : held
						),
						tradingNames: world.rows.tradingNames.map((name) =>
							name.jurisdiction_code === code ? { ...name, name: `${name.name}s` } : name
						)
					}
					const swapped = replaceJurisdiction(before, code, changed)
					expectSameAnswers(swapped, queries, NOW)
					// A read that changes nothing but its time: the same rows rebuilt with the newer read.
					const rereadAt = new Date(NOW.getTime() - 2 * HOUR)
					const reread = replaceJurisdiction(swapped, code, {
						...changed,
						registerStatus: changed.registerStatus.map((status) =>
							status.jurisdiction_code === code ? { ...status, last_successful_read_at: rereadAt } : status
						)
					})
					expectSameAnswers(reread, queries, NOW)
				}
			),
			{ numRuns: 100 }
		)
	}, 60_000)

	test('are the same bytes when the parts outgrow their arena and are written again', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.array(queryArbitrary, { minLength: 1, maxLength: 20 }), (world, queries) => {
				const index = buildIndex(world.rows)
				answerFragments(index, NOW, 1_024)
				for (let round = 0; round < 3; round++) expectSameAnswers(index, queries, NOW)
			}),
			{ numRuns: 100 }
		)
	}, 60_000)
})

describe('answers of two replicas on one register state', () => {
	test('are the same bytes whatever order the rows arrived in (each replica reads them in its own order)', () => {
		const reversed = <T>(items: readonly T[]) => [...items].reverse()
		const bytesOf = (index: CheckIndex, query: string) => {
			try {
				return decoder.decode(checkDomainBytes(index, query, NOW).bytes)
			} catch (error) {
				return String(error)
			}
		}
		fc.assert(
			fc.property(worldArbitrary, fc.array(queryArbitrary, { minLength: 1, maxLength: 12 }), (world, queries) => {
				const rows = world.rows
				const inOrder = buildIndex(rows)
				const backwards = buildIndex({
					...rows,
					operators: reversed(rows.operators),
					tradingNames: reversed(rows.tradingNames),
					licences: reversed(rows.licences),
					licenseNumberVersions: reversed(rows.licenseNumberVersions),
					domainLinks: reversed(rows.domainLinks)
				})
				for (const query of [...queries, ...rows.domainLinks.map(({ hostname }) => hostname)])
					expect(bytesOf(backwards, query)).toBe(bytesOf(inOrder, query))
				for (const { license_number } of world.licences)
					expect(asJson(checkLicenseNumber(backwards, license_number, { now: NOW }))).toBe(
						asJson(checkLicenseNumber(inOrder, license_number, { now: NOW }))
					)
			}),
			{ numRuns: 100 }
		)
	}, 60_000)
})

describe('related_hosts', () => {
	test('names a host listed twice under one operator (two licences, one listing delisted) by its active listing, whatever order the rows arrived in', () => {
		const win = operator('win', 'Win')
		const current = licence(win, { license_number: 'CW-1', jurisdiction_code: 'CW' })
		const earlier = licence(win, { license_number: 'CW-2', jurisdiction_code: 'CW' })
		const links = [link(win, 'win.com', current), link(win, 'win.com', earlier, { link_status: 'delisted' })]
		for (const order of [links, [...links].reverse()]) {
			const answer = checkDomain(buildIndex(rows({ operators: [win], licences: [current, earlier], links: order })), 'promo.win.com', {
				now: NOW
			})
			expect(answer.related_hosts).toEqual([{ hostname: 'win.com', link_status: 'active', jurisdiction: 'CW', operator_slug: 'win' }])
		}
	})
})

/** Every order of `items`. */
const permutations = <T>(items: readonly T[]): T[][] =>
	items.length <= 1
		? [[...items]]
		: items.flatMap((item, at) => permutations([...items.slice(0, at), ...items.slice(at + 1)]).map((rest) => [item, ...rest]))

describe('a name match', () => {
	const crown = operator('crown', 'Crown Holdings')
	const held = licence(crown, { license_number: '000777-R-000777-001' })
	const named = (tradingNames: TradingNameRow[], query: string) =>
		permutations(tradingNames).map((order) => {
			const answer = checkDomain(buildIndex(rows({ operators: [crown], licences: [held], tradingNames: order })), query, { now: NOW })
			return { detail: answer.verdict_detail, matched: answer.match?.operator_slug }
		})
	const trading = (name: string, status: string | null, not_listed_since: Date | null = null): TradingNameRow => ({
		operator_id: crown.id,
		jurisdiction_code: 'UKGC',
		name,
		status,
		not_listed_since
	})

	test("quotes, of one operator's trading names differing only in case or punctuation, the one listed active, then the first in code-point order, whatever order the rows arrived in", () => {
		const answers = named(
			[trading('Royal Star', 'Inactive'), trading('royal star', 'Active'), trading('ROYAL-STAR', 'Active')],
			'royalstar.com'
		)
		for (const answer of answers) {
			expect(answer.matched).toBe('crown')
			expect(answer.detail).toContain('closely resembles "ROYAL-STAR", a trading name of Crown Holdings')
		}
	})

	test("quotes, of one operator's trading names scoring alike against the domain, the one listed active, whatever order the rows arrived in", () => {
		// "luckyspim" and "luckyspit" are one letter from "luckyspin" at the same place: equal scores, different keys.
		const answers = named([trading('Lucky Spim', 'Active'), trading('Lucky Spit', 'Inactive')], 'luckyspin.com')
		for (const answer of answers) expect(answer.detail).toContain('closely resembles "Lucky Spim", a trading name of Crown Holdings')
		const byText = named([trading('Lucky Spit', 'Active'), trading('Lucky Spim', 'Active')], 'luckyspin.com')
		for (const answer of byText) expect(answer.detail).toContain('closely resembles "Lucky Spim", a trading name of Crown Holdings')
	})

	test('never quotes a trading name the register no longer prints, though it was listed active; quotes it again once printed again', () => {
		const dropped = new Date(NOW.getTime() - 5 * HOUR)
		for (const answer of named([trading('Royal Star', 'Active', dropped), trading('Lucky Spin', 'Active')], 'royalstar.com'))
			expect(answer.detail).not.toContain('Royal Star')
		for (const answer of named([trading('Royal Star', 'Active', dropped), trading('ROYAL-STAR', 'Inactive')], 'royalstar.com'))
			expect(answer.detail).toContain('closely resembles "ROYAL-STAR", a trading name of Crown Holdings')
		for (const answer of named([trading('Royal Star', 'Active'), trading('Lucky Spin', 'Active')], 'royalstar.com'))
			expect(answer.detail).toContain('closely resembles "Royal Star", a trading name of Crown Holdings')
	})
})
