import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { NAME_MATCH_LOW, nameSimilarity, operatorsNamedExactly, scoreNames } from './name-matching.ts'
import type { NameEntry } from './index-model.ts'
import { labelKey } from './names.ts'
import { buildIndex } from './build-index.ts'
import { buildNameScan } from './name-search.ts'
import { index, licence, operator, rows } from './test-support/index-rows.ts'

const WORDS = [
	'bet',
	'casino',
	'royal',
	'lucky',
	'star',
	'spin',
	'gold',
	'play',
	'vegas',
	'win',
	'jack',
	'crown',
	'ace',
	'tiger',
	'sun',
	'365',
	'7'
]

/** The plain scan the prefilter must agree with: best score per operator at or above NAME_MATCH_LOW. */
function scanEveryName(world: ReturnType<typeof index>, key: string): Map<string, number> {
	const best = new Map<string, number>()
	for (const shard of world.shards.values()) {
		for (const name of shard.names) {
			const score = nameSimilarity(key, name.key)
			if (score >= NAME_MATCH_LOW && score > (best.get(name.operator.id) ?? -1)) best.set(name.operator.id, score)
		}
	}
	return best
}

/** scoreNames' contract written out as a scan of every name: best per operator (score, trading first, slug; earlier name on a tie), best first. */
function scoreEveryName(world: ReturnType<typeof index>, key: string): ReturnType<typeof flatten>[] {
	type Scored = { name: NameEntry; score: number }
	const better = (a: Scored, b: Scored) =>
		b.score - a.score ||
		(a.name.kind === b.name.kind ? 0 : a.name.kind === 'trading' ? -1 : 1) ||
		(a.name.operator.slug < b.name.operator.slug ? -1 : a.name.operator.slug > b.name.operator.slug ? 1 : 0)
	const best = new Map<string, Scored>()
	for (const code of world.order) {
		for (const name of world.shards.get(code)?.names ?? []) {
			const score = nameSimilarity(key, name.key)
			const previous = best.get(name.operator.id)
			if (score >= NAME_MATCH_LOW && (!previous || better({ name, score }, previous) < 0)) best.set(name.operator.id, { name, score })
		}
	}
	return [...best.values()].sort(better).map(flatten)
}

const flatten = ({ name, score }: { name: NameEntry; score: number }) => ({
	operator: name.operator.id,
	name: name.name,
	kind: name.kind,
	jurisdiction: name.jurisdiction,
	score
})

type Edit = [number, number, string]
/** A few typos away from `key` (delete, insert, replace), so queries land near the thresholds. */
const typo = (key: string, edits: readonly Edit[]) =>
	edits.reduce((out, [kind, at, char]) => {
		const i = out.length === 0 ? 0 : at % out.length
		return kind === 0
			? out.slice(0, i) + out.slice(i + 1)
			: kind === 1
				? out.slice(0, i) + char + out.slice(i)
				: out.slice(0, i) + char + out.slice(i + 1)
	}, key)

describe('scoreNames prefilter', () => {
	test('skips names by a character-count bound yet finds exactly what scanning every name finds', () => {
		const nameArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
		fc.assert(
			fc.property(
				fc.uniqueArray(nameArb, { minLength: 1, maxLength: 40 }),
				fc.array(fc.oneof(nameArb, fc.stringMatching(/^[a-z0-9]{1,16}$/)), { minLength: 1, maxLength: 20 }),
				(names, keys) => {
					const operators = names.map((name, i) => operator(`op-${i}`, name))
					const world = index({
						operators,
						licences: operators.map((owner, i) => licence(owner, { license_number: `L-${i}` })),
						tradingNames: operators.map((owner, i) => ({ operator_id: owner.id, jurisdiction_code: 'UKGC', name: `${names[i]}x` }))
					})
					for (const key of keys) {
						const expected = scanEveryName(world, key)
						const found = scoreNames(world, key, Number.POSITIVE_INFINITY)
						expect(new Map(found.map((scored) => [scored.name.operator.id, scored.score]))).toEqual(expected)
					}
				}
			),
			{ numRuns: 150 }
		)
	})

	test('the indexed search gives the same ranked names, kinds and registers as scoring every name, in worlds large enough to be indexed', () => {
		const nameArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''))
		const edits = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom('a', 'e', 's', '7', 'x')), { maxLength: 3 })
		const codes = ['UKGC', 'MGA', 'CW']
		fc.assert(
			fc.property(
				fc.array(fc.tuple(nameArb, nameArb, fc.nat({ max: 2 })), { minLength: 60, maxLength: 120 }),
				fc.array(fc.oneof(nameArb, fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.tuple(fc.nat(), edits)), { minLength: 1, maxLength: 15 }),
				(spec, queries) => {
					const operators = spec.map(([display], i) => operator(`op-${i}`, display, `${display} Gaming Ltd`))
					const world = index({
						operators,
						licences: operators.map((owner, i) =>
							licence(owner, { license_number: `L-${i}`, jurisdiction_code: codes[(spec[i]?.[2] ?? 0) % 3] ?? 'UKGC' })
						),
						tradingNames: operators.map((owner, i) => ({
							operator_id: owner.id,
							jurisdiction_code: codes[((spec[i]?.[2] ?? 0) + 1) % 3] ?? 'UKGC',
							name: spec[i]?.[1] ?? 'x'
						}))
					})
					for (const raw of queries) {
						const key = typeof raw === 'string' ? raw : typo(spec[raw[0] % spec.length]?.[1] ?? '', raw[1])
						expect(scoreNames(world, key, Number.POSITIVE_INFINITY).map(flatten)).toEqual(scoreEveryName(world, key))
					}
				}
			),
			{ numRuns: 120 }
		)
	})

	test('with a limit, returns exactly the first entries of the ranking of every name, also where scores tie at the last place', () => {
		const compound = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''))
		// Stems near MIN_FUZZY_LENGTH, repeated letters and marks that fold away ("Café" is "cafe").
		const stem = fc.oneof(
			compound,
			fc.stringMatching(/^[a-z]{3,5}$/),
			fc.stringMatching(/^[ab]{2,9}$/),
			fc.string({ unit: fc.constantFrom('a', 'b', 'e', 'é', 'ł', 'ß'), minLength: 3, maxLength: 8 })
		)
		const edits = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom('a', 'e', 's', '7', 'x')), { maxLength: 2 })
		// A few stems shared by many operators, so their names score alike and only kind and slug order them.
		const operatorSpec = fc.record({
			display: fc.nat(),
			trading: fc.option(fc.tuple(fc.nat(), edits)),
			legal: fc.boolean(),
			register: fc.nat()
		})
		const codes = ['UKGC', 'MGA', 'CW']
		fc.assert(
			fc.property(
				fc.uniqueArray(stem, { minLength: 1, maxLength: 8 }),
				fc.array(operatorSpec, { minLength: 1, maxLength: 60 }),
				fc.boolean(),
				fc.array(fc.oneof(fc.tuple(fc.nat(), edits), stem, fc.string({ unit: fc.constantFrom('a', 'b', 'é', '7'), maxLength: 6 })), {
					minLength: 1,
					maxLength: 10
				}),
				fc.integer({ min: 1, max: 8 }),
				(stems, specs, slugsDescending, queries, limit) => {
					const stemOf = (n: number) => stems[n % stems.length] ?? 'x'
					const operators = specs.map(({ display, legal }, i) => {
						// Slugs ascending or descending against register order, so the slug tie-break cuts both ways.
						const slug = `op-${String(slugsDescending ? specs.length - i : i).padStart(3, '0')}`
						return legal ? operator(slug, stemOf(display), `${stemOf(display + 1)} Ltd`) : operator(slug, stemOf(display))
					})
					const world = index({
						operators,
						licences: operators.map((owner, i) =>
							licence(owner, { license_number: `L-${i}`, jurisdiction_code: codes[(specs[i]?.register ?? 0) % 3] ?? 'UKGC' })
						),
						tradingNames: specs.flatMap(({ trading, register }, i) =>
							trading && operators[i]
								? [
										{
											operator_id: operators[i].id,
											jurisdiction_code: codes[(register + 1) % 3] ?? 'UKGC',
											name: typo(stemOf(trading[0]), trading[1])
										}
									]
								: []
						)
					})
					for (const raw of queries) {
						const key = typeof raw === 'string' ? raw : typo(labelKey(stemOf(raw[0])), raw[1])
						expect(scoreNames(world, key, limit).map(flatten)).toEqual(scoreEveryName(world, key).slice(0, limit))
					}
				}
			),
			{ numRuns: 300 }
		)
	})

	test('answers the first entries of the ranking whatever bar its first pass is guessed at: below, exactly at or above the bar the check ends at', () => {
		// Many operators share a stem, so a query a few typos from it fills a limit with close scores; the
		// guess is the last place's score itself (the guessed round is enough), a hair above it (the first
		// pass must be visited again at the check's own bar), or anywhere between NAME_MATCH_LOW and 1.
		const stemmed = fc.tuple(fc.constantFrom(...WORDS), fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }))
		const edits = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom('a', 'e', 's', '7', 'x')), { maxLength: 2 })
		const codes = ['UKGC', 'MGA', 'CW']
		fc.assert(
			fc.property(
				fc.array(fc.tuple(stemmed, fc.nat({ max: 2 })), { minLength: 20, maxLength: 90 }),
				fc.array(fc.tuple(fc.nat(), edits), { minLength: 1, maxLength: 6 }),
				fc.integer({ min: 1, max: 8 }),
				fc.array(fc.oneof(fc.constant('ending'), fc.constant('above'), fc.double({ min: NAME_MATCH_LOW, max: 1, noNaN: true })), {
					minLength: 1,
					maxLength: 3
				}),
				(specs, queries, limit, guesses) => {
					const operators = specs.map(([[stem, rest]], i) => operator(`op-${i}`, [stem, ...rest].join(' ')))
					const world = index({
						operators,
						licences: operators.map((owner, i) =>
							licence(owner, { license_number: `L-${i}`, jurisdiction_code: codes[specs[i]?.[1] ?? 0] ?? 'UKGC' })
						)
					})
					// The same names in a scan of two passes, the first one the query's first character only.
					const inTwoPasses = { ...world, nameScan: buildNameScan(world.nameScan.sources, 0) }
					for (const [pick, typos] of queries) {
						const key = typo(labelKey(operators[pick % operators.length]?.display_name ?? ''), typos)
						const expected = scoreEveryName(world, key).slice(0, limit)
						const ending = expected.length === limit ? (expected[limit - 1]?.score ?? 0) : 0
						for (const guess of guesses) {
							const bar = guess === 'ending' ? ending : guess === 'above' ? ending + 1e-9 : guess
							for (const scanned of [world, inTwoPasses]) expect(scoreNames(scanned, key, limit, bar).map(flatten)).toEqual(expected)
						}
					}
				}
			),
			{ numRuns: 200 }
		)
	})

	test('a name scoring exactly the last place of the answer still takes it on the tie-break', () => {
		// Five operators' legal names "Lucky Star" (UKGC, scanned first) fill a limit of five and set the bar
		// at their score against "luckystarx"; a later trading name "Lucky Star" (MGA) scores exactly the
		// bar and takes first place on kind (trading before legal) and slug.
		const legalOnly = ['op-b', 'op-c', 'op-d', 'op-e', 'op-f'].map((slug) => operator(slug, 'Lucky Star'))
		const late = operator('op-a', 'Other Name')
		const operators = [...legalOnly, late]
		const world = index({
			operators,
			licences: operators.map((owner, i) => licence(owner, { license_number: `L-${i}` })),
			tradingNames: [{ operator_id: late.id, jurisdiction_code: 'MGA', name: 'Lucky Star' }]
		})
		const ranked = scoreNames(world, 'luckystarx', 5)
		expect(ranked.map(({ name }) => [name.operator.slug, name.kind, name.jurisdiction])).toEqual([
			['op-a', 'trading', 'MGA'],
			['op-b', 'legal', 'UKGC'],
			['op-c', 'legal', 'UKGC'],
			['op-d', 'legal', 'UKGC'],
			['op-e', 'legal', 'UKGC']
		])
		expect(ranked.map(flatten)).toEqual(scoreEveryName(world, 'luckystarx').slice(0, 5))
	})

	test('operators tied on score and kind are ranked by slug in code-point order, whatever the locale collates first', () => {
		// A locale's collation puts "op-a" before "Op-b" (a before b, case second); code points put "O" before "o".
		const operators = [operator('op-a', 'Lucky Star'), operator('Op-b', 'Lucky Star')]
		const world = index({ operators, licences: operators.map((owner, i) => licence(owner, { license_number: `L-${i}` })) })
		expect(scoreNames(world, 'luckystarx', 2).map(({ name }) => name.operator.slug)).toEqual(['Op-b', 'op-a'])
	})

	test('an operator whose best name improves still counts once toward the bar', () => {
		// "luckystars" (UKGC) and then "luckystar" (MGA, equal to the query) are the same operator's; the
		// second place goes to "uckystar", scanned last and scoring below both.
		const twice = operator('op-a', 'Lucky Stars')
		const other = operator('op-b', 'Ucky Star')
		const world = index({
			operators: [twice, other],
			licences: [licence(twice, { license_number: 'A-1' }), licence(other, { license_number: 'B-1', jurisdiction_code: 'CW' })],
			tradingNames: [{ operator_id: twice.id, jurisdiction_code: 'MGA', name: 'Lucky Star' }]
		})
		const ranked = scoreNames(world, 'luckystar', 2)
		expect(ranked.map(({ name }) => [name.operator.slug, name.key])).toEqual([
			['op-a', 'luckystar'],
			['op-b', 'uckystar']
		])
		expect(ranked.map(flatten)).toEqual(scoreEveryName(world, 'luckystar').slice(0, 2))
	})

	test("of an operator's equally scoring names the answer names the first in the index's order (its names by listing, then text), not the first scanned nor the first read", () => {
		// The scan meets "luckystary" before "luckystarz" (keys in order), and its row is read first; in code points "Lucky Starz" comes first.
		const owner = operator('op-a', 'Other Name')
		const world = index({
			operators: [owner],
			licences: [licence(owner, { license_number: 'A-1' })],
			tradingNames: [
				{ operator_id: owner.id, jurisdiction_code: 'UKGC', name: 'lucky stary' },
				{ operator_id: owner.id, jurisdiction_code: 'UKGC', name: 'Lucky Starz' }
			]
		})
		expect(scoreNames(world, 'luckystarx', 1).map(({ name }) => name.name)).toEqual(['Lucky Starz'])
	})

	test("an operator's equal names in several registers, scanned as one key, give the name in the register first in register order", () => {
		// "Lucky Stars" is one key of the scan held by three registers. CW comes first in register order
		// though its shard was built last; op-a's names in MGA and CW tie, op-b's only name is in UKGC.
		const a = operator('op-a', 'Other Name')
		const b = operator('op-b', 'Another Name')
		const fixture = rows({
			operators: [a, b],
			licences: [licence(a, { license_number: 'A-1' }), licence(b, { license_number: 'B-1', jurisdiction_code: 'KH' })],
			tradingNames: [
				{ operator_id: a.id, jurisdiction_code: 'MGA', name: 'Lucky Stars' },
				{ operator_id: a.id, jurisdiction_code: 'CW', name: 'Lucky Stars' },
				{ operator_id: b.id, jurisdiction_code: 'UKGC', name: 'Lucky Stars' }
			]
		})
		const world = buildIndex({
			...fixture,
			jurisdictions: fixture.jurisdictions.map((row) => (row.code === 'CW' ? { ...row, position: 0 } : row))
		})
		expect(world.order[0]).toBe('CW')
		const ranked = scoreNames(world, 'luckystar', 2)
		expect(ranked.map(({ name }) => [name.operator.slug, name.jurisdiction])).toEqual([
			['op-a', 'CW'],
			['op-b', 'UKGC']
		])
		expect(ranked.map(flatten)).toEqual(scoreEveryName(world, 'luckystar').slice(0, 2))
	})

	test('operatorsNamedExactly finds every operator carrying the key, across registers', () => {
		const a = operator('alpha-one', 'Lucky Star')
		const b = operator('alpha-two', 'Lucky Star Ltd')
		const c = operator('other', 'Gold Spin')
		const world = index({
			operators: [a, b, c],
			licences: [
				licence(a, { license_number: 'A-1' }),
				licence(b, { license_number: 'B-1', jurisdiction_code: 'MGA' }),
				licence(c, { license_number: 'C-1' })
			]
		})
		expect(operatorsNamedExactly(world, 'luckystar')).toEqual(new Set([a.id, b.id]))
		expect(operatorsNamedExactly(world, 'nothing')).toEqual(new Set())
	})
})
